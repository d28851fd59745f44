import middy from '@middy/core';
import { injectLambdaContext } from '@aws-lambda-powertools/logger/middleware';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import * as z from 'zod';
import { HttpError } from './errors';
import { logger } from './logger';

type Schemas = { params?: z.ZodType; query?: z.ZodType; body?: z.ZodType };
type Parsed<S extends Schemas> = {
  params: S['params'] extends z.ZodType ? z.output<S['params']> : undefined;
  query: S['query'] extends z.ZodType ? z.output<S['query']> : undefined;
  body: S['body'] extends z.ZodType ? z.output<S['body']> : undefined;
  event: APIGatewayProxyEventV2;
};
/** A JSON body, or with `text` a body sent as it is (its content-type in headers). */
export type HttpResult = { status?: number; headers?: Record<string, string> } & ({ body: unknown } | { text: string });

/**
 * Wraps a route's logic as a middy Lambda handler: parses path, query and body with zod
 * (a failure is a 400 naming each field), and maps thrown HttpErrors to their status.
 */
export function httpRoute<S extends Schemas>(schemas: S, run: (input: Parsed<S>) => Promise<HttpResult>) {
  return middy<APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2>()
    .use(injectLambdaContext(logger, { resetKeys: true }))
    .handler(async (event) => {
      try {
        const input = parseRequest(event, schemas) as Parsed<S>;
        const result = await run(input);
        if ('text' in result) return { statusCode: result.status ?? 200, headers: result.headers, body: result.text };
        return json(result.status ?? 200, result.body, result.headers);
      } catch (error) {
        return errorResponse(error);
      }
    });
}

function parseRequest(event: APIGatewayProxyEventV2, schemas: Schemas) {
  const errors: { field: string; message: string }[] = [];
  const parse = (part: 'params' | 'query' | 'body', value: unknown) => {
    const schema = schemas[part];
    if (!schema) return undefined;
    const result = schema.safeParse(value ?? {});
    if (result.success) return result.data;
    for (const issue of result.error.issues) {
      errors.push({ field: [part, ...issue.path].join('.'), message: issue.message });
    }
    return undefined;
  };
  const parsed = {
    params: parse('params', event.pathParameters),
    query: parse('query', event.queryStringParameters),
    body: parse('body', schemas.body ? readJsonBody(event) : undefined),
    event,
  };
  if (errors.length > 0) throw new HttpError(400, errors[0].message, errors);
  return parsed;
}

function readJsonBody(event: APIGatewayProxyEventV2): unknown {
  if (!event.body) return {};
  const text = event.isBase64Encoded ? Buffer.from(event.body, 'base64').toString('utf8') : event.body;
  try {
    return JSON.parse(text);
  } catch {
    throw new HttpError(400, 'The request body must be valid JSON.');
  }
}

function errorResponse(error: unknown): APIGatewayProxyStructuredResultV2 {
  if (error instanceof HttpError) {
    return json(error.statusCode, { message: error.message, ...(error.errors && { errors: error.errors }) });
  }
  logger.error('Unhandled error', error as Error);
  return json(500, { message: 'Something went wrong. Please try again.' });
}

function json(statusCode: number, body: unknown, headers: Record<string, string> = {}): APIGatewayProxyStructuredResultV2 {
  return {
    statusCode,
    headers: { 'content-type': 'application/json', 'cache-control': 'no-store', ...headers },
    body: JSON.stringify(body),
  };
}
