import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Agent, createServer } from 'node:http';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import { GetSecretValueCommand, ResourceNotFoundException, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { createEventBus } from '../../local/bus';
import { startAwsEndpoint } from '../../local/aws-endpoint';

const keys = JSON.stringify({ STRIPE_SECRET_KEY: 'sk_test_local', STRIPE_WEBHOOK_SECRET: 'whsec_local' });
let endpoint: ReturnType<typeof startAwsEndpoint>;
let client: SecretsManagerClient;

beforeAll(async () => {
  // A port nothing else holds: taken, then given back for the endpoint.
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));

  const bus = createEventBus({
    dataDir: mkdtempSync(join(tmpdir(), 'endpoint-')),
    log: () => undefined,
    invoke: async () => undefined,
  });
  endpoint = startAwsEndpoint({
    port,
    bus,
    redriveRelayFailures: async () => ({ redriven: [], failed: [] }),
    secrets: { 'breathwork/stripe': keys },
    log: () => undefined,
  });
  await endpoint.listen();
  client = new SecretsManagerClient({
    endpoint: `http://127.0.0.1:${port}`,
    region: 'eu-west-2',
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
    maxAttempts: 1,
    requestHandler: { httpAgent: new Agent({ keepAlive: false }) },
  });
});

afterAll(async () => {
  client.destroy();
  await endpoint.close();
});

describe('the local AWS endpoint', () => {
  it("answers Secrets Manager's GetSecretValue for a secret it holds", async () => {
    const secret = await client.send(new GetSecretValueCommand({ SecretId: 'breathwork/stripe' }));
    expect(secret).toMatchObject({ Name: 'breathwork/stripe', SecretString: keys });
  });

  it('answers 400 ResourceNotFoundException for a secret it does not hold', async () => {
    const error = await client.send(new GetSecretValueCommand({ SecretId: 'breathwork/other' })).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ResourceNotFoundException);
    expect((error as ResourceNotFoundException).$metadata.httpStatusCode).toBe(400);
  });
});
