import { consumerFunctions, outboxRelay } from './consumers';
import type { Grant } from './lib/grants';
import { routes, type Route } from './routes';
import { schedules } from './schedules';
import { triggers } from './triggers';

/**
 * The API's functions. A route's function is derived from what the catalogue says of it, so a new
 * route lands where its callers' traffic keeps it warm:
 * - `Visitors`: everything a visitor or a member calls, the session page and Stripe's webhook. The
 *   booking and the webhook share the function the schedule's reads keep warm all day, and a
 *   checkout's webhook follows its booking within minutes. The price is least privilege: a read
 *   of the schedule runs with the rights of a booking (the table, Stripe's key, one user's lookup).
 * - `Admin`: the administrator's routes.
 * - `AdminPeople`: the administrator's routes that list, delete or set the password of the pool's
 *   users, apart so that no other code runs with those rights.
 */
export type ApiFunction = 'Visitors' | 'Admin' | 'AdminPeople';

/** The user pool's rights that only AdminPeople holds. */
const peoplePowers: readonly Grant[] = ['users:search', 'users:delete', 'users:set-password', 'users:sign-out'];

export function apiFunctionOf(route: Pick<Route, 'access' | 'grants'>): ApiFunction {
  if (route.access !== 'admin') return 'Visitors';
  return route.grants.some((grant) => peoplePowers.includes(grant)) ? 'AdminPeople' : 'Admin';
}

/**
 * One Lambda function: its construct id (and local function name), the catalogue handlers it
 * serves, and its grants, the union of theirs and no more. An API function answers each of its
 * routes by loading that route's module on its first request (functions/lib/route-dispatch.ts);
 * any other serves one handler.
 */
export type LambdaFunction = { name: string; handlers: readonly string[]; grants: readonly Grant[] } & (
  { kind: 'api'; routes: readonly Route[] } | { kind: 'consumer' | 'relay' | 'trigger' | 'schedule' }
);

/** A handler's own function's name: 'accounts/post-confirmation' is 'AccountsPostConfirmation'. */
export const functionNameOf = (handler: string) =>
  handler
    .split(/[/-]/)
    .map((part) => part.charAt(0).toUpperCase() + part.slice(1))
    .join('');

const union = (lists: readonly (readonly Grant[])[]) => [...new Set(lists.flat())].sort();

/**
 * What a route needs beyond its own grants for who may call it: an administrator's second factor
 * is read from the user pool on their requests (functions/lib/second-factor.ts).
 */
const grantsOfAccess = (route: Route): readonly Grant[] => (route.access === 'admin' ? ['users:read'] : []);

const apiFunctions = (['Visitors', 'Admin', 'AdminPeople'] as const).map((name): LambdaFunction => {
  const served = routes.filter((route) => apiFunctionOf(route) === name);
  return {
    name,
    kind: 'api',
    routes: served,
    handlers: [...new Set(served.map((route) => route.handler))],
    grants: union(served.flatMap((route) => [route.grants, grantsOfAccess(route)])),
  };
});

const single = (kind: 'consumer' | 'relay' | 'trigger' | 'schedule', entry: { handler: string; grants: readonly Grant[] }) =>
  ({ name: functionNameOf(entry.handler), kind, handlers: [entry.handler], grants: union([entry.grants]) }) as LambdaFunction;

/** Every Lambda function the catalogues make, in both runtimes. */
export const lambdaFunctions: readonly LambdaFunction[] = [
  ...apiFunctions,
  ...consumerFunctions.map((consumer) => single('consumer', consumer)),
  // Named as before it moved from functions/events/: a new name would replace the stream's mapping,
  // which starts again from the oldest record the stream keeps and would send a day's events twice.
  { ...single('relay', outboxRelay), name: 'EventsRelay' },
  ...triggers.map((trigger) => single('trigger', trigger)),
  ...schedules.map((schedule) => single('schedule', schedule)),
];

/** The function that serves a catalogue handler. */
export function lambdaFunctionOf(handler: string): LambdaFunction {
  const found = lambdaFunctions.find((fn) => fn.handlers.includes(handler));
  if (!found) throw new Error(`'${handler}' is in no catalogue`);
  return found;
}
