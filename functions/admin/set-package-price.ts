import { httpRoute, signedIn } from '../lib/http';
import { PackagePriceForm } from '../schemas/package-price';
import { setPackagePrice } from '../domain/records/package';

export const handler = httpRoute({ body: PackagePriceForm }, async (input) => ({
  body: await setPackagePrice(input.body, signedIn(input), new Date()),
}));
