import { beforeEach, describe, expect, it } from 'vitest';
import { mockClient } from 'aws-sdk-client-mock';
import {
  AdminAddUserToGroupCommand,
  AdminCreateUserCommand,
  AdminSetUserPasswordCommand,
  CognitoIdentityProviderClient,
  UsernameExistsException,
} from '@aws-sdk/client-cognito-identity-provider';
import { CloudFormationClient, DescribeStacksCommand } from '@aws-sdk/client-cloudformation';
import { createAdministrator } from '../../local/administrators';
import { userPoolOfStack } from '../../bin/operations/stack-outputs';

const cognitoMock = mockClient(CognitoIdentityProviderClient);
const cloudFormationMock = mockClient(CloudFormationClient);
const cognito = new CognitoIdentityProviderClient({ region: 'eu-west-2' });
const cloudFormation = new CloudFormationClient({ region: 'eu-west-2' });
const pool = 'eu-west-2_AbCdEf123';
const email = 'teacher@breathwork-demo.co.uk';

/** The commands sent, in order, with their input. */
const sent = () => cognitoMock.calls().map((call) => [call.args[0].constructor.name, call.args[0].input]);

beforeEach(() => {
  cognitoMock.reset();
  cloudFormationMock.reset();
  cognitoMock.resolves({});
});

describe('npm run create-admin', () => {
  it('creates a confirmed user with no invitation, a generated permanent password, in the admin group', async () => {
    const admin = await createAdministrator(cognito, pool, { email });
    expect(admin.created).toBe(true);
    expect(admin.password).toMatch(/^[\w-]{24}$/);
    expect(sent()).toEqual([
      [
        'AdminCreateUserCommand',
        {
          UserPoolId: pool,
          Username: email,
          MessageAction: 'SUPPRESS',
          UserAttributes: [
            { Name: 'email', Value: email },
            { Name: 'email_verified', Value: 'true' },
          ],
        },
      ],
      ['AdminSetUserPasswordCommand', { UserPoolId: pool, Username: email, Password: admin.password, Permanent: true }],
      ['AdminAddUserToGroupCommand', { UserPoolId: pool, Username: email, GroupName: 'admin' }],
    ]);
    // Never the same password twice.
    expect((await createAdministrator(cognito, pool, { email })).password).not.toBe(admin.password);
  });

  it('sets the password given, for good', async () => {
    expect(await createAdministrator(cognito, pool, { email, password: 'chosen-by-the-teacher' })).toEqual({
      created: true,
      password: 'chosen-by-the-teacher',
    });
    expect(cognitoMock.commandCalls(AdminSetUserPasswordCommand)[0].args[0].input).toMatchObject({
      Password: 'chosen-by-the-teacher',
      Permanent: true,
    });
  });

  it('puts an existing member in the admin group and leaves their password alone unless one is given', async () => {
    cognitoMock
      .on(AdminCreateUserCommand)
      .rejects(new UsernameExistsException({ message: 'User account already exists', $metadata: {} }));
    expect(await createAdministrator(cognito, pool, { email })).toEqual({ created: false, password: undefined });
    expect(cognitoMock.commandCalls(AdminSetUserPasswordCommand)).toHaveLength(0);
    expect(cognitoMock.commandCalls(AdminAddUserToGroupCommand)[0].args[0].input).toEqual({
      UserPoolId: pool,
      Username: email,
      GroupName: 'admin',
    });

    cognitoMock.resetHistory();
    expect(await createAdministrator(cognito, pool, { email, password: 'a-new-one' })).toEqual({
      created: false,
      password: 'a-new-one',
    });
    expect(cognitoMock.commandCalls(AdminSetUserPasswordCommand)[0].args[0].input).toMatchObject({ Permanent: true });
  });

  it('lets any other refusal through, the group untouched', async () => {
    cognitoMock.on(AdminCreateUserCommand).rejects(new Error('User pool does not exist.'));
    await expect(createAdministrator(cognito, pool, { email })).rejects.toThrow('User pool does not exist.');
    expect(cognitoMock.commandCalls(AdminAddUserToGroupCommand)).toHaveLength(0);
  });

  it("finds the user pool in the deployed stack's outputs", async () => {
    cloudFormationMock.on(DescribeStacksCommand, { StackName: 'Breathwork' }).resolves({
      Stacks: [
        {
          StackName: 'Breathwork',
          CreationTime: new Date(),
          StackStatus: 'CREATE_COMPLETE',
          Outputs: [
            { OutputKey: 'SiteUrl', OutputValue: 'https://d111111abcdef8.cloudfront.net' },
            { OutputKey: 'UserPoolId', OutputValue: pool },
          ],
        },
      ],
    });
    expect(await userPoolOfStack(cloudFormation, 'Breathwork')).toBe(pool);
    cloudFormationMock.on(DescribeStacksCommand).resolves({ Stacks: [] });
    await expect(userPoolOfStack(cloudFormation, 'Other')).rejects.toThrow(
      'The stack Other has no UserPoolId output: deploy it first (npm run deploy).',
    );
  });
});
