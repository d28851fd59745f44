import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execFile } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chosenRegion } from '../../infra/deploy-settings';

/** Each command that acts on a stack in AWS, as an operator runs it, but for the region. */
const commands: Record<string, string[]> = {
  'dead-letters': ['bin/operations/dead-letters.ts', 'list', '--aws'],
  outbox: ['bin/operations/outbox.ts', 'list', '--since', '2030-01-01T10:00:00Z', '--aws'],
  'restore-table': ['bin/operations/restore-table.ts', '--latest'],
  retained: ['bin/operations/retained.ts', '--out', join(mkdtempSync(join(tmpdir(), 'retained-')), 'mapping.json')],
  'create-admin': ['bin/operations/create-admin.ts', '--email', 'teacher@breathwork-demo.co.uk'],
};

// A profile that names a region, as a developer's machine often has: no command may take it.
const awsFolder = mkdtempSync(join(tmpdir(), 'aws-profile-'));
writeFileSync(join(awsFolder, 'config'), '[default]\nregion = us-east-1\n');
writeFileSync(join(awsFolder, 'credentials'), '[default]\naws_access_key_id = AKIDEXAMPLE\naws_secret_access_key = secret\n');

/** Every AWS call lands here and is refused; the region each was signed for is kept. */
const signedFor: string[] = [];
let endpoint: Server;
beforeAll(async () => {
  endpoint = createServer((request, response) => {
    signedFor.push(/Credential=[^/]+\/\d{8}\/([^/]+)\//.exec(request.headers.authorization ?? '')?.[1] ?? 'unsigned');
    response.writeHead(403, { 'content-type': 'text/xml' });
    response.end(
      '<ErrorResponse><Error><Type>Sender</Type><Code>AccessDenied</Code><Message>rehearsal</Message></Error></ErrorResponse>',
    );
  });
  await new Promise<void>((resolve) => endpoint.listen(0, '127.0.0.1', resolve));
});
afterAll(() => endpoint.close());

function run(command: string[], environment: Record<string, string> = {}) {
  const { AWS_REGION: _region, AWS_DEFAULT_REGION: _default, AWS_PROFILE: _profile, ...inherited } = process.env;
  return new Promise<{ code: number; stderr: string }>((resolve) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', ...command],
      {
        env: {
          ...inherited,
          AWS_CONFIG_FILE: join(awsFolder, 'config'),
          AWS_SHARED_CREDENTIALS_FILE: join(awsFolder, 'credentials'),
          AWS_ENDPOINT_URL: `http://127.0.0.1:${(endpoint.address() as AddressInfo).port}`,
          ...environment,
        },
      },
      (error, _stdout, stderr) => resolve({ code: typeof error?.code === 'number' ? error.code : 0, stderr }),
    );
  });
}

describe("the region of the operations commands, taken as the deploy's", () => {
  it('is the one given, or AWS_REGION, and never a guess', () => {
    expect(chosenRegion('eu-west-2', '--region ', { AWS_REGION: 'eu-west-1' })).toBe('eu-west-2');
    expect(chosenRegion(undefined, '--region ', { AWS_REGION: 'eu-west-1' })).toBe('eu-west-1');
    expect(() => chosenRegion(undefined, '--region ', { AWS_DEFAULT_REGION: 'eu-west-1', AWS_PROFILE: 'work' })).toThrow(
      'No region chosen: pass --region <region> (for example eu-west-2), or set AWS_REGION.',
    );
    expect(() => chosenRegion('London', '--region ', {})).toThrow(
      "region 'London' is not an AWS region: pass one like --region eu-west-2.",
    );
  });

  it(
    'stops every command before any call when none is chosen, whatever region the profile holds; otherwise it signs for the chosen one',
    { timeout: 60_000 },
    async () => {
      const names = Object.keys(commands);
      const unchosen = await Promise.all(names.map((name) => run(commands[name])));
      unchosen.forEach(({ code, stderr }, i) => {
        expect(code, names[i]).toBe(1);
        expect(stderr, names[i]).toContain(
          'No region chosen: pass --region <region> (for example eu-west-2), or set AWS_REGION.',
        );
      });
      expect(signedFor).toEqual([]);

      const given = await Promise.all(names.map((name) => run([...commands[name], '--region', 'eu-west-2'])));
      given.forEach(({ code, stderr }, i) => {
        expect(code, names[i]).not.toBe(0);
        expect(stderr, names[i]).not.toContain('No region chosen');
      });
      expect(signedFor).toHaveLength(names.length);
      expect(new Set(signedFor)).toEqual(new Set(['eu-west-2']));

      signedFor.length = 0;
      expect((await run(commands.retained, { AWS_REGION: 'eu-west-3' })).code).not.toBe(0);
      expect(signedFor).toEqual(['eu-west-3']);
    },
  );
});
