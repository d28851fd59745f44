import { createServer, STATUS_CODES, type IncomingMessage, type ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import { randomUUID } from 'node:crypto';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import sirv from 'sirv';
import compression from 'compression';
import pLimit from 'p-limit';
import { API_PREFIX, defaultThrottle, pagePathPatterns, routes, type Route } from '../functions/routes';
import { ORIGIN_VERIFY_HEADER } from '../functions/lib/environment';
import { MAX_REQUEST_BODY_BYTES, securityHeaders } from '../infra/resources';
import { EDGE_REFUSAL, edgeLimits } from '../infra/edge-limits';
import { cacheControlFor, siteFileFor } from '../infra/site-files';
import { SITE_CONFIG_PATH, type SiteConfig } from '../functions/schemas/site-config';
import { apiFunctionOf } from '../functions/lambdas';
import { invoke } from './lambda';
import { createRouter } from './router';
import { createThrottle } from './throttle';
import { addressOf, createEdgeLimiter } from './edge-limits';
import { DYNAMODB_CALLS_HEADER, withDynamoDbCalls } from './dynamodb-calls';

export type SiteServerOptions = {
  webDist: string;
  s3Endpoint: string;
  imagesBucket: string;
  viewerCountry: string;
  /** The API's routes; the catalogue unless a test brings its own. */
  routes?: readonly Route[];
  /** Calls a route's function; by default the local Lambda runtime calls the one functions/lambdas.ts gives it. */
  invoke?: (route: Route, event: APIGatewayProxyEventV2) => Promise<unknown>;
  /** The site's run-time settings, served at SITE_CONFIG_PATH as the CDK deployment writes them in AWS. */
  siteConfig?: SiteConfig;
  /** The clock of the throttle, in milliseconds. */
  now?: () => number;
  /** Sends each API answer's DynamoDB round trips in DYNAMODB_CALLS_HEADER (the client must count them: local/dynamodb-calls.ts). */
  countDynamoDbCalls?: boolean;
};

/** API Gateway's words where they differ from Node's. */
const messages: Record<number, string> = { 413: 'Request Entity Too Large' };
const statusText = (status: number) => messages[status] ?? STATUS_CODES[status] ?? 'Error';

/** A request the server refuses, with API Gateway's status and message. */
class Refusal extends Error {
  constructor(readonly status: number) {
    super(statusText(status));
  }
}

/**
 * API Gateway gives each concurrent request a Lambda instance of its own. Here every one runs
 * in this process, against emulators sharing the machine's cores, and a rush of hundreds at
 * once would slow each past its timeout. Requests beyond these wait their turn, as for an
 * instance, and a function's clock starts when it runs.
 */
export const CONCURRENT_INVOCATIONS = 32;

/**
 * The local CloudFront + API Gateway: /api/* and the pages the API renders become API Gateway v2
 * events for the catalogue's handler, /images/* is read from the public images bucket, and everything
 * else is the built site, each path served from the file CloudFront's function names (siteFileFor): a
 * pre-rendered page's, the page shell for any other page. Every response carries the security headers
 * CloudFront adds in AWS, from the same declaration.
 */
export function createSiteServer(options: SiteServerOptions) {
  // The player streams the recordings from s3rver, as from the media bucket in AWS.
  const headers = securityHeaders(connectTo(options.s3Endpoint), [new URL(options.s3Endpoint).origin]);
  const match = createRouter(options.routes ?? routes);
  const pagePaths = pagePathPatterns(options.routes).map((pattern) => pattern.slice(0, -1));
  const admit = createThrottle(defaultThrottle, options.now);
  const withinEdgeLimits = createEdgeLimiter(edgeLimits, options.now);
  const callHandler = options.invoke ?? ((route: Route, event: APIGatewayProxyEventV2) => invoke(apiFunctionOf(route), event));
  const inTurn = pLimit(CONCURRENT_INVOCATIONS);
  const site = sirv(options.webDist, {
    // Each file as it is on disk now, as S3 serves the bucket: a site built again while the stack
    // runs is served whole, never with the sizes of the files it replaced.
    dev: true,
    // Exactly the file siteFileFor names, as S3 has it: no other name finds a page.
    extensions: [],
    etag: true,
    // As the deployment uploads them to S3: hashed files for a year, the rest asked again each time.
    setHeaders: (response, pathname) => response.setHeader('cache-control', cacheControlFor(pathname)),
  });
  // CloudFront compresses what it serves; so does the local server, so pages weigh the same.
  const compress = compression();
  /** The response each connection is writing, for the parser's errors (below). */
  const inFlight = new WeakMap<Duplex, ServerResponse>();

  async function handle(request: IncomingMessage, response: ServerResponse) {
    const url = parseTarget(request.url);
    const api = url !== undefined && (url.pathname === API_PREFIX || url.pathname.startsWith(`${API_PREFIX}/`));
    // The paths of the pages the API renders (functions/pages), which CloudFront sends to the API.
    const page = url !== undefined && pagePaths.some((path) => url.pathname.startsWith(path));
    await new Promise<void>((next) => compress(request as never, response as never, () => next()));
    if (!url) return sendText(response, 400);
    if (api || page) return serveApi(request, response, url);
    if (url.pathname === SITE_CONFIG_PATH && options.siteConfig) return serveSiteConfig(request, response, options.siteConfig);
    if (url.pathname.startsWith('/images/')) {
      return serveImage(response, `${options.s3Endpoint}/${options.imagesBucket}${url.pathname}`);
    }
    request.url = `${siteFileFor(url.pathname)}${url.search}`;
    site(request, response, () => sendText(response, 404));
  }

  async function serveApi(request: IncomingMessage, response: ServerResponse, url: URL) {
    const method = request.method ?? 'GET';
    // Before anything else, as WAF refuses at CloudFront: per client address, whatever the route.
    if (!withinEdgeLimits(addressOf(viewerAddressOf(request)), method, url.pathname)) {
      response.writeHead(EDGE_REFUSAL.status, { 'content-type': 'application/json' });
      return response.end(JSON.stringify({ message: EDGE_REFUSAL.message }));
    }
    const matched = match(method, url.pathname);
    if (!matched) return sendJson(response, 404);
    if (!admit(matched.routeKey, matched.route.throttle)) return sendJson(response, 429);
    let body: Buffer;
    try {
      body = await readBody(request, MAX_REQUEST_BODY_BYTES);
    } catch (error) {
      if (error instanceof Refusal && error.status === 413) return refuseLargeBody(request, response);
      if (error instanceof Refusal) return sendJson(response, error.status);
      throw error;
    }
    const event = apiEvent(request, url, matched.routeKey, matched.pathParameters, body, options.viewerCountry);
    let result: APIGatewayProxyStructuredResultV2;
    try {
      const { result: answer, calls } = await inTurn(() => withDynamoDbCalls(() => callHandler(matched.route, event)));
      result = answer as APIGatewayProxyStructuredResultV2;
      if (options.countDynamoDbCalls) response.setHeader(DYNAMODB_CALLS_HEADER, String(calls));
    } catch (error) {
      // A handler that throws is a failed invocation: API Gateway answers 500.
      console.error(`  ${matched.routeKey} failed:`, error);
      return sendJson(response, 500);
    }
    if (result.cookies?.length) response.setHeader('set-cookie', result.cookies);
    // CloudFront's response headers policy overrides what the origin sent.
    response.writeHead(result.statusCode ?? 200, { ...(result.headers as Record<string, string>), ...headers });
    if (method === 'HEAD') return response.end();
    response.end(result.isBase64Encoded && result.body ? Buffer.from(result.body, 'base64') : (result.body ?? ''));
  }

  const server = createServer((request, response) => {
    inFlight.set(request.socket, response);
    for (const [name, value] of Object.entries(headers)) response.setHeader(name, value);
    // Once the server is closing, no connection is kept for another request.
    if (!server.listening) response.setHeader('connection', 'close');
    handle(request, response).catch((error: unknown) => {
      console.error(`  ${request.method} ${request.url} failed:`, error);
      if (response.headersSent || response.writableEnded) response.destroy();
      else sendJson(response, 500);
    });
  });

  // Requests Node cannot parse (malformed request line, absurd headers, a broken chunked body):
  // answered as Node would by default, but with the site's headers.
  server.on('clientError', (error: NodeJS.ErrnoException, socket: Duplex) => {
    if (error.code === 'ECONNRESET' || !socket.writable || inFlight.get(socket)?.headersSent) {
      socket.destroy();
      return;
    }
    const status = error.code === 'HPE_HEADER_OVERFLOW' ? 431 : error.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 408 : 400;
    const body = JSON.stringify({ message: statusText(status) });
    const lines = [
      `HTTP/1.1 ${status} ${statusText(status)}`,
      ...Object.entries({
        ...headers,
        'content-type': 'application/json',
        'content-length': String(Buffer.byteLength(body)),
      }).map(([name, value]) => `${name}: ${value}`),
      'connection: close',
    ];
    socket.end(`${lines.join('\r\n')}\r\n\r\n${body}`);
  });

  return server;
}

/**
 * The origins the site talks to besides its own: cognito-local, for sign-in, and s3rver, where the
 * administrator's browser posts uploads (as to the buckets in AWS); videos play from s3rver too.
 */
function connectTo(s3Endpoint: string): string[] {
  const cognito = process.env.AWS_ENDPOINT_URL_COGNITO_IDENTITY_PROVIDER;
  return [...(cognito ? [new URL(cognito).origin] : []), new URL(s3Endpoint).origin];
}

/**
 * The path and query of an origin-form request target ('/path?query'), or undefined for what
 * CloudFront refuses with 400: another form ('*', 'http://host/'), or a malformed % escape.
 */
function parseTarget(target: string | undefined): URL | undefined {
  if (!target?.startsWith('/')) return undefined;
  try {
    const url = new URL(`http://localhost${target}`);
    decodeURIComponent(url.pathname);
    return url;
  } catch {
    return undefined;
  }
}

/** What API Gateway reads of a request to build its event: a Node request, or a test's description of one. */
export type ApiRequest = Pick<IncomingMessage, 'method' | 'headers' | 'httpVersion'> & {
  socket: Pick<IncomingMessage['socket'], 'remoteAddress' | 'remotePort'>;
};

/** The event API Gateway sends a Lambda, with what CloudFront adds to the request on the way. */
export function apiEvent(
  request: ApiRequest,
  url: URL,
  routeKey: string,
  pathParameters: Record<string, string>,
  body: Buffer,
  viewerCountry: string,
): APIGatewayProxyEventV2 {
  const headers: Record<string, string> = { 'cloudfront-viewer-country': viewerCountry };
  for (const [name, value] of Object.entries(request.headers)) {
    if (value !== undefined) headers[name] = Array.isArray(value) ? value.join(',') : value;
  }
  // CloudFront replaces whatever the client sent in the origin header.
  delete headers[ORIGIN_VERIFY_HEADER];
  const secret = process.env.ORIGIN_VERIFY_SECRET;
  if (secret) headers[ORIGIN_VERIFY_HEADER] = secret;
  headers['cloudfront-viewer-address'] = viewerAddressOf(request);

  const query: Record<string, string> = {};
  for (const [name, value] of url.searchParams) query[name] = name in query ? `${query[name]},${value}` : value;
  const method = request.method ?? 'GET';
  return {
    version: '2.0',
    routeKey,
    rawPath: url.pathname,
    rawQueryString: url.search.slice(1),
    headers,
    queryStringParameters: url.search.length > 1 ? query : undefined,
    pathParameters,
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
        protocol: `HTTP/${request.httpVersion}`,
        sourceIp: request.socket.remoteAddress ?? '127.0.0.1',
        userAgent: headers['user-agent'] ?? '',
      },
      requestId: randomUUID(),
      routeKey,
      stage: '$default',
      time: new Date().toUTCString(),
      timeEpoch: Date.now(),
    },
  };
}

