import { httpRoute } from '../lib/http';
import { TokenParams } from '../schemas/link-token';
import { AcceptOfferRequest } from '../schemas/waitlist';
import { acceptOffer } from '../domain/flows/accept-offer';
import { linkedPlace } from './place';

/** Takes an offered seat: a free session is booked, a paid one answers with its checkout. */
export const handler = httpRoute(
  { params: TokenParams, body: AcceptOfferRequest },
  async ({ params, body, caller, clientAddress, context }) => {
    const receipt = await acceptOffer(
      await linkedPlace(params.token),
      {
        currency: body.currency,
        userId: caller?.userId,
        clientAddress,
        deadline: Date.now() + context.getRemainingTimeInMillis(),
      },
      new Date(),
    );
    return { body: receipt };
  },
);
