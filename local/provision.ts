import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  CreateTableCommand,
  DescribeTableCommand,
  DescribeTimeToLiveCommand,
  DynamoDBClient,
  ResourceNotFoundException,
  UpdateTableCommand,
  UpdateTimeToLiveCommand,
  type GlobalSecondaryIndex,
  type TableDescription,
} from '@aws-sdk/client-dynamodb';
import {
  CognitoIdentityProviderClient,
  CreateGroupCommand,
  CreateUserPoolClientCommand,
  CreateUserPoolCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { tableDefinition } from '../functions/lib/table';
import { userPoolSettings } from '../infra/resources';
import { cognitoTriggerFunctions } from './lambda-api';
import { createAdministrator } from './administrators';

type Index = (typeof tableDefinition.indexes)[number];

const globalIndex = (index: Index): GlobalSecondaryIndex => ({
  IndexName: index.indexName,
  KeySchema: [
    { AttributeName: index.partitionKey, KeyType: 'HASH' },
    { AttributeName: index.sortKey, KeyType: 'RANGE' },
  ],
  Projection: { ProjectionType: 'ALL' },
});
const attributes = (names: string[]) =>
  [...new Set(names)].map((AttributeName) => ({ AttributeName, AttributeType: 'S' as const }));
const streamSpecification = { StreamEnabled: true, StreamViewType: tableDefinition.stream };

/**
 * Brings the table to `tableDefinition`: created with every index, the stream and the
 * time-to-live if it is new; an existing one (kept under the data dir from an earlier version)
 * gets what it lacks, one index at a time as DynamoDB requires. True if the table was new.
 */
export async function ensureTable(name: string, log: (line: string) => void = () => undefined): Promise<boolean> {
  const dynamodb = new DynamoDBClient({});
  try {
    const existing = await describe(dynamodb, name);
    let created = false;
    if (!existing) {
      const { keys, indexes } = tableDefinition;
      await dynamodb.send(
        new CreateTableCommand({
          TableName: name,
          BillingMode: 'PAY_PER_REQUEST',
          AttributeDefinitions: attributes([
            keys.partitionKey,
            keys.sortKey,
            ...indexes.flatMap((i) => [i.partitionKey, i.sortKey]),
          ]),
          KeySchema: [
            { AttributeName: keys.partitionKey, KeyType: 'HASH' },
            { AttributeName: keys.sortKey, KeyType: 'RANGE' },
          ],
          GlobalSecondaryIndexes: indexes.map(globalIndex),
          StreamSpecification: streamSpecification,
        }),
      );
      created = true;
    } else {
      await upgradeTable(dynamodb, name, existing, log);
    }
    await waitUntilActive(dynamodb, name);
    const ttl = await dynamodb.send(new DescribeTimeToLiveCommand({ TableName: name }));
    const ttlNow = ttl.TimeToLiveDescription;
    if (ttlNow?.TimeToLiveStatus !== 'ENABLED' || ttlNow.AttributeName !== tableDefinition.timeToLiveAttribute) {
      await dynamodb.send(
        new UpdateTimeToLiveCommand({
          TableName: name,
          TimeToLiveSpecification: { Enabled: true, AttributeName: tableDefinition.timeToLiveAttribute },
        }),
      );
    }
    return created;
  } finally {
    dynamodb.destroy();
  }
}

async function upgradeTable(dynamodb: DynamoDBClient, name: string, table: TableDescription, log: (line: string) => void) {
  const present = new Set((table.GlobalSecondaryIndexes ?? []).map((i) => i.IndexName));
  for (const index of tableDefinition.indexes.filter((i) => !present.has(i.indexName))) {
    log(`Adding index ${index.indexName} to the table...`);
    await dynamodb.send(
      new UpdateTableCommand({
        TableName: name,
        AttributeDefinitions: attributes([index.partitionKey, index.sortKey]),
        GlobalSecondaryIndexUpdates: [{ Create: globalIndex(index) }],
      }),
    );
    await waitUntilActive(dynamodb, name);
  }
  const stream = table.StreamSpecification;
  if (stream?.StreamEnabled && stream.StreamViewType !== tableDefinition.stream) {
    await dynamodb.send(new UpdateTableCommand({ TableName: name, StreamSpecification: { StreamEnabled: false } }));
    await waitUntilActive(dynamodb, name);
  }
  if (!stream?.StreamEnabled || stream.StreamViewType !== tableDefinition.stream) {
    log('Turning on the table stream...');
    await dynamodb.send(new UpdateTableCommand({ TableName: name, StreamSpecification: streamSpecification }));
  }
}

async function describe(dynamodb: DynamoDBClient, name: string): Promise<TableDescription | undefined> {
  try {
    return (await dynamodb.send(new DescribeTableCommand({ TableName: name }))).Table;
  } catch (error) {
    if (error instanceof ResourceNotFoundException) return undefined;
    throw error;
  }
}

async function waitUntilActive(dynamodb: DynamoDBClient, name: string, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const table = await describe(dynamodb, name);
    const busy = table?.TableStatus !== 'ACTIVE' || (table.GlobalSecondaryIndexes ?? []).some((i) => i.IndexStatus !== 'ACTIVE');
    if (!busy) return;
    if (Date.now() > deadline) throw new Error(`Table ${name} did not become active`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/**
 * cognito-local reads `.cognito/config.json` in its working directory at start: tokens name
 * its loopback address as issuer, and the catalogue's triggers are invoked through the local
 * Lambda endpoint under their function names.
 */
export function writeCognitoConfig(options: { cognitoDir: string; cognitoPort: number; lambdaEndpoint: string; region: string }) {
  const dir = join(options.cognitoDir, '.cognito');
  mkdirSync(dir, { recursive: true });
  const config = {
    LambdaClient: {
      endpoint: options.lambdaEndpoint,
      region: options.region,
      credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
    },
    TokenConfig: { IssuerDomain: `http://127.0.0.1:${options.cognitoPort}` },
    TriggerFunctions: cognitoTriggerFunctions(),
    UserPoolDefaults: { UsernameAttributes: ['email'] },
  };
  writeFileSync(join(dir, 'config.json'), JSON.stringify(config, null, 2));
}

export type CognitoState = { userPoolId: string; clientId: string; adminEmail: string };

/**
 * Creates the user pool from `userPoolSettings` as the CDK stack does (e-mail sign-in, the
 * password rule, an address changed only once verified, the admin group) and an administrator whose generated password is returned once.
 */
export async function provisionCognito(adminEmail: string): Promise<CognitoState & { adminPassword: string }> {
  const cognito = new CognitoIdentityProviderClient({});
  const pool = await cognito.send(
    new CreateUserPoolCommand({
      PoolName: userPoolSettings.name,
      UsernameAttributes: ['email'],
      AutoVerifiedAttributes: ['email'],
      // keepOriginal: a new address counts only once its code is confirmed, never before.
      UserAttributeUpdateSettings: { AttributesRequireVerificationBeforeUpdate: ['email'] },
      MfaConfiguration: userPoolSettings.mfa,
      Policies: {
        PasswordPolicy: {
          MinimumLength: userPoolSettings.passwordMinLength,
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
  await cognito.send(
    new CreateGroupCommand({ UserPoolId: userPoolId, GroupName: userPoolSettings.adminGroup, Description: 'Runs the site' }),
  );

  // As `npm run create-admin` does in AWS: a permanent password, so the first sign-in asks for nothing more.
  const { password: adminPassword } = await createAdministrator(cognito, userPoolId, {
    email: adminEmail,
    name: 'Site Administrator',
  });
  cognito.destroy();
  return { userPoolId, clientId: client.UserPoolClient!.ClientId!, adminEmail, adminPassword: adminPassword! };
}
