import type { Grant } from './lib/grants';

/**
 * Cognito user pool triggers: attached to the pool in AWS; locally cognito-local invokes the
 * same modules through the local stack's Lambda Invoke endpoint.
 */
export type Trigger = { handler: string; on: 'PostConfirmation' | 'PostAuthentication' | 'CustomMessage'; grants: Grant[] };

export const triggers: Trigger[] = [
  { handler: 'accounts/post-confirmation', on: 'PostConfirmation', grants: ['table:read', 'table:write'] },
  { handler: 'accounts/post-authentication', on: 'PostAuthentication', grants: ['table:read', 'table:write'] },
  { handler: 'accounts/custom-message', on: 'CustomMessage', grants: [] },
];
