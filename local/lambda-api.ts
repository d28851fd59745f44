import { AdminUpdateUserAttributesCommand, CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import { triggers } from '../functions/triggers';
import { functionName, invoke as invokeHandler } from './lambda';
import { AwsError } from './aws-errors';

const INVOKE_PATH = /^\/2015-03-31\/functions\/([^/]+)\/invocations$/;

export type LambdaResponse = { status: number; headers: Record<string, string>; body: string };

/** The functions cognito-local may invoke: each catalogue trigger, by its local function name. */
export const triggerFunctions = new Map(triggers.map((t) => [functionName(t.handler), t.handler]));

/** cognito-local's `TriggerFunctions` setting: each trigger's `on` mapped to its function name. */
export const cognitoTriggerFunctions = () => Object.fromEntries(triggers.map((t) => [t.on, functionName(t.handler)]));

export const isLambdaInvoke = (path: string) => INVOKE_PATH.test(path);

/**
 * The Lambda Invoke API (`POST /2015-03-31/functions/<name>/invocations`) for the given
 * functions: the handler module is called through the local runtime as Lambda calls it, and
 * its result comes back as the JSON payload; a handler's error comes back as Lambda reports
 * one (status 200, `X-Amz-Function-Error: Unhandled`).
 */
export async function lambdaInvoke(
  request: { path: string; headers: Record<string, string | string[] | undefined>; body: string },
  options: {
    functions?: Map<string, string>;
    invoke?: (handler: string, event: unknown) => Promise<unknown>;
    markVerified?: (userPoolId: string, userName: string, email: string) => Promise<void>;
  } = {},
): Promise<LambdaResponse> {
  const { functions = triggerFunctions, invoke = invokeHandler, markVerified = markAddressVerified } = options;
  const match = INVOKE_PATH.exec(request.path);
  if (!match) throw new AwsError(404, 'UnknownOperationException', `No operation at ${request.path}`);
  const requested = decodeURIComponent(match[1]);
  // A function may be named by its name or its ARN (arn:aws:lambda:region:account:function:name[:qualifier]).
  const name = requested.startsWith('arn:') ? (requested.split(':')[6] ?? '') : requested.split(':')[0];
  const handler = functions.get(name);
  if (!handler) {
    const arn = `arn:aws:lambda:${process.env.AWS_REGION ?? 'local'}:000000000000:function:${name}`;
    throw new AwsError(404, 'ResourceNotFoundException', `Function not found: ${arn}`);
  }
  let event: unknown;
  try {
    event = request.body === '' ? {} : JSON.parse(request.body);
  } catch {
    throw new AwsError(400, 'InvalidRequestContentException', 'Could not parse request body into json');
  }
  const asSent = asCognitoSendsIt(event);
  if (asSent !== event) {
    // Stored too, so later events of the account (a sign-in's) carry it as Cognito's do.
    const { userPoolId, userName, request } = asSent as {
      userPoolId: string;
      userName: string;
      request: { userAttributes: { email: string } };
    };
    await markVerified(userPoolId, userName, request.userAttributes.email);
    event = asSent;
  }
  const invocationType = String(request.headers['x-amz-invocation-type'] ?? 'RequestResponse');
  const headers = { 'content-type': 'application/json', 'x-amz-executed-version': '$LATEST' };
  if (invocationType === 'DryRun') return { status: 204, headers, body: '' };
  if (invocationType === 'Event') {
    invoke(handler, event).catch((error: unknown) => console.error(`${handler} failed:`, error));
    return { status: 202, headers, body: '' };
  }
  try {
    const result = await invoke(handler, event);
    return { status: 200, headers, body: JSON.stringify(result ?? null) };
  } catch (error) {
    const failure = error instanceof Error ? error : new Error(String(error));
    return {
      status: 200,
      headers: { ...headers, 'x-amz-function-error': 'Unhandled' },
      body: JSON.stringify({ errorType: failure.name, errorMessage: failure.message, trace: (failure.stack ?? '').split('\n') }),
    };
  }
}

let cognito: CognitoIdentityProviderClient | undefined;

/** Marks the account's address verified in cognito-local, as Cognito marks it when the sign-up's code is confirmed. */
async function markAddressVerified(userPoolId: string, userName: string, email: string): Promise<void> {
  cognito ??= new CognitoIdentityProviderClient({});
  await cognito.send(
    new AdminUpdateUserAttributesCommand({
      UserPoolId: userPoolId,
      Username: userName,
      // cognito-local changes the flag only with the address it belongs to.
      UserAttributes: [
        { Name: 'email', Value: email },
        { Name: 'email_verified', Value: 'true' },
      ],
    }),
  );
}

type PostConfirmationLike = {
  triggerSource?: string;
  callerContext?: { clientId?: string | null };
  request?: { userAttributes?: Record<string, string> };
};

/**
 * cognito-local differs from Cognito where a trigger reads it: confirming a sign-up with the code
 * sent to the address (ConfirmSignUp, through the app client) does not mark the address verified.
 * Cognito does, and its PostConfirmation_ConfirmSignUp event then carries email_verified 'true';
 * after AdminConfirmSignUp (no client: cognito-local sends clientId null) it does not. Restored
 * here, so the trigger module gets the event it gets in AWS; any other event passes unchanged.
 */
export function asCognitoSendsIt(event: unknown): unknown {
  const trigger = event as PostConfirmationLike;
  const attributes = trigger?.request?.userAttributes;
  if (trigger?.triggerSource !== 'PostConfirmation_ConfirmSignUp' || !trigger.callerContext?.clientId) return event;
  if (!attributes?.email || attributes.email_verified !== undefined) return event;
  return { ...trigger, request: { ...trigger.request, userAttributes: { ...attributes, email_verified: 'true' } } };
}
