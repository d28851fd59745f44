import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { App } from 'aws-cdk-lib';
import { importMapping } from '../../bin/operations/retained-resources';
import { STACK_NAME } from '../../infra/deploy-settings';
import { BreathworkStack, type BreathworkStackProps } from '../../infra/stack';
import { tableLogicalId } from '../../infra/table-generation';
import { testStackProps, type Json } from '../support/cdk-app';

/**
 * The runbooks' `cdk` commands, run with the project's own CDK CLI against a stand-in for AWS: it
 * answers who the caller is and what the stacks given are (their state and template), records every
 * call, and refuses the rest, so a command goes as far as its choices and no further.
 */

const projectDir = join(import.meta.dirname, '..', '..');
const cli = join(dirname(createRequire(import.meta.url).resolve('aws-cdk/package.json')), 'bin', 'cdk');
const account = '123456789012';
const region = 'eu-west-2';

/** The stacks the stand-in has, by name: the template each was deployed with. */
let deployed: Record<string, string> = {};
const calls: { action: string; region: string }[] = [];
let aws: Server;

const xml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const refusal = (code: string, message: string) =>
  `<ErrorResponse><Error><Type>Sender</Type><Code>${code}</Code><Message>${message}</Message></Error></ErrorResponse>`;

beforeAll(async () => {
  aws = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      const form = new URLSearchParams(body);
      const action = form.get('Action') ?? String(request.headers['x-amz-target'] ?? request.method);
      calls.push({ action, region: /Credential=[^/]+\/\d{8}\/([^/]+)\//.exec(request.headers.authorization ?? '')?.[1] ?? '' });
      const reply = (status: number, text: string) => {
        response.writeHead(status, { 'content-type': 'text/xml' });
        response.end(text);
      };
      const stackName = form.get('StackName') ?? '';
      if (action === 'GetCallerIdentity') {
        return reply(
          200,
          `<GetCallerIdentityResponse><GetCallerIdentityResult><Arn>arn:aws:iam::${account}:user/operator</Arn><UserId>AIDAOPERATOR</UserId><Account>${account}</Account></GetCallerIdentityResult></GetCallerIdentityResponse>`,
        );
      }
      if (action === 'DescribeStacks' && !deployed[stackName]) {
        return reply(400, refusal('ValidationError', `Stack with id ${stackName} does not exist`));
      }
      if (action === 'DescribeStacks') {
        return reply(
          200,
          `<DescribeStacksResponse><DescribeStacksResult><Stacks><member><StackName>${stackName}</StackName><StackId>arn:aws:cloudformation:${region}:${account}:stack/${stackName}/1</StackId><StackStatus>UPDATE_COMPLETE</StackStatus><CreationTime>2030-01-01T00:00:00Z</CreationTime></member></Stacks></DescribeStacksResult></DescribeStacksResponse>`,
        );
      }
      if (action === 'GetTemplate') {
        return reply(
          200,
          `<GetTemplateResponse><GetTemplateResult><TemplateBody>${xml(deployed[stackName])}</TemplateBody></GetTemplateResult></GetTemplateResponse>`,
        );
      }
      reply(403, refusal('AccessDenied', 'Not in this rehearsal'));
    });
  });
  await new Promise<void>((resolve) => aws.listen(0, '127.0.0.1', resolve));
});
afterAll(() => aws.close());
beforeEach(() => {
  deployed = {};
  calls.length = 0;
});

/** The project's `cdk` as an operator runs it, with a profile whose region is another. */
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

/**
 * The stack's cloud assembly, synthesized here as the app makes it for these settings. `cdk import`
 * reads it with `--app`: the project's app would bundle every function and need a site build,
 * where only the template decides what an import takes.
 */
