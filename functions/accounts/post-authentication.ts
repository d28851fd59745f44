import middy from '@middy/core';
import { injectLambdaContext } from '@aws-lambda-powertools/logger/middleware';
import type { PostAuthenticationTriggerEvent } from 'aws-lambda';
import { logger } from '../lib/logger';
import { claimGuestOrders } from '../domain/flows/claim-guest-orders';

/**
 * Cognito calls this after every sign-in. A visitor may book or buy as a guest with the address of
 * an account that already exists (signed out, or on another device); the post-confirmation trigger
 * has run long ago for that account, so what they made becomes theirs here, at their next sign-in,
 * by the same rule: only for a verified address. A failure is logged and never refuses the
 * sign-in: the next one claims again.
 */
export const handler = middy<PostAuthenticationTriggerEvent, PostAuthenticationTriggerEvent>()
  .use(injectLambdaContext(logger, { resetKeys: true }))
  .handler(async (event) => {
    const attributes = event.request.userAttributes;
    if (attributes.email_verified !== 'true') return event;
    try {
      const claimed = await claimGuestOrders(attributes.sub, attributes.email.toLowerCase(), new Date());
      if (claimed.bookings + claimed.purchases > 0) logger.info('Guest orders given to the member at sign-in', claimed);
    } catch (error) {
      logger.error('Guest orders could not be claimed at sign-in', { error });
    }
    return event;
  });
