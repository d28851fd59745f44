import { App, Validations } from 'aws-cdk-lib';
import { AwsSolutionsChecks } from 'cdk-nag';
import { existsSync } from 'node:fs';
import { BreathworkStack, webDistDir } from '../infra/stack';

const app = new App();
new BreathworkStack(app, 'Breathwork', {
  env: { account: process.env.CDK_DEFAULT_ACCOUNT, region: process.env.CDK_DEFAULT_REGION },
  fromEmail: app.node.tryGetContext('fromEmail') ?? 'hello@example.com',
  adminEmail: app.node.tryGetContext('adminEmail') ?? 'admin@example.com',
  stripeSecretName: app.node.tryGetContext('stripeSecretName') ?? 'breathwork/stripe',
  webDist: existsSync(webDistDir) ? webDistDir : undefined,
});
Validations.of(app).addPlugins(new AwsSolutionsChecks(app));
