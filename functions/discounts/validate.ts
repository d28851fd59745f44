import { openRoute } from '../lib/route-handler';
import { countCodeAttempt } from '../domain/records/discounts';
import { DiscountValidationRequest } from '../schemas/discount';
import { getOpenSession } from '../domain/records/sessions';
import { quotePrice, sessionPrice } from '../domain/records/pricing';

/** The discounted price of a session, as the booking will charge it. */
export const handler = openRoute({ body: DiscountValidationRequest }, async ({ body, clientAddress }) => {
  const now = new Date();
  await countCodeAttempt(clientAddress, now);
  const session = await getOpenSession(body.sessionId);
  const { quote } = await quotePrice(sessionPrice(session), body.currency, body.code, now);
  return { body: quote };
});
