import { saveFile } from './save-file';

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

/**
 * The API's own words when it refused a request for a reason the user can act on (a 4xx), else
 * undefined: a failed server or network is for the page to say in its own words.
 */
export function refusalReason(error: unknown): string | undefined {
  return error instanceof ApiError && error.status < 500 ? error.message : undefined;
}

type TokenSource = () => Promise<string | undefined>;
let idToken: TokenSource = () => Promise.resolve(undefined);

/**
 * Where API calls get the signed-in member's ID token from. The auth feature sets it; without
 * a sign-in it answers nothing and requests go out anonymous.
 */
export function setIdTokenSource(source: TokenSource) {
  idToken = source;
}

let onRefused: () => void = () => undefined;

/** The headers an administrator's view of the site as a user adds to a request (see the auth feature). */
type ViewHeaders = (path: string) => Record<string, string>;
let viewHeaders: ViewHeaders = () => ({});
let onViewRefused: (body: Record<string, unknown>) => void = () => undefined;

/**
 * Where requests get the headers of an administrator's view as a user, and what to do when the
 * API says that view has ended (403 with its code): the auth feature sets both.
 */
export function setViewAsUser(headers: ViewHeaders, refused: (body: Record<string, unknown>) => void) {
  viewHeaders = headers;
  onViewRefused = refused;
}

/** What to do when the API refuses the member's token (401): the auth feature checks the sign-in again. */
export function setTokenRefusedHandler(handler: () => void) {
  onRefused = handler;
}

/** The token the last request was sent with. */
let lastToken: string | undefined;

/**
 * Sends a request with the member's token; a refusal is thrown as an ApiError with the API's message.
 * A request kept alive (sent as the page goes) leaves at once, with the last request's token: a
 * page being left runs nothing that waits.
 */
async function send(path: string, init?: RequestInit): Promise<Response> {
  const token = init?.keepalive ? lastToken : await idToken().catch(() => undefined);
  lastToken = token;
  const response = await fetch(`/api${path}`, {
    ...init,
    headers: {
      accept: 'application/json',
      ...(init?.body ? { 'content-type': 'application/json' } : {}),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...viewHeaders(path),
      ...init?.headers,
    },
  });
  if (response.status === 401 && token) onRefused();
  if (!response.ok) {
    const body = await response.json().catch(() => ({}));
    if (response.status === 403) onViewRefused(body);
    throw new ApiError(response.status, body.message ?? `Request failed (${response.status})`, body.errors, body);
  }
  return response;
}

async function request<T>(path: string, init?: RequestInit): Promise<T> {
  const response = await send(path, init);
  return (await response.json().catch(() => ({}))) as T;
}

/**
 * Downloads a file the API answers (a CSV), fetched with the member's token, which a plain link
 * cannot send; saved under the name its Content-Disposition gives, else `fallbackName`.
 */
export async function apiDownload(path: string, fallbackName: string): Promise<void> {
  const response = await send(path, { headers: { accept: '*/*' } });
  const named = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '');
  saveFile(await response.blob(), named?.[1] ?? fallbackName);
}

export const apiGet = <T>(path: string) => request<T>(path);
export const apiPost = <T>(path: string, body: unknown, headers?: Record<string, string>) =>
  request<T>(path, { method: 'POST', body: JSON.stringify(body), headers });
/** `keepalive`: sent as the page is left (see `send`). */
export const apiPut = <T>(path: string, body: unknown, options: { keepalive?: boolean } = {}) =>
  request<T>(path, { ...options, method: 'PUT', body: JSON.stringify(body) });
/** A DELETE says it is JSON like every state-changing request, so no web page can forge one. */
export const apiDelete = <T>(path: string, body: unknown = {}) =>
  request<T>(path, { method: 'DELETE', body: JSON.stringify(body) });
