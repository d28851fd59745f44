export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly errors: { field: string; message: string }[] = [],
    /** The whole answer: some errors carry more than a message (a 409's `pendingBookingId`). */
    readonly body: Readonly<Record<string, unknown>> = {},
  ) {
    super(message);
  }
}

type TokenSource = () => Promise<string | undefined>;
let idToken: TokenSource = () => Promise.resolve(undefined);

/**
 * Where API calls get the signed-in member's ID token from. The auth feature sets it; without
 * a session it answers nothing and requests go out anonymous.
 */
export function setIdTokenSource(source: TokenSource) {
  idToken = source;
}

let onRefused: () => void = () => undefined;

/** What to do when the API refuses the member's token (401): the auth feature checks the session again. */
export function setTokenRefusedHandler(handler: () => void) {
  onRefused = handler;
}

async function request<T>(path: string, init?: RequestInit): Promise<T> {
  const token = await idToken().catch(() => undefined);
  const response = await fetch(`/api${path}`, {
    ...init,
    headers: {
      accept: 'application/json',
      ...(init?.body ? { 'content-type': 'application/json' } : {}),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...init?.headers,
    },
  });
  const body = await response.json().catch(() => ({}));
  if (response.status === 401 && token) onRefused();
  if (!response.ok) {
    throw new ApiError(response.status, body.message ?? `Request failed (${response.status})`, body.errors, body);
  }
  return body as T;
}

export const apiGet = <T>(path: string) => request<T>(path);
export const apiPost = <T>(path: string, body: unknown, headers?: Record<string, string>) =>
  request<T>(path, { method: 'POST', body: JSON.stringify(body), headers });
export const apiPut = <T>(path: string, body: unknown) => request<T>(path, { method: 'PUT', body: JSON.stringify(body) });
/** A DELETE says it is JSON like every state-changing request, so no web page can forge one. */
export const apiDelete = <T>(path: string) => request<T>(path, { method: 'DELETE', body: '{}' });
