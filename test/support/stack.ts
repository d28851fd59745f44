import { portsFor } from '../../local/environment';

/** The test stack's port: away from `npm start`'s 3000, so both can run at once. */
export const TEST_PORT = Number(process.env.TEST_STACK_PORT ?? 4310);
export const ports = portsFor(TEST_PORT);
export const siteUrl = `http://127.0.0.1:${ports.site}`;
export const mailUrl = `http://127.0.0.1:${ports.ses}`;

export type SentEmail = {
  messageId: string;
  /** The From header: the sender's name and address. */
  from: string;
  destination: { to: string[] };
  subject: string;
  body: { text: string; html: string };
  attachments: { filename?: string; contentType?: string; content: string }[];
};

export async function sentEmails(): Promise<SentEmail[]> {
  const response = await fetch(`${mailUrl}/store`);
  return ((await response.json()) as { emails: SentEmail[] }).emails;
}

/** Waits for e-mails to a recipient: delivery runs after the API has answered. */
export async function waitForEmails(to: string, count: number, timeoutMs = 15_000): Promise<SentEmail[]> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = (await sentEmails()).filter((email) => email.destination.to.includes(to));
    if (found.length >= count || Date.now() > deadline) return found;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

const randomGroup = () => Math.floor(Math.random() * 0x10000).toString(16);
/**
 * A visitor's address as CloudFront reports it ('ip:port'): tests stand in for many visitors, each
 * on a network of its own (an IPv6 /64 of the documentation range), so no two share a session's
 * seats by chance, however small the session.
 */
export const visitorAddress = () =>
  `2001:db8:${randomGroup()}:${randomGroup()}::${randomGroup()}:${1024 + Math.floor(Math.random() * 60000)}`;

/**
 * Calls the API as a visitor of its own (the hourly per-address limits apply per visitor), unless
 * headers say otherwise. A JSON answer is parsed; a file (a CSV, a calendar entry) is its text.
 */
export async function api<T = unknown>(path: string, init?: RequestInit): Promise<{ status: number; body: T }> {
  const response = await fetch(`${siteUrl}/api${path}`, {
    ...init,
    headers: { 'content-type': 'application/json', 'cloudfront-viewer-address': visitorAddress(), ...init?.headers },
  });
  const json = (response.headers.get('content-type') ?? '').startsWith('application/json');
  return { status: response.status, body: (json ? await response.json() : await response.text()) as T };
}
