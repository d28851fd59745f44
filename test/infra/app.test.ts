import { afterEach, describe, expect, it, vi } from 'vitest';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { addStack, stackRequest } from '../../infra/app';
import { projectApp } from '../support/cdk-app';

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
  it("is each stack's name and region alone, with neither the deploy's settings nor a site build", async () => {
    const app = appFor([], { region: 'eu-west-2' });
    const request = stackRequest(app, noSiteBuild);
    expect(request).toEqual({ whole: false, region: 'eu-west-2' });
    await addStack(app, request);
    const assembly = app.synth();
    const located = { Breathwork: 'eu-west-2', BreathworkEdge: 'us-east-1', BreathworkEdgeAlarms: 'us-east-1' };
    for (const [name, region] of Object.entries(located)) {
      const stack = assembly.getStackByName(name);
      expect(stack.environment.region, name).toBe(region);
      expect(
        Object.keys(stack.template.Resources ?? {}).filter((id) => id !== 'CDKMetadata'),
        name,
      ).toEqual([]);
    }
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
