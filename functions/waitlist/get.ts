import { openRoute } from '../lib/route-handler';
import { TokenParams } from '../schemas/link-token';
import { placeView } from '../domain/records/waitlist';
import { linkedPlace } from './place';

/** The page of a waitlist link: the place, its position while waiting, its offer while open. */
export const handler = openRoute({ params: TokenParams }, async ({ params }) => ({
  body: await placeView(await linkedPlace(params.token)),
}));
