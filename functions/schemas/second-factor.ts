// Plain data with no zod import: the site's API client reads the code in its first load.

/**
 * The answer's `code` when an administrator without a second factor calls an admin route: the
 * site then asks them to set up an authenticator app before the admin area opens.
 */
export const SECOND_FACTOR_REQUIRED = 'second-factor-required';

/** The name an authenticator app shows beside the site's codes. */
export const AUTHENTICATOR_ISSUER = 'Breathwork';