/** Read on every load of the site: never cached, so a restarted stack's new pool is seen at once. */
function serveSiteConfig(request: IncomingMessage, response: ServerResponse, config: SiteConfig) {
  if (request.method !== 'GET' && request.method !== 'HEAD') {
    response.writeHead(405, { allow: 'GET, HEAD', 'content-type': 'text/plain; charset=utf-8' });
    return response.end(statusText(405));
  }
  response.writeHead(200, { 'content-type': 'application/json', 'cache-control': cacheControlFor(SITE_CONFIG_PATH) });
  response.end(request.method === 'HEAD' ? undefined : JSON.stringify(config));
}

async function serveImage(response: ServerResponse, objectUrl: string) {
  const upstream = await fetch(objectUrl);
  if (!upstream.ok) return sendText(response, 404);
  response.writeHead(200, {
    'content-type': upstream.headers.get('content-type') ?? 'application/octet-stream',
    'cache-control': 'public, max-age=3600',
  });
  response.end(Buffer.from(await upstream.arrayBuffer()));
}

/**
 * Reads a request body of at most `limit` bytes. A declared or streamed body over the limit is
 * refused with 413 as soon as it is known, without keeping what comes after; a body that breaks
 * off is a 400.
 */
function readBody(request: IncomingMessage, limit: number): Promise<Buffer> {
  const declared = Number(request.headers['content-length'] ?? 0);
  if (declared > limit) return Promise.reject(new Refusal(413));
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const stop = (refusal: Refusal) => {
      chunks.length = 0;
      request.removeListener('data', onData);
      reject(refusal);
    };
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) stop(new Refusal(413));
      else chunks.push(chunk);
    };
    request.on('data', onData);
    request.on('end', () => resolve(Buffer.concat(chunks)));
    request.on('error', () => stop(new Refusal(400)));
    request.on('close', () => {
      if (!request.complete) stop(new Refusal(400));
    });
  });
}

