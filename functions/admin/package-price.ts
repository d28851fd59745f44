import { httpRoute } from '../lib/http';
import { getAdminPackagePrice } from '../domain/records/package';

/** The Package Price Settings: the price, or the default when none was set. */
export const handler = httpRoute({}, async () => ({ body: await getAdminPackagePrice() }));
