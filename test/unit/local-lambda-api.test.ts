import { describe, expect, it } from 'vitest';
import { asCognitoSendsIt, cognitoTriggerFunctions, lambdaInvoke, triggerFunctions } from '../../local/lambda-api';
import { triggers } from '../../functions/triggers';
import { AwsError } from '../../local/aws-errors';

const request = (name: string, body = '{"a":1}', headers: Record<string, string> = {}) => ({
  path: `/2015-03-31/functions/${encodeURIComponent(name)}/invocations`,
  headers,
  body,
});

describe('the local Lambda Invoke API', () => {
  it("maps each catalogue trigger's event to a function cognito-local can invoke", () => {
    expect(Object.keys(cognitoTriggerFunctions()).sort()).toEqual(triggers.map((t) => t.on).sort());
    for (const trigger of triggers) expect(triggerFunctions.get(cognitoTriggerFunctions()[trigger.on])).toBe(trigger.handler);
  });

  it("calls the trigger's module with the payload and returns its result as JSON", async () => {
    const calls: [string, unknown][] = [];
    const response = await lambdaInvoke(request('accounts-post-confirmation'), {
      invoke: async (handler, event) => {
        calls.push([handler, event]);
        return { response: { ok: true } };
      },
    });
    expect(calls).toEqual([['accounts/post-confirmation', { a: 1 }]]);
    expect(response).toMatchObject({ status: 200, body: '{"response":{"ok":true}}' });
  });

  it('accepts an ARN as the function name', async () => {
    const arn = 'arn:aws:lambda:eu-west-2:000000000000:function:accounts-custom-message';
    const response = await lambdaInvoke(request(arn), { invoke: async () => 'done' });
    expect(response.body).toBe('"done"');
  });

  it("reports a handler's error as Lambda does", async () => {
    const response = await lambdaInvoke(request('accounts-custom-message'), {
      invoke: () => Promise.reject(new TypeError('bad event')),
    });
    expect(response.status).toBe(200);
    expect(response.headers['x-amz-function-error']).toBe('Unhandled');
    expect(JSON.parse(response.body)).toMatchObject({ errorType: 'TypeError', errorMessage: 'bad event' });
  });

  it('answers an unknown function with 404 ResourceNotFoundException and bad JSON with 400', async () => {
    const unknown = lambdaInvoke(request('no-such-function'), { invoke: async () => undefined });
    await expect(unknown).rejects.toBeInstanceOf(AwsError);
    await expect(unknown).rejects.toMatchObject({ status: 404, code: 'ResourceNotFoundException' });
    await expect(lambdaInvoke(request('accounts-custom-message', '{'), { invoke: async () => undefined })).rejects.toMatchObject({
      status: 400,
      code: 'InvalidRequestContentException',
    });
  });

  it('marks the address verified after a sign-up confirmed with its code, as Cognito does, and only then', () => {
    const confirmed = (clientId: string | null, attributes: Record<string, string>) => ({
      triggerSource: 'PostConfirmation_ConfirmSignUp',
      callerContext: { clientId },
      request: { userAttributes: { sub: 's1', email: 'x@example.com', ...attributes } },
    });
    expect(asCognitoSendsIt(confirmed('web', {}))).toEqual(confirmed('web', { email_verified: 'true' }));
    // Confirmed by an administrator: no proof the address is theirs.
    expect(asCognitoSendsIt(confirmed(null, {}))).toEqual(confirmed(null, {}));
    expect(asCognitoSendsIt(confirmed('web', { email_verified: 'false' }))).toEqual(
      confirmed('web', { email_verified: 'false' }),
    );
    const reset = { ...confirmed('web', {}), triggerSource: 'PostConfirmation_ConfirmForgotPassword' };
    expect(asCognitoSendsIt(reset)).toEqual(reset);
    expect(asCognitoSendsIt({ a: 1 })).toEqual({ a: 1 });
  });

  it("stores the verified address on the account when it restores it, so the account's sign-ins carry it too", async () => {
    const event = {
      triggerSource: 'PostConfirmation_ConfirmSignUp',
      callerContext: { clientId: 'web' },
      userPoolId: 'pool-1',
      userName: 'u1',
      request: { userAttributes: { sub: 's1', email: 'x@example.com' } },
    };
    const marked: string[][] = [];
    const options = {
      invoke: async (_handler: string, received: unknown) => received,
      markVerified: async (pool: string, user: string, email: string) => void marked.push([pool, user, email]),
    };
    const response = await lambdaInvoke(request('accounts-post-confirmation', JSON.stringify(event)), options);
    expect(marked).toEqual([['pool-1', 'u1', 'x@example.com']]);
    expect(JSON.parse(response.body).request.userAttributes.email_verified).toBe('true');
    // Confirmed by an administrator: nothing is stored.
    const byAdmin = { ...event, callerContext: { clientId: null } };
    await lambdaInvoke(request('accounts-post-confirmation', JSON.stringify(byAdmin)), options);
    expect(marked).toHaveLength(1);
  });
});
