import { ApiError } from './api';

/** Puts a message on a form's field, as react-hook-form's `setError` does. */
type SetFieldError<Field extends string> = (field: Field, error: { message: string }, options: { shouldFocus: boolean }) => void;

/**
 * Says the API's refusal of a field (its `errors` name `body.<field>`: a code that exists, an
 * expiry already past) on that field of the form, focused. The first refusal of one of `fields`
 * counts; answers whether there was one, so the form says any other failure its own way.
 */
export function showFieldRefusal<Field extends string>(error: unknown, fields: readonly Field[], setError: SetFieldError<Field>) {
  const refusal = (error instanceof ApiError ? error.errors : [])
    .map(({ field, message }) => ({ field: field.replace(/^body\./, ''), message }))
    .find((named): named is { field: Field; message: string } => (fields as readonly string[]).includes(named.field));
  if (refusal) setError(refusal.field, { message: refusal.message }, { shouldFocus: true });
  return refusal !== undefined;
}
