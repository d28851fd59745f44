import { httpRoute, signedIn } from '../lib/http';
import { ResourceForm } from '../schemas/resource';
import { createResource } from '../domain/records/resources';

export const handler = httpRoute({ body: ResourceForm }, async (input) => ({
  status: 201,
  body: await createResource(input.body, signedIn(input), new Date()),
}));
