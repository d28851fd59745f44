import { httpRoute } from '../lib/http';
import { IdParams } from '../lib/params';
import { previewCancellation } from '../domain/flows/cancel-session';

/** What 'Cancel session' would end: attendees, paid bookings and their refunds, people waiting. */
export const handler = httpRoute({ params: IdParams }, async (input) => ({
  body: await previewCancellation(input.params.id, new Date()),
}));
