import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { AwsError } from './aws-errors';
import type { EventBus } from './bus';
import type { RelayRedrive } from './relay-failures';
import { isLambdaInvoke, lambdaInvoke } from './lambda-api';

const MAX_BODY_BYTES = 1024 * 1024;

/**
 * The local "AWS endpoint", one port for the services the local stack emulates itself:
 * EventBridge PutEvents and Secrets Manager GetSecretValue (by `x-amz-target`, the JSON 1.1
 * protocol), Lambda Invoke (by path, for cognito-local's triggers) and the dead-letter operations
 * of `npm run dead-letters`.
 * A malformed request gets a 400 in AWS's error shape; nothing a client sends stops it.
 */
export function startAwsEndpoint(options: {
  port: number;
  bus: EventBus;
  /** Re-drives the outbox records the stream reader gave up on (relay-failures.ts). */
  redriveRelayFailures: () => Promise<RelayRedrive>;
  /** The secrets the handlers may read, by name: each one's SecretString. */
  secrets: Record<string, string>;
  log: (line: string) => void;
}) {
  const server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      options.log(`local AWS endpoint: ${error instanceof Error ? error.message : String(error)}`);
      send(
        response,
        500,
        { 'x-amzn-errortype': 'InternalException' },
        { __type: 'InternalException', message: 'Internal error' },
      );
    });
  });
  server.on('clientError', (_error, socket) => socket.destroy());

  const handle = async (request: IncomingMessage, response: ServerResponse) => {
    let body: string;
    try {
      body = await readBody(request);
    } catch (error) {
      return sendError(
        response,
        error instanceof AwsError ? error : new AwsError(400, 'SerializationException', 'Unreadable body'),
      );
    }
    const path = new URL(request.url ?? '/', 'http://localhost').pathname;
    const target = request.headers['x-amz-target'];
    try {
      if (target === 'AWSEvents.PutEvents') {
        const result = options.bus.putEvents(parseJson(body));
        return send(response, 200, {}, result, 'application/x-amz-json-1.1');
      }
      if (target === 'secretsmanager.GetSecretValue') {
        return send(response, 200, {}, getSecretValue(options.secrets, parseJson(body)), 'application/x-amz-json-1.1');
      }
      if (target !== undefined) throw new AwsError(400, 'UnknownOperationException', `${String(target)} is not emulated`);
      if (request.method === 'POST' && isLambdaInvoke(path)) {
        const result = await lambdaInvoke({ path, headers: request.headers, body });
        response.writeHead(result.status, result.headers);
        response.end(result.body);
        return;
      }
      if (request.method === 'GET' && path === '/local/dead-letters') return send(response, 200, {}, options.bus.deadLetters());
      if (request.method === 'POST' && path === '/local/dead-letters/redrive')
        return send(response, 200, {}, { ...(await options.bus.redrive()), relay: await options.redriveRelayFailures() });
      throw new AwsError(400, 'UnknownOperationException', `No operation for ${request.method} ${path}`);
    } catch (error) {
      if (error instanceof AwsError) return sendError(response, error);
      throw error;
    }
  };

  return {
    listen: () =>
      new Promise<void>((resolve, reject) => {
        server.once('error', reject);
        server.listen(options.port, '127.0.0.1', () => resolve());
      }),
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

function getSecretValue(secrets: Record<string, string>, request: unknown) {
  const name = (request as { SecretId?: unknown } | null)?.SecretId;
  if (typeof name !== 'string' || !Object.hasOwn(secrets, name)) {
    throw new AwsError(400, 'ResourceNotFoundException', "Secrets Manager can't find the specified secret.");
  }
  return { Name: name, ARN: `arn:aws:secretsmanager:local:000000000000:secret:${name}`, SecretString: secrets[name] };
}

function parseJson(body: string): unknown {
  try {
    return JSON.parse(body || '{}');
  } catch {
    throw new AwsError(400, 'SerializationException', 'The request body is not valid JSON.');
  }
}

function sendError(response: ServerResponse, error: AwsError) {
  send(response, error.status, { 'x-amzn-errortype': error.code }, { __type: error.code, Type: 'User', message: error.message });
}

function send(
  response: ServerResponse,
  status: number,
  headers: Record<string, string>,
  body: unknown,
  type = 'application/json',
) {
  if (response.headersSent) return void response.end();
  response.writeHead(status, { 'content-type': type, ...headers });
  response.end(JSON.stringify(body));
}

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    request.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) reject(new AwsError(413, 'RequestEntityTooLargeException', 'The request body is too large.'));
      else chunks.push(chunk);
    });
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });
}
