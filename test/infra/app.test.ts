import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { execFile } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { addStack, stackRequest } from '../../infra/app';
import { projectApp } from '../support/cdk-app';

const projectDir = join(import.meta.dirname, '..', '..');

/** A site that was never built. */
const noSiteBuild = (() => {
  const dir = mkdtempSync(join(tmpdir(), 'no-site-'));
  return { dist: join(dir, 'dist'), renderer: join(dir, 'dist-server', 'render.mjs'), sources: [] };
})();

/** An app as the CLI runs it for a command: no asset needed ([]), or every stack's (['**']). */
const appFor = (bundlingStacks: string[], context: Record<string, string> = {}) =>
  projectApp({ 'aws:cdk:bundling-stacks': bundlingStacks, ...context });

afterEach(() => {
  vi.unstubAllEnvs();
});

describe('the CDK app, for a command that acts on the deployed stack by name (cdk destroy, cdk ls)', () => {
  it("is the stack's name and region alone, with neither the deploy's settings nor a site build", async () => {
    const app = appFor([], { region: 'eu-west-2' });
    const request = stackRequest(app, noSiteBuild);
    expect(request).toEqual({ whole: false, region: 'eu-west-2' });
    await addStack(app, request);
    const stack = app.synth().getStackByName('Breathwork');
    expect(stack.environment.region).toBe('eu-west-2');
    expect(Object.keys(stack.template.Resources ?? {}).filter((id) => id !== 'CDKMetadata')).toEqual([]);
  });

  it('still needs the region chosen on purpose: a teardown never goes wherever a profile points', () => {
    vi.stubEnv('AWS_REGION', undefined);
    expect(() => stackRequest(appFor([]), noSiteBuild)).toThrow(
      'No region chosen: pass -c region=<region> (for example eu-west-2), or set AWS_REGION.',
    );
    vi.stubEnv('AWS_REGION', 'eu-west-1');
    expect(stackRequest(appFor([]), noSiteBuild)).toEqual({ whole: false, region: 'eu-west-1' });
  });
});

describe('the CDK app, for a command that deploys or reads the whole stack (deploy, diff, synth, import)', () => {
  it("refuses to synthesize without the deploy's settings, or without a site build", () => {
    vi.stubEnv('AWS_REGION', undefined);
    for (const bundlingStacks of [['**'], ['Breathwork']]) {
      expect(() => stackRequest(appFor(bundlingStacks, { region: 'eu-west-2' }), noSiteBuild)).toThrow(/^fromEmail is missing/);
    }
    const settings = {
      region: 'eu-west-2',
      fromEmail: 'hello@breathwork-demo.co.uk',
      adminEmail: 'studio@breathwork-demo.co.uk',
    };
    expect(() => stackRequest(appFor(['**'], settings), noSiteBuild)).toThrow(/^The site is not built/);
    // Run without the CLI, the app bundles every stack.
    expect(() => stackRequest(projectApp(settings), noSiteBuild)).toThrow(/^The site is not built/);
  });
});

/**
 * The project's own `cdk`, pointed at a stand-in for AWS: the caller's identity, and no stack
 * named Breathwork. Everything else (assuming the bootstrap's deploy role) is refused.
 */
const cli = join(dirname(createRequire(import.meta.url).resolve('aws-cdk/package.json')), 'bin', 'cdk');
const calls: { action: string; region: string }[] = [];
let aws: Server;
beforeAll(async () => {
  aws = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      const action = new URLSearchParams(body).get('Action') ?? '';
      const region = /Credential=[^/]+\/\d{8}\/([^/]+)\//.exec(request.headers.authorization ?? '')?.[1] ?? '';
      calls.push({ action, region });
      const reply = (status: number, xml: string) => {
        response.writeHead(status, { 'content-type': 'text/xml' });
        response.end(xml);
      };
      if (action === 'GetCallerIdentity') {
        return reply(
          200,
          '<GetCallerIdentityResponse><GetCallerIdentityResult><Arn>arn:aws:iam::123456789012:user/operator</Arn><UserId>AIDAOPERATOR</UserId><Account>123456789012</Account></GetCallerIdentityResult></GetCallerIdentityResponse>',
        );
      }
      if (action === 'DescribeStacks') {
        return reply(
          400,
          '<ErrorResponse><Error><Type>Sender</Type><Code>ValidationError</Code><Message>Stack with id Breathwork does not exist</Message></Error></ErrorResponse>',
        );
      }
      reply(
        403,
        '<ErrorResponse><Error><Type>Sender</Type><Code>AccessDenied</Code><Message>Not here</Message></Error></ErrorResponse>',
      );
    });
  });
  await new Promise<void>((resolve) => aws.listen(0, '127.0.0.1', resolve));
});
afterAll(() => aws.close());

function cdk(...args: string[]) {
  const awsFolder = mkdtempSync(join(tmpdir(), 'aws-'));
  writeFileSync(join(awsFolder, 'config'), '[default]\nregion = us-east-1\n');
  writeFileSync(join(awsFolder, 'credentials'), '[default]\naws_access_key_id = AKIDEXAMPLE\naws_secret_access_key = secret\n');
  const { AWS_REGION: _region, AWS_PROFILE: _profile, ...inherited } = process.env;
  return new Promise<{ code: number; output: string }>((resolve) => {
    execFile(
      process.execPath,
      [cli, ...args, '--output', mkdtempSync(join(tmpdir(), 'cdk-out-')), '--no-notices'],
      {
        cwd: projectDir,
        env: {
          ...inherited,
          AWS_CONFIG_FILE: join(awsFolder, 'config'),
          AWS_SHARED_CREDENTIALS_FILE: join(awsFolder, 'credentials'),
          AWS_ENDPOINT_URL: `http://127.0.0.1:${(aws.address() as AddressInfo).port}`,
          CDK_DISABLE_CLI_TELEMETRY: 'true',
        },
      },
      (error, stdout, stderr) => resolve({ code: typeof error?.code === 'number' ? error.code : 0, output: stdout + stderr }),
    );
  });
}

describe('the runbooks through the CDK CLI, against a stand-in for AWS', () => {
  it(
    "destroy the stack with the region alone, in that region; a deploy without the deploy's settings stops before any call",
    { timeout: 120_000 },
    async () => {
      const destroyed = await cdk('destroy', 'Breathwork', '-c', 'region=eu-west-2', '--force');
      expect(destroyed.output).not.toMatch(/is missing|not built/);
      expect(destroyed.code).toBe(0);
      expect(calls).toContainEqual({ action: 'DescribeStacks', region: 'eu-west-2' });
      expect(calls.filter((call) => call.region === 'us-east-1' && call.action !== 'GetCallerIdentity')).toEqual([]);

      calls.length = 0;
      const deployed = await cdk('deploy', 'Breathwork', '-c', 'region=eu-west-2', '--require-approval', 'never');
      expect(deployed.code).not.toBe(0);
      expect(deployed.output).toContain('fromEmail is missing');
      expect(calls).toEqual([]);
    },
  );
});