function assembly(props: Partial<BreathworkStackProps> = {}) {
  const cdkJson = JSON.parse(readFileSync(join(projectDir, 'cdk.json'), 'utf8')) as { context: Json };
  const outdir = mkdtempSync(join(tmpdir(), 'assembly-'));
  const app = new App({ outdir, context: { ...cdkJson.context, 'aws:cdk:bundling-stacks': [] } });
  new BreathworkStack(app, STACK_NAME, { ...testStackProps, ...props, env: { account, region } });
  app.synth();
  const template = readFileSync(join(outdir, `${STACK_NAME}.template.json`), 'utf8');
  return { outdir, template, resources: (JSON.parse(template) as { Resources: Record<string, Json> }).Resources };
}

/** What `cdk import` chose, from the lines it prints for each resource the stack does not have yet. */
function importChoices(output: string) {
  const choice = (pattern: RegExp) => [...output.matchAll(pattern)].map((match) => match[1]).sort();
  return { imported: choice(/^(\S+): importing using /gm), skipped: choice(/^(\S+): skipping$/gm) };
}

function writeMapping(mapping: unknown) {
  const file = join(mkdtempSync(join(tmpdir(), 'mapping-')), 'mapping.json');
  writeFileSync(file, JSON.stringify(mapping));
  return file;
}

describe("the runbooks' cdk commands, through the CLI against a stand-in for AWS", () => {
  it("destroy the stack with the region alone, in that region; a deploy without the deploy's settings stops before any call", async () => {
    deployed = { [STACK_NAME]: '{}' };
    const destroyed = await cdk('destroy', STACK_NAME, '-c', `region=${region}`, '--force');
    expect(destroyed.output).not.toMatch(/is missing|not built/);
    expect(calls).toContainEqual({ action: 'DescribeStacks', region });
    // It asks CloudFormation in that region to delete the stack (which the stand-in refuses).
    expect(calls).toContainEqual({ action: 'DeleteStack', region });
    // The CLI asks who the caller is in the profile's region; everything else goes to the stack's.
    expect(calls.filter((call) => call.region !== region && call.action !== 'GetCallerIdentity')).toEqual([]);

    calls.length = 0;
    const deploy = await cdk('deploy', STACK_NAME, '-c', `region=${region}`, '--require-approval', 'never');
    expect(deploy.code).not.toBe(0);
    expect(deploy.output).toContain('fromEmail is missing');
    expect(calls).toEqual([]);
  });

  it("import a restored table alone with restore-table's mapping, skipping the relay's new stream mapping", async () => {
    deployed = { [STACK_NAME]: assembly().template };
    const next = assembly({ tableGeneration: 2 });
    const mapping = writeMapping({ [tableLogicalId(2)]: { TableName: 'Breathwork-Table-restored-203001011120' } });
    const { output } = await cdk('import', STACK_NAME, '--app', next.outdir, '--force', '--resource-mapping', mapping);
    const { imported, skipped } = importChoices(output);
    expect(imported).toEqual([tableLogicalId(2)]);
    expect(skipped.map((id) => next.resources[id].Type)).toEqual(['AWS::Lambda::EventSourceMapping']);
    expect(output).toContain(`${tableLogicalId(2)}: importing using TableName=Breathwork-Table-restored-203001011120`);
  });

  it("bring a torn-down stack's retained resources back with retained's mapping, and nothing else", async () => {
    const reattaching = assembly({ reattach: true });
    const retained = Object.keys(reattaching.resources).filter((id) => reattaching.resources[id].DeletionPolicy === 'Retain');
    const mapping = importMapping(
      JSON.parse(reattaching.template),
      Object.fromEntries(retained.map((id) => [id, `physical-${id}`])),
    );
    const { output } = await cdk('import', STACK_NAME, '--app', reattaching.outdir, '--resource-mapping', writeMapping(mapping));
    const { imported, skipped } = importChoices(output);
    expect(imported).toEqual(retained.sort());
    expect(skipped.map((id) => reattaching.resources[id].Type)).toContain('AWS::Lambda::EventSourceMapping');
    expect([...imported, ...skipped].sort()).toEqual(
      Object.keys(reattaching.resources)
        .filter((id) => id !== 'CDKMetadata')
        .sort(),
    );
  });
});
