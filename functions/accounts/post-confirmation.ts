import middy from '@middy/core';
import { injectLambdaContext } from '@aws-lambda-powertools/logger/middleware';
import type { PostConfirmationTriggerEvent } from 'aws-lambda';
import { logger } from '../lib/logger';
import { createProfile } from '../domain/profiles';

/** Cognito calls this when a new member confirms their e-mail address: their profile begins here. */
export const handler = middy<PostConfirmationTriggerEvent, PostConfirmationTriggerEvent>()
  .use(injectLambdaContext(logger, { resetKeys: true }))
  .handler(async (event) => {
    if (event.triggerSource !== 'PostConfirmation_ConfirmSignUp') return event;
    const attributes = event.request.userAttributes;
    const named = [attributes.given_name, attributes.family_name].filter(Boolean).join(' ');
    const now = new Date().toISOString();
    await createProfile({
      userId: attributes.sub,
      email: attributes.email.toLowerCase(),
      fullName: attributes.name || named,
      subscriptionStatus: 'Free',
      createdAt: now,
      updatedAt: now,
    });
    return event;
  });
