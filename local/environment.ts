// No AWS SDK imports here: the environment must be in place before any client is created.

export const TABLE_NAME = 'breathwork';
export const ADMIN_EMAIL = 'admin@breathwork.local';

export function portsFor(port: number) {
  return { site: port, bus: port + 1, dynamodb: port + 2, cognito: port + 3, s3: port + 4, ses: port + 5 };
}

/**
 * The environment the handlers see. In AWS the CDK stack sets the same names; locally only
 * the endpoints differ, through the SDK's standard AWS_ENDPOINT_URL_<SERVICE> variables.
 */
export function localEnvironment(port: number): Record<string, string> {
  const ports = portsFor(port);
  const local = (p: number) => `http://127.0.0.1:${p}`;
  return {
    AWS_REGION: 'eu-west-2',
    // s3rver accepts only its own fixed key; the other emulators accept any.
    AWS_ACCESS_KEY_ID: 'S3RVER',
    AWS_SECRET_ACCESS_KEY: 'S3RVER',
    // Lambda runs Node 22; this machine's Node 20 is only for the local stack.
    AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
    AWS_ENDPOINT_URL_DYNAMODB: local(ports.dynamodb),
    AWS_ENDPOINT_URL_COGNITO_IDENTITY_PROVIDER: local(ports.cognito),
    AWS_ENDPOINT_URL_S3: local(ports.s3),
    AWS_ENDPOINT_URL_SESV2: local(ports.ses),
    AWS_ENDPOINT_URL_EVENTBRIDGE: local(ports.bus),
    TABLE_NAME,
    EVENT_BUS_NAME: 'breathwork',
    FROM_EMAIL: 'hello@breathwork.local',
    ADMIN_EMAIL,
    SITE_URL: local(ports.site),
    POWERTOOLS_LOG_LEVEL: process.env.POWERTOOLS_LOG_LEVEL ?? 'WARN',
  };
}
