import { App, Validations } from 'aws-cdk-lib';
import { AwsSolutionsChecks } from 'cdk-nag';
import { existsSync } from 'node:fs';
import { requireRealAddress } from '../infra/addresses';
import { BreathworkStack, webDistDir } from '../infra/stack';

const app = new App();
const context = (name: string) => app.node.tryGetContext(name) as string | undefined;
// From -c these are strings, from cdk.json's context numbers or booleans; the stack checks them.
const numberContext = (name: string) => (context(name) === undefined ? undefined : Number(context(name)));
// No defaults for the addresses: pass them (cdk deploy -c fromEmail=... -c adminEmail=...).
new BreathworkStack(app, 'Breathwork', {
  env: { account: process.env.CDK_DEFAULT_ACCOUNT, region: process.env.CDK_DEFAULT_REGION },
  fromEmail: requireRealAddress('fromEmail', context('fromEmail')),
  adminEmail: requireRealAddress('adminEmail', context('adminEmail')),
  stripeSecretName: context('stripeSecretName') ?? 'breathwork/stripe',
  // The spec's exchange-rate service; `-c exchangeRatesUrl=` (empty) keeps to the fallback rates.
  exchangeRatesUrl: context('exchangeRatesUrl') ?? 'https://api.exchangerate-api.com/v4/latest',
  webDist: existsSync(webDistDir) ? webDistDir : undefined,
  monthlyBudgetUsd: numberContext('monthlyBudgetUsd'),
  tableGeneration: numberContext('tableGeneration'),
  reattach: String(context('reattach')) === 'true',
});
Validations.of(app).addPlugins(new AwsSolutionsChecks(app));
