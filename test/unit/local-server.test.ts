import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request as httpRequest, type Server } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import type { Route } from '../../functions/routes';
import { MAX_REQUEST_BODY_BYTES, securityHeaders } from '../../infra/resources';
import { SHELL_PAGE, siteCacheControl } from '../../infra/site-files';
import { CONCURRENT_INVOCATIONS, createSiteServer } from '../../local/api-server';
import { TokenBucket } from '../../local/throttle';

const route = (method: Route['method'], path: string, extra: Partial<Route> = {}): Route => ({
  method,
  path,
  handler: path.slice(1).split('/')[0],
  access: 'public',
  grants: [],
  ...extra,
});
const testRoutes = [
  route('GET', '/echo'),
  route('POST', '/echo/{id}'),
  route('GET', '/boom'),
  route('GET', '/slow'),
  route('GET', '/limited', { throttle: { ratePerSecond: 1, burst: 2 } }),
  route('GET', '/pages/{id}', { page: true }),
];

let server: Server;
let base: string;
let clock = 0;
/** How many handlers run at this moment, and the most that ever did. */
const running = { now: 0, most: 0 };
const events: APIGatewayProxyEventV2[] = [];
const webDist = mkdtempSync(join(tmpdir(), 'site-'));
// cognito-local for sign-in, and s3rver (the endpoint below) for the administrator's uploads, the recordings and the videos.
const expectedHeaders = securityHeaders(['http://127.0.0.1:9229', 'http://127.0.0.1:1'], ['http://127.0.0.1:1']);
const siteConfig = {
  region: 'eu-west-2',
  userPoolId: 'local_pool',
  userPoolClientId: 'web-client',
  authFlow: 'USER_PASSWORD_AUTH' as const,
  cognitoEndpoint: 'http://127.0.0.1:9229',
  settings: { contactUrl: 'mailto:admin@breathwork.local', timeZone: 'Europe/London' },
};

