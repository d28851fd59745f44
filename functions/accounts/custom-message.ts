import middy from '@middy/core';
import { injectLambdaContext } from '@aws-lambda-powertools/logger/middleware';
import type { CustomMessageTriggerEvent } from 'aws-lambda';
import { logger } from '../lib/logger';
import { environment } from '../lib/environment';
import { passwordResetEmail, verificationCodeEmail } from '../domain/emails/account-emails';

/**
 * The mail for a code Cognito is about to send: a password reset carries a link to the site's
 * /update-password page with the code in it; a new account's (or a changed address's) the code
 * to type. Other messages keep Cognito's own.
 */
function mailFor(event: CustomMessageTriggerEvent) {
  const code = event.request.codeParameter;
  switch (event.triggerSource) {
    case 'CustomMessage_ForgotPassword': {
      const email = encodeURIComponent(event.request.userAttributes.email ?? '');
      return passwordResetEmail(`${environment('SITE_URL')}/update-password?code=${code}&email=${email}`);
    }
    case 'CustomMessage_SignUp':
    case 'CustomMessage_ResendCode':
    case 'CustomMessage_UpdateUserAttribute':
    case 'CustomMessage_VerifyUserAttribute':
      return verificationCodeEmail(code);
    default:
      return undefined;
  }
}

/** Cognito calls this before it sends a code, and sends the e-mail it answers, on the site's layout. */
export const handler = middy<CustomMessageTriggerEvent, CustomMessageTriggerEvent>()
  .use(injectLambdaContext(logger, { resetKeys: true }))
  .handler(async (event) => {
    const mail = mailFor(event);
    if (mail) {
      event.response.emailSubject = mail.subject;
      event.response.emailMessage = mail.html;
    }
    return event;
  });
