import { impersonatedCaller } from '../domain/records/impersonations';
import { httpRoute } from '../lib/http';
import { PackageQuery } from '../schemas/purchase';
import { packageOffer } from '../domain/records/package-offer';

/** The recordings package's price in the visitor's currency (with a code's discount when asked), and whether the caller owns it. */
export const handler = httpRoute(
  { query: PackageQuery },
  async ({ query, caller, clientAddress }) => ({
    body: await packageOffer(query, { now: new Date(), userId: caller?.userId, clientAddress }),
  }),
  { viewAsMember: impersonatedCaller },
);
