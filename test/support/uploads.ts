import { siteUrl } from './stack';

/** A real 1x1 PNG: a session's image as the administrator uploads it. */
export const onePixelPng = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

/**
 * Posts a file to the bucket as the administrator's browser does, from the site's origin: the
 * ticket's fields, any changed, then the file.
 */
export async function postToBucket(
  ticket: { url: string; fields: Record<string, string> },
  file: Buffer,
  fields: Record<string, string> = {},
) {
  const form = new FormData();
  for (const [name, value] of Object.entries({ ...ticket.fields, ...fields })) form.append(name, value);
  form.append('file', new Blob([new Uint8Array(file)]), 'chosen-file');
  const response = await fetch(ticket.url, { method: 'POST', body: form, headers: { origin: siteUrl } });
  return { status: response.status, allowedOrigin: response.headers.get('access-control-allow-origin') };
}
