import middy from '@middy/core';
import { injectLambdaContext } from '@aws-lambda-powertools/logger/middleware';
import type { PostConfirmationTriggerEvent } from 'aws-lambda';
import { logger } from '../lib/logger';
import { createProfile, DEFAULT_SUBSCRIPTION_STATUS } from '../domain/records/profiles';
import { claimGuestOrders } from '../domain/flows/claim-guest-orders';
import { nameFromAttributes } from '../schemas/profile';

/**
 * Cognito calls this when a new member confirms their sign-up: their profile begins here, and
 * the bookings and purchases made earlier as a guest with their address become theirs, but only when the
 * address is verified (the code sent to it was confirmed: Cognito then marks `email_verified`).
 * An account confirmed by an administrator without that proof gets a profile and nothing else.
 */
export const handler = middy<PostConfirmationTriggerEvent, PostConfirmationTriggerEvent>()
  .use(injectLambdaContext(logger, { resetKeys: true }))
  .handler(async (event) => {
    if (event.triggerSource !== 'PostConfirmation_ConfirmSignUp') return event;
    const attributes = event.request.userAttributes;
    const email = attributes.email.toLowerCase();
    const now = new Date().toISOString();
    await createProfile({
      userId: attributes.sub,
      email,
      fullName: nameFromAttributes(attributes) ?? '',
      subscriptionStatus: DEFAULT_SUBSCRIPTION_STATUS,
      createdAt: now,
      updatedAt: now,
    });
    if (attributes.email_verified === 'true') {
      const claimed = await claimGuestOrders(attributes.sub, email, new Date());
      if (claimed.bookings + claimed.purchases > 0) logger.info('Guest orders given to the new account', claimed);
    }
    return event;
  });