/**
 * 413 at once. What the client is still sending is read and dropped (never kept) for a moment,
 * so that it sees the answer rather than a reset; then the connection goes.
 */
function refuseLargeBody(request: IncomingMessage, response: ServerResponse) {
  request.resume();
  response.once('finish', () => setTimeout(() => request.socket.destroy(), 1000).unref());
  sendJson(response, 413);
}

/** API Gateway's own answers: {"message":"Not Found"}, {"message":"Too Many Requests"}, ... */
function sendJson(response: ServerResponse, status: number) {
  if (response.writableEnded || response.destroyed) return;
  response.writeHead(status, { 'content-type': 'application/json' });
  response.end(JSON.stringify({ message: statusText(status) }));
}

function sendText(response: ServerResponse, status: number) {
  if (response.writableEnded || response.destroyed) return;
  response.writeHead(status, { 'content-type': 'text/plain; charset=utf-8' });
  response.end(statusText(status));
}

/**
 * The visitor's address as CloudFront sends it ('ip:port'). This server listens on loopback only,
 * so every visitor is 127.0.0.1; a client may send its own value (tests stand in for many visitors so).
 */
function viewerAddressOf(request: ApiRequest): string {
  const sent = request.headers['cloudfront-viewer-address'];
  if (typeof sent === 'string' && sent) return sent;
  return `${request.socket.remoteAddress ?? '127.0.0.1'}:${request.socket.remotePort ?? 0}`;
}
