import { httpRoute, signedIn } from '../lib/http';
import { NewSessionQuery, SeriesForm } from '../schemas/admin-session';
import { createSeries } from '../domain/flows/series';

/** 'Create series': a session for each date of the rule, published or (`?draft=true`) drafts. */
export const handler = httpRoute({ body: SeriesForm, query: NewSessionQuery }, async (input) => ({
  status: 201,
  body: await createSeries(input.body, { draft: input.query.draft === 'true' }, signedIn(input), new Date()),
}));
