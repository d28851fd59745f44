import { notFound } from '../lib/errors';
import { openRoute } from '../lib/route-handler';
import { countCodeAttempt } from '../domain/records/discounts';
import { DiscountValidationRequest } from '../schemas/discount';
import { getPublishedSession } from '../domain/records/sessions';
import { quotePrice, sessionPrice } from '../domain/records/pricing';

/** The discounted price of a session, as the booking will charge it. */
export const handler = openRoute({ body: DiscountValidationRequest }, async ({ body, clientAddress }) => {
  const now = new Date();
  await countCodeAttempt(clientAddress, now);
  const session = await getPublishedSession(body.sessionId);
  if (!session) throw notFound('Session not found');
  const { quote } = await quotePrice(sessionPrice(session), body.currency, body.code, now);
  return { body: quote };
});
