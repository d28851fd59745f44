import { SESv2Client, SendEmailCommand } from '@aws-sdk/client-sesv2';
import { awsClientConfig } from './aws-client-config';
import { environment } from './environment';
import { logger } from './logger';
import { count } from './metrics';
import { sender } from './mail-sender';
import { SITE_NAME } from '../schemas/site-config';

const ses = new SESv2Client(awsClientConfig);

export type Email = {
  to: string;
  subject: string;
  text: string;
  html: string;
  attachments?: { fileName: string; contentType: string; content: string }[];
};

export async function sendEmail(email: Email): Promise<void> {
  await ses.send(
    new SendEmailCommand({
      // The inbox shows the site's name, as Cognito's own mail names it (infra/stack.ts).
      FromEmailAddress: sender(SITE_NAME, environment('FROM_EMAIL')),
      // Its events (sends, deliveries, bounces, complaints) feed the bounce and complaint alarms.
      ConfigurationSetName: environment('SES_CONFIGURATION_SET'),
      Destination: { ToAddresses: [email.to] },
      Content: {
        Simple: {
          Subject: { Data: email.subject, Charset: 'UTF-8' },
          Body: { Text: { Data: email.text, Charset: 'UTF-8' }, Html: { Data: email.html, Charset: 'UTF-8' } },
          Attachments: email.attachments?.map((file) => ({
            FileName: file.fileName,
            ContentType: file.contentType,
            RawContent: Buffer.from(file.content, 'utf8'),
          })),
        },
      },
    }),
  );
  count('emailSent');
  // The last line of a request's path (its correlation id beside it); the address stays out of the logs.
  logger.info('E-mail sent', { subject: email.subject });
}
