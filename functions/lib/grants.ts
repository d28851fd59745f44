/** What a Lambda may touch; the CDK stack turns each into exactly one least-privilege IAM grant. */
export const grantNames = [
  'table:read',
  'table:write',
  'events:publish',
  'email:send',
  'stripe:read',
  'users:read',
  'images:upload',
  'media:read',
] as const;
export type Grant = (typeof grantNames)[number];
