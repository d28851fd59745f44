/** A presigned POST: where to post the file, and the fields its policy signs. */
export type BucketTicket = { url: string; fields: Record<string, string> };

/**
 * Posts a file straight to a bucket with its presigned fields, reporting progress (0 to 100).
 * XMLHttpRequest rather than fetch: only it reports how much of the body has gone.
 */
export function postToBucket(ticket: BucketTicket, file: File, onProgress: (percent: number) => void) {
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
