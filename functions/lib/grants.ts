/** What a Lambda may touch; the CDK stack turns each into a least-privilege IAM grant. */
export type Grant = 'table:read' | 'table:write' | 'events:publish' | 'email:send' | 'stripe:read';
