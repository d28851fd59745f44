import { refusalReason } from '@/lib/api';

/** The spec's words for an action that failed, then the server's reason when it refused the request. */
export function failureWords(error: unknown, words: string): string {
  const reason = refusalReason(error);
  return reason === undefined ? words : `${words}: ${reason}`;
}
