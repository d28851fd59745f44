import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { randomUUID } from 'node:crypto';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import sirv from 'sirv';
import compression from 'compression';
import { API_PREFIX, routes, type Route } from '../functions/routes';
import { invoke } from './lambda';

type MatchedRoute = { route: Route; pathParameters: Record<string, string> };

const compiled = routes.map((route) => ({
  route,
  pattern: new RegExp(`^${API_PREFIX}${route.path.replace(/\{(\w+)\}/g, '(?<$1>[^/]+)')}$`),
}));

export function matchRoute(method: string, path: string): MatchedRoute | undefined {
  for (const { route, pattern } of compiled) {
    const match = route.method === method ? pattern.exec(path) : null;
    if (match) {
      const pathParameters = Object.fromEntries(Object.entries(match.groups ?? {}).map(([k, v]) => [k, safeDecode(v)]));
      return { route, pathParameters };
    }
  }
  return undefined;
}

/** A malformed escape stays as it is; the handler's schema then refuses the id with a 400. */
function safeDecode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

/**
 * The local CloudFront + API Gateway: /api/* becomes an API Gateway v2 event for the
 * catalogue's handler, /images/* is read from the public images bucket, and everything
 * else is the built site with the SPA fallback to index.html.
 */
export function createSiteServer(options: { webDist: string; s3Endpoint: string; imagesBucket: string; viewerCountry: string }) {
  const site = sirv(options.webDist, {
    single: true,
    etag: true,
    setHeaders: (response, pathname) => {
      if (pathname.startsWith('/assets/')) response.setHeader('cache-control', 'public, max-age=31536000, immutable');
      else response.setHeader('cache-control', 'no-cache');
    },
  });

  // CloudFront compresses what it serves; so does the local server, so pages weigh the same.
  const compress = compression();

  const handle = async (request: IncomingMessage, response: ServerResponse) => {
    try {
      const url = new URL(request.url ?? '/', 'http://localhost');
      await new Promise<void>((next) => compress(request as never, response as never, () => next()));
      if (url.pathname === API_PREFIX || url.pathname.startsWith(`${API_PREFIX}/`)) {
        await serveApi(request, response, url, options.viewerCountry);
      } else if (url.pathname.startsWith('/images/')) {
        await serveImage(response, `${options.s3Endpoint}/${options.imagesBucket}${url.pathname}`);
      } else {
        site(request, response, () => {
          response.writeHead(404).end();
        });
      }
    } catch (error) {
      console.error(error);
      if (!response.headersSent) response.writeHead(500, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ message: 'Internal server error' }));
    }
  };

  // handle() answers every failure itself (a 500), so its promise is left to run.
  return createServer((request, response) => void handle(request, response));
}

async function serveApi(request: IncomingMessage, response: ServerResponse, url: URL, viewerCountry: string) {
  const method = request.method ?? 'GET';
  const matched = matchRoute(method, url.pathname);
  if (!matched) {
    response.writeHead(404, { 'content-type': 'application/json' });
    response.end(JSON.stringify({ message: 'Not Found' }));
    return;
  }
  const body = await readBody(request);
  const headers: Record<string, string> = { 'cloudfront-viewer-country': viewerCountry };
  for (const [name, value] of Object.entries(request.headers)) {
    if (value !== undefined) headers[name] = Array.isArray(value) ? value.join(',') : value;
  }
  const event: APIGatewayProxyEventV2 = {
    version: '2.0',
    routeKey: `${matched.route.method} ${API_PREFIX}${matched.route.path}`,
    rawPath: url.pathname,
    rawQueryString: url.search.slice(1),
    headers,
    queryStringParameters: url.search ? Object.fromEntries(url.searchParams) : undefined,
    pathParameters: matched.pathParameters,
    body: body.length > 0 ? body.toString('utf8') : undefined,
    isBase64Encoded: false,
    requestContext: {
      accountId: '000000000000',
      apiId: 'local',
      domainName: headers.host ?? 'localhost',
      domainPrefix: 'local',
      http: {
        method,
        path: url.pathname,
        protocol: 'HTTP/1.1',
        sourceIp: request.socket.remoteAddress ?? '127.0.0.1',
        userAgent: headers['user-agent'] ?? '',
      },
      requestId: randomUUID(),
      routeKey: `${matched.route.method} ${API_PREFIX}${matched.route.path}`,
      stage: '$default',
      time: new Date().toUTCString(),
      timeEpoch: Date.now(),
    },
  };
  const result = (await invoke(matched.route.handler, event)) as APIGatewayProxyStructuredResultV2;
  response.writeHead(result.statusCode ?? 200, result.headers as Record<string, string>);
  response.end(result.body ?? '');
}

async function serveImage(response: ServerResponse, objectUrl: string) {
  const upstream = await fetch(objectUrl);
  if (!upstream.ok) {
    response.writeHead(404).end();
    return;
  }
  response.writeHead(200, {
    'content-type': upstream.headers.get('content-type') ?? 'application/octet-stream',
    'cache-control': 'public, max-age=3600',
  });
  response.end(Buffer.from(await upstream.arrayBuffer()));
}

function readBody(request: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks)));
    request.on('error', reject);
  });
}
