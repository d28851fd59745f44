import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { dynamo } from '../lib/aws';
import { HttpError, notFound } from '../lib/errors';
import { httpRoute } from '../lib/http';
import { hourlyAllowance } from '../lib/rate-limit';
import { DiscountValidationRequest } from '../schemas/discount';
import { getSession } from '../domain/sessions';
import { priceBooking } from '../domain/book-session';

/**
 * Each attempt counts against the caller's network address for the hour. The answer tells
 * whether a code exists, so without a limit the route would let anyone guess codes at the
 * API's full rate; a visitor trying their code needs only a few.
 */
export const validationsPerAddressPerHour = 20;

/** The discounted price of a session, as the booking will charge it. */
export const handler = httpRoute({ body: DiscountValidationRequest }, async ({ body, clientAddress }) => {
  const now = new Date();
  await countAttempt(clientAddress, now);
  const session = await getSession(body.sessionId);
  if (!session) throw notFound('Session not found');
  const { quote } = await priceBooking(session, body.currency, body.code, now);
  return { body: quote };
});

async function countAttempt(clientAddress: string, now: Date) {
  try {
    await dynamo.send(
      new UpdateCommand(hourlyAllowance('discount-address', clientAddress, validationsPerAddressPerHour, now).Update),
    );
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) {
      throw new HttpError(429, 'Too many discount code attempts from your network. Please try again in an hour.');
    }
    throw error;
  }
}
