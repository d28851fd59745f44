import { ApiError, refusalReason } from '@/lib/api';

/** The product's words for an action that failed, then the server's reason when it refused the request. */
export function failureWords(error: unknown, words: string): string {
  const reason = refusalReason(error);
  return reason === undefined ? words : `${words}: ${reason}`;
}

/** The same on a user's page, but for a user gone meanwhile (404): the product's words alone. */
export const userFailureWords = (error: unknown, words: string) =>
  error instanceof ApiError && error.status === 404 ? words : failureWords(error, words);
