import { httpRoute, signedIn } from '../lib/http';
import { IdParams } from '../lib/params';
import { ResourceForm } from '../schemas/resource';
import { updateResource } from '../domain/records/resources';

export const handler = httpRoute({ params: IdParams, body: ResourceForm }, async (input) => ({
  body: await updateResource(input.params.id, input.body, signedIn(input), new Date()),
}));
