import type { ImageUploadTicket, UploadedImage } from '@schemas/image-upload';
import { apiPost } from '@/lib/api';
import { postToBucket } from '@/lib/post-to-bucket';

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
