import middy from '@middy/core';
import { injectLambdaContext } from '@aws-lambda-powertools/logger/middleware';
import type { CustomMessageTriggerEvent } from 'aws-lambda';
import { logger } from '../lib/logger';
import { environment } from '../lib/environment';

/**
 * Cognito calls this before it sends a code. The password reset mail carries a link to the
 * site's /update-password page with the code in it; the sign-up mail carries the code to type.
 */
export const handler = middy<CustomMessageTriggerEvent, CustomMessageTriggerEvent>()
  .use(injectLambdaContext(logger, { resetKeys: true }))
  .handler(async (event) => {
    const code = event.request.codeParameter;
    if (event.triggerSource === 'CustomMessage_ForgotPassword') {
      const email = event.request.userAttributes.email ?? '';
      const link = `${environment('SITE_URL')}/update-password?code=${code}&email=${encodeURIComponent(email)}`;
      event.response.emailSubject = 'Reset your password';
      event.response.emailMessage = `<p>We received a request to reset your password.</p>
<p><a href="${link}">Choose a new password</a></p>
<p>If you did not ask for this, you can ignore this e-mail.</p>`;
    } else if (event.triggerSource === 'CustomMessage_SignUp' || event.triggerSource === 'CustomMessage_ResendCode') {
      event.response.emailSubject = 'Your verification code';
      event.response.emailMessage = `<p>Welcome! Your verification code is <strong>${code}</strong>.</p>`;
    }
    return event;
  });
