import type { ImageUploadTicket, UploadedImage } from '@schemas/image-upload';
import { apiPost } from '@/lib/api';

/**
 * Uploads a session's image in the API's three steps: where to post it (a presigned POST for its
 * type and size), the post itself straight to the images bucket (with its progress, 0 to 100), and
 * the confirmation, which checks what was stored. Answers the image's address on the site.
 */
export async function uploadSessionImage(sessionId: string, file: File, onProgress: (percent: number) => void) {
  const path = `/admin/sessions/${encodeURIComponent(sessionId)}/image-upload`;
  const ticket = await apiPost<ImageUploadTicket>(path, { contentType: file.type, size: file.size });
  await postToBucket(ticket, file, onProgress);
  return (await apiPost<UploadedImage>(path, { key: ticket.key })).url;
}

/** XMLHttpRequest rather than fetch: only it reports how much of the body has gone. */
function postToBucket(ticket: ImageUploadTicket, file: File, onProgress: (percent: number) => void) {
  return new Promise<void>((resolve, reject) => {
    const form = new FormData();
    for (const [name, value] of Object.entries(ticket.fields)) form.append(name, value);
    // The file last: S3 ignores the fields after it.
    form.append('file', file);
    const request = new XMLHttpRequest();
    request.open('POST', ticket.url);
    request.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable) onProgress(Math.round((event.loaded / event.total) * 100));
    });
    request.addEventListener('load', () => {
      if (request.status >= 200 && request.status < 300) resolve();
      else reject(new Error(storageMessage(request.responseText) ?? `The storage answered ${request.status}.`));
    });
    request.addEventListener('error', () => reject(new Error('The connection was lost. Please try again.')));
    request.send(form);
  });
}

/** S3's own words for a refused post: the <Message> of its XML error. */
function storageMessage(xml: string): string | undefined {
  const message = new DOMParser().parseFromString(xml, 'application/xml').querySelector('Error > Message');
  return message?.textContent || undefined;
}
