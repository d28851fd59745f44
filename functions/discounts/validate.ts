import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { dynamo } from '../lib/aws';
import { HttpError, notFound } from '../lib/errors';
import { httpRoute } from '../lib/http';
import { hourlyAllowance } from '../lib/rate-limit';
import { DiscountValidationRequest } from '../schemas/discount';
import { convertMoney, fallbackRates } from '../schemas/currency';
import { getSession } from '../domain/sessions';
import { checkUsable, getDiscountCode, quoteDiscount } from '../domain/discounts';
import { getExchangeRates } from '../domain/exchange-rates';

/**
 * Each attempt counts against the caller's network address for the hour. The answer tells
 * whether a code exists, so without a limit the route would let anyone guess codes at the
 * API's full rate; a visitor trying their code needs only a few.
 */
export const validationsPerAddressPerHour = 20;

export const handler = httpRoute({ body: DiscountValidationRequest }, async ({ body, clientAddress }) => {
  const now = new Date();
  await countAttempt(clientAddress, now);
  // Rates are read only when some amount changes currency.
  const [session, code] = await Promise.all([getSession(body.sessionId), getDiscountCode(body.code)]);
  if (!session) throw notFound('Session not found');
  const record = checkUsable(code);
  const price = { amount: session.priceAmount, currency: session.priceCurrency };
  const needsRates =
    price.currency !== body.currency ||
    (record.discount.type === 'fixed_amount' && record.discount.amount.currency !== body.currency);
  const rates = needsRates ? (await getExchangeRates(now)).rates : fallbackRates;
  return { body: quoteDiscount(record, convertMoney(price, body.currency, rates), rates) };
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