beforeAll(async () => {
  mkdirSync(join(webDist, 'assets'));
  writeFileSync(join(webDist, 'index.html'), '<!doctype html><title>Home</title>');
  writeFileSync(join(webDist, 'birth-recordings.html'), '<!doctype html><title>Recordings</title>');
  writeFileSync(join(webDist, SHELL_PAGE), '<!doctype html><title>Shell</title>');
  writeFileSync(join(webDist, 'assets', 'app.js'), 'console.log(1)');
  writeFileSync(join(webDist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  // A config.json left in a build must not shadow the stack's own.
  writeFileSync(join(webDist, 'config.json'), '{"userPoolId":"stale"}');
  process.env.AWS_ENDPOINT_URL_COGNITO_IDENTITY_PROVIDER = 'http://127.0.0.1:9229';
  process.env.ORIGIN_VERIFY_SECRET = 'the-secret';
  server = createSiteServer({
    webDist,
    s3Endpoint: 'http://127.0.0.1:1',
    imagesBucket: 'images',
    viewerCountry: 'GB',
    routes: testRoutes,
    siteConfig,
    now: () => clock,
    invoke: async ({ handler }, event) => {
      if (handler === 'boom') throw new Error('the handler failed');
      if (handler === 'slow') {
        running.most = Math.max(running.most, ++running.now);
        await new Promise((resolve) => setTimeout(resolve, 200));
        running.now--;
      }
      events.push(event);
      return { statusCode: 200, headers: { 'content-type': 'application/json' }, body: JSON.stringify({ handler }) };
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  rmSync(webDist, { recursive: true, force: true });
});

/** Sends bytes as they are and returns the raw answer; the server closes the connection after it. */
function raw(text: string): Promise<string> {
  return new Promise((resolve) => {
    const socket = connect((server.address() as AddressInfo).port, '127.0.0.1');
    let answer = '';
    socket.on('data', (chunk) => (answer += chunk.toString('latin1')));
    socket.on('close', () => resolve(answer));
    socket.on('error', () => resolve(answer));
    socket.setTimeout(3000, () => socket.destroy());
    socket.write(text);
  });
}
const statusOf = (answer: string) => Number(answer.split(' ')[1]);

describe('the local CloudFront + API Gateway', () => {
  it('puts the security headers on every response: site, fallback, assets, API, 404s, errors', async () => {
    for (const path of ['/', '/sessions/01ABC', '/assets/app.js', '/api/echo', '/api/nowhere', '/api/boom', '/images/x.jpg']) {
      const response = await fetch(`${base}${path}`);
      for (const [name, value] of Object.entries(expectedHeaders))
        expect(response.headers.get(name), `${path} ${name}`).toBe(value);
    }
    expect(expectedHeaders['content-security-policy']).toContain("connect-src 'self' http://127.0.0.1:9229 http://127.0.0.1:1;");
    expect(await raw('GET /x HTTP/1.1\r\nbad header\r\n\r\n')).toContain(
      `content-security-policy: ${expectedHeaders['content-security-policy']}`,
    );
  });

  it("serves the site's run-time settings from the stack, never cached, with the security headers", async () => {
    const response = await fetch(`${base}/config.json`);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe(siteCacheControl.revalidated);
    expect(response.headers.get('content-type')).toBe('application/json');
    expect(response.headers.get('content-security-policy')).toBe(expectedHeaders['content-security-policy']);
    expect(await response.json()).toEqual(siteConfig);
    expect((await fetch(`${base}/config.json`, { method: 'POST' })).status).toBe(405);
  });

  it('serves the pre-rendered pages from their files and the page shell at every other app path, as CloudFront does', async () => {
    const page = async (path: string) => (await fetch(`${base}${path}`)).text();
    expect(await page('/')).toContain('<title>Home</title>');
    expect(await page('/birth-recordings')).toContain('<title>Recordings</title>');
    expect(await page('/birth-recordings?purchase=true')).toContain('<title>Recordings</title>');
    expect(await page('/birth-recordings/')).toContain('<title>Recordings</title>');
    for (const path of ['/birth-recordings/01ABC', '/index', '/shell']) {
      expect(await page(path), path).toContain('<title>Shell</title>');
    }
    expect((await fetch(`${base}/missing.js`)).status).toBe(404);
  });

  it('caches the site as the deployment uploads it: hashed files for a year, every other file asked again', async () => {
    const cacheControl = async (path: string) => {
      const response = await fetch(`${base}${path}`);
      expect(response.status, path).toBe(200);
      return response.headers.get('cache-control');
    };
    expect(await cacheControl('/assets/app.js')).toBe('public, max-age=31536000, immutable');
    for (const path of ['/', '/index.html', '/birth-recordings/01ABC', '/favicon.svg', '/config.json']) {
      expect(await cacheControl(path), path).toBe('no-cache');
    }
    expect(siteCacheControl).toEqual({ hashed: 'public, max-age=31536000, immutable', revalidated: 'no-cache' });
  });

  it('sends the handler the event API Gateway sends, with what CloudFront adds', async () => {
    events.length = 0;
    const response = await fetch(`${base}/api/echo/a%20b?x=1&x=2`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-origin-verify': 'forged' },
      body: '{"a":1}',
    });
    expect(response.status).toBe(200);
    const [event] = events;
    expect(event.routeKey).toBe('POST /api/echo/{id}');
    expect(event.requestContext.routeKey).toBe('POST /api/echo/{id}');
    expect(event.pathParameters).toEqual({ id: 'a b' });
    expect(event.queryStringParameters).toEqual({ x: '1,2' });
    expect(event.body).toBe('{"a":1}');
    expect(event.headers['x-origin-verify']).toBe('the-secret');
    expect(event.headers['cloudfront-viewer-country']).toBe('GB');
    expect(event.headers['cloudfront-viewer-address']).toMatch(/^127\.0\.0\.1:\d+$/);

    await fetch(`${base}/api/echo`, {
      headers: { 'cloudfront-viewer-address': '203.0.113.7:4242', 'cloudfront-viewer-country': 'FR' },
    });
    expect(events[1].headers).toMatchObject({
      'cloudfront-viewer-address': '203.0.113.7:4242',
      'cloudfront-viewer-country': 'FR',
    });
  });

  it('answers 404 Not Found for a method or path the API does not declare, and 500 when a handler throws', async () => {
    for (const [method, path] of [
      ['DELETE', '/api/echo'],
      ['GET', '/api/echo/1'],
      ['GET', '/api'],
    ]) {
      const response = await fetch(`${base}${path}`, { method });
      expect([response.status, await response.json()]).toEqual([404, { message: 'Not Found' }]);
    }
    const failed = await fetch(`${base}/api/boom`);
    expect([failed.status, await failed.json()]).toEqual([500, { message: 'Internal Server Error' }]);
  });

  it("sends every path of a page the API renders to the API, as CloudFront does: the page's handler, or API Gateway's 404", async () => {
    events.length = 0;
    const rendered = await fetch(`${base}/pages/01ABC`);
    expect([rendered.status, await rendered.json()]).toEqual([200, { handler: 'pages' }]);
    expect(events.map((event) => [event.routeKey, event.pathParameters])).toEqual([['GET /pages/{id}', { id: '01ABC' }]]);
    // Below the page's path, the site's shell is never served: CloudFront sends these to the API too.
    const undeclared = await fetch(`${base}/pages/01ABC/more`);
    expect([undeclared.status, await undeclared.json()]).toEqual([404, { message: 'Not Found' }]);
  });

  it("throttles each route with its catalogue's token bucket", async () => {
    const statuses = async (count: number) => {
      const result: number[] = [];
      for (let i = 0; i < count; i++) result.push((await fetch(`${base}/api/limited`)).status);
      return result;
    };
    expect(await statuses(3)).toEqual([200, 200, 429]);
    const refused = await fetch(`${base}/api/limited`);
    expect(await refused.json()).toEqual({ message: 'Too Many Requests' });
    expect((await fetch(`${base}/api/echo`)).status).toBe(200); // another route, another bucket
    clock += 1000;
    expect(await statuses(2)).toEqual([200, 429]);
  });

  it('runs only so many handlers at once in its one process; the rest wait their turn and are all answered', async () => {
    const requests = CONCURRENT_INVOCATIONS * 2 + 1;
    const statuses = await Promise.all(Array.from({ length: requests }, () => fetch(`${base}/api/slow`).then((r) => r.status)));
    expect(statuses).toEqual(Array(requests).fill(200));
    expect(running.most).toBe(CONCURRENT_INVOCATIONS);
  });

  it('refuses a body over the API Gateway limit with 413, declared or streamed, without reading it all', async () => {
    const declared = await raw(
      `POST /api/echo/1 HTTP/1.1\r\nhost: x\r\ncontent-type: application/json\r\ncontent-length: ${MAX_REQUEST_BODY_BYTES + 1}\r\n\r\n{"a":`,
    );
    expect(statusOf(declared)).toBe(413);
    expect(declared).toContain('{"message":"Request Entity Too Large"}');

    const streamed = await new Promise<{ status: number; body: string; sent: number }>((resolve, reject) => {
      let sent = 0;
      const request = httpRequest(`${base}/api/echo/1`, { method: 'POST', headers: { 'content-type': 'application/json' } });
      request.on('response', (response) => {
        let body = '';
        response.on('data', (chunk) => (body += chunk));
        response.on('end', () => resolve({ status: response.statusCode!, body, sent }));
      });
      request.on('error', reject);
      const chunk = Buffer.alloc(1024 * 1024, 'a');
      const write = () => {
        while (sent < 3 * MAX_REQUEST_BODY_BYTES && !request.destroyed) {
          sent += chunk.length;
          if (!request.write(chunk)) return request.once('drain', write);
        }
      };
      write();
    });
    expect(streamed.status).toBe(413);
    expect(JSON.parse(streamed.body)).toEqual({ message: 'Request Entity Too Large' });
    expect(streamed.sent).toBeLessThan(3 * MAX_REQUEST_BODY_BYTES);
  });

  it('answers malformed requests with a 4xx and keeps serving', async () => {
    const answers = [
      await raw('GET //%% HTTP/1.1\r\nhost: x\r\nconnection: close\r\n\r\n'),
      await raw('GET /% HTTP/1.1\r\nhost: x\r\nconnection: close\r\n\r\n'),
      await raw('GET /api/echo/%zz HTTP/1.1\r\nhost: x\r\nconnection: close\r\n\r\n'),
      await raw('GET http://elsewhere/ HTTP/1.1\r\nhost: x\r\nconnection: close\r\n\r\n'),
      await raw('GET * HTTP/1.1\r\nhost: x\r\nconnection: close\r\n\r\n'),
      await raw(`GET / HTTP/1.1\r\nhost: x\r\nx-huge: ${'a'.repeat(100_000)}\r\n\r\n`),
      await raw('GET / HTTP/1.1\r\nhost: x\r\nx-bad\u0001: 1\r\n\r\n'),
      await raw('NOT-A-METHOD / HTTP/1.1\r\n\r\n'),
      await raw(
        'POST /api/echo/1 HTTP/1.1\r\nhost: x\r\ncontent-type: application/json\r\ntransfer-encoding: chunked\r\n\r\n5\r\n{"a":\r\nzz\r\n',
      ),
      await raw('\u0000\u0001\u0002 garbage\r\n\r\n'),
    ];
    for (const answer of answers) {
      const status = statusOf(answer);
      expect(status, answer.slice(0, 80)).toBeGreaterThanOrEqual(400);
      expect(status, answer.slice(0, 80)).toBeLessThan(500);
    }
    // A body that breaks off mid-stream: the client goes away, the server carries on.
    await new Promise<void>((resolve) => {
      const socket = connect((server.address() as AddressInfo).port, '127.0.0.1', () => {
        socket.write(
          'POST /api/echo/1 HTTP/1.1\r\nhost: x\r\ncontent-type: application/json\r\ncontent-length: 100\r\n\r\n{"a":',
        );
        setTimeout(() => socket.destroy(), 100);
      });
      socket.on('close', () => resolve());
    });
    const after = await fetch(`${base}/api/echo`);
    expect([after.status, await after.json()]).toEqual([200, { handler: 'echo' }]);
    expect((await fetch(`${base}/`)).status).toBe(200);
  });
});

describe('the token bucket', () => {
  it('starts full, refuses when empty, refills at its rate, and never holds more than its burst', () => {
    let now = 0;
    const bucket = new TokenBucket({ ratePerSecond: 10, burst: 3 }, () => now);
    expect([bucket.take(), bucket.take(), bucket.take(), bucket.take()]).toEqual([true, true, true, false]);
    now += 50; // half a token
    expect(bucket.take()).toBe(false);
    now += 50;
    expect([bucket.take(), bucket.take()]).toEqual([true, false]);
    now += 60_000;
    expect([bucket.take(), bucket.take(), bucket.take(), bucket.take()]).toEqual([true, true, true, false]);
  });
});
