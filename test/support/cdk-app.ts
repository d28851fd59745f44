import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { App } from 'aws-cdk-lib';

const cdkJson = JSON.parse(readFileSync(join(import.meta.dirname, '..', '..', 'cdk.json'), 'utf8')) as {
  context: Record<string, unknown>;
};

/** An app with the project's feature flags (cdk.json's context), as `cdk synth` builds it, and any more context. */
export const projectApp = (context: Record<string, unknown> = {}) => new App({ context: { ...cdkJson.context, ...context } });
