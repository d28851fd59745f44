/** What a Lambda may touch; the CDK stack turns each into exactly one least-privilege IAM grant. */
export const grantNames = [
  'table:read',
  'table:write',
  'events:publish',
  'email:send',
  'stripe:read',
  'users:read',
  'users:search',
  'users:delete',
  'users:set-password',
  'users:sign-out',
  'images:upload',
  'media:read',
  'media:upload',
] as const;
export type Grant = (typeof grantNames)[number];
