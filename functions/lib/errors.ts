/** An error that maps to an HTTP answer; anything else becomes a 500 with no details. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly errors?: { field: string; message: string }[],
    /** More for the caller to act on, added to the answer's body beside the message. */
    readonly details?: Record<string, string>,
  ) {
    super(message);
  }
}

export const notFound = (message: string) => new HttpError(404, message);
export const conflict = (message: string) => new HttpError(409, message);
/** A missing or invalid token: the JWT authorizer's own answer in AWS, so both runtimes say the same. */
export const signInRequired = () => new HttpError(401, 'Unauthorized');

const unreachable = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EHOSTUNREACH', 'EPIPE']);

/**
 * True for an AWS service that is down, throttling or unreachable (a server-side fault, a
 * throttle, a refused connection): the request may succeed later, so it is a 503, not a 500.
 */
export function isServiceUnavailable(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const sdk = error as Error & { $fault?: string; $retryable?: unknown; code?: string };
  if (sdk.$fault === 'server' || sdk.$retryable) return true;
  if (sdk.code && unreachable.has(sdk.code)) return true;
  return error.name === 'TimeoutError' || (error.cause instanceof Error && isServiceUnavailable(error.cause));
}
