// Apart from sign-in.ts, which loads amplify.ts lazily: amplify.ts and the forms read it here.

/** Cognito's exception name (UsernameExistsException, CodeMismatchException, ...). */
export function errorName(error: unknown): string | undefined {
  return error instanceof Error ? error.name : undefined;
}
