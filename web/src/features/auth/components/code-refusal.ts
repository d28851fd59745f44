import { errorName } from '../cognito-error';

/** What to say on the code's field when Cognito refuses an authenticator app's code, else undefined. */
export function codeRefusal(error: unknown): string | undefined {
  switch (errorName(error)) {
    case 'CodeMismatchException':
    case 'EnableSoftwareTokenMFAException':
      return 'That code is not right. Enter the code your app shows now.';
    case 'ExpiredCodeException':
      return 'That code has been used already. Wait for the next one.';
    default:
      return undefined;
  }
}
