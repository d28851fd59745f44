import { randomBytes } from 'node:crypto';
import { CreateTableCommand, DescribeTableCommand, DynamoDBClient, ResourceNotFoundException } from '@aws-sdk/client-dynamodb';
import {
  AdminAddUserToGroupCommand,
  AdminCreateUserCommand,
  AdminSetUserPasswordCommand,
  CognitoIdentityProviderClient,
  CreateGroupCommand,
  CreateUserPoolClientCommand,
  CreateUserPoolCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { gsi1, tableKeys } from '../functions/lib/table';

/** Creates the table as the CDK stack defines it (on-demand, with GSI1); true if it was new. */
export async function ensureTable(name: string): Promise<boolean> {
  const dynamodb = new DynamoDBClient({});
  try {
    await dynamodb.send(new DescribeTableCommand({ TableName: name }));
    return false;
  } catch (error) {
    if (!(error instanceof ResourceNotFoundException)) throw error;
  }
  const keys = [tableKeys.partitionKey, tableKeys.sortKey, gsi1.partitionKey, gsi1.sortKey];
  await dynamodb.send(
    new CreateTableCommand({
      TableName: name,
      BillingMode: 'PAY_PER_REQUEST',
      AttributeDefinitions: keys.map((key) => ({ AttributeName: key, AttributeType: 'S' })),
      KeySchema: [
        { AttributeName: tableKeys.partitionKey, KeyType: 'HASH' },
        { AttributeName: tableKeys.sortKey, KeyType: 'RANGE' },
      ],
      GlobalSecondaryIndexes: [
        {
          IndexName: gsi1.indexName,
          KeySchema: [
            { AttributeName: gsi1.partitionKey, KeyType: 'HASH' },
            { AttributeName: gsi1.sortKey, KeyType: 'RANGE' },
          ],
          Projection: { ProjectionType: 'ALL' },
        },
      ],
    }),
  );
  return true;
}

export type CognitoState = { userPoolId: string; clientId: string; adminEmail: string };

/**
 * Creates the user pool as the CDK stack does (e-mail sign-in, passwords of 6 or more,
 * an admin group) and an administrator whose generated password is returned once.
 */
export async function provisionCognito(adminEmail: string): Promise<CognitoState & { adminPassword: string }> {
  const cognito = new CognitoIdentityProviderClient({});
  const pool = await cognito.send(
    new CreateUserPoolCommand({
      PoolName: 'breathwork-users',
      UsernameAttributes: ['email'],
      AutoVerifiedAttributes: ['email'],
      Policies: {
        PasswordPolicy: {
          MinimumLength: 6,
          RequireLowercase: false,
          RequireUppercase: false,
          RequireNumbers: false,
          RequireSymbols: false,
        },
      },
    }),
  );
  const userPoolId = pool.UserPool!.Id!;
  const client = await cognito.send(
    new CreateUserPoolClientCommand({
      UserPoolId: userPoolId,
      ClientName: 'web',
      ExplicitAuthFlows: ['ALLOW_USER_PASSWORD_AUTH', 'ALLOW_USER_SRP_AUTH', 'ALLOW_REFRESH_TOKEN_AUTH'],
    }),
  );
  await cognito.send(new CreateGroupCommand({ UserPoolId: userPoolId, GroupName: 'admin', Description: 'Runs the site' }));

  const adminPassword = randomBytes(9).toString('base64url');
  await cognito.send(
    new AdminCreateUserCommand({
      UserPoolId: userPoolId,
      Username: adminEmail,
      MessageAction: 'SUPPRESS',
      UserAttributes: [
        { Name: 'email', Value: adminEmail },
        { Name: 'email_verified', Value: 'true' },
        { Name: 'name', Value: 'Site Administrator' },
      ],
    }),
  );
  await cognito.send(
    new AdminSetUserPasswordCommand({ UserPoolId: userPoolId, Username: adminEmail, Password: adminPassword, Permanent: true }),
  );
  await cognito.send(new AdminAddUserToGroupCommand({ UserPoolId: userPoolId, Username: adminEmail, GroupName: 'admin' }));
  return { userPoolId, clientId: client.UserPoolClient!.ClientId!, adminEmail, adminPassword };
}
