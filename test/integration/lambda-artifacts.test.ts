import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { APIGatewayProxyStructuredResultV2, CustomMessageTriggerEvent } from 'aws-lambda';
import { ulid } from 'ulid';
import { BreathworkStack } from '../../infra/stack';
import { bundleEveryFunction, handlerEntry } from '../../infra/handler-function';
import { lambdaFunctions } from '../../functions/lambdas';
import { schedules } from '../../functions/schedules';
import { EVENT_SOURCE } from '../../events/catalogue';
import { getBooking } from '../../functions/domain/records/bookings';
import { getSession } from '../../functions/domain/records/sessions';
import type { ImageUploadTicket } from '../../functions/schemas/image-upload';
import { localEnvironment } from '../../local/environment';
import { busEvent } from '../../local/bus';
import { scheduledEvent } from '../../local/scheduler';
import { functionNamed, projectApp, stackResources, testStackProps } from '../support/cdk-app';
import {
  apiGatewayEvent,
  invokeBundle,
  loadBundle,
  pageEvent,
  unpackBundles,
  type DeployedBundle,
} from '../support/lambda-bundles';
import { bookingsOf, createSession } from '../support/sessions';
import { TEST_PORT, waitForEmails } from '../support/stack';
import { checkoutEvent, runOutHold, signedWebhook, stripe } from '../support/stripe';
import { onePixelPng, postToBucket } from '../support/uploads';
import { signedInUser, sitePool } from '../support/users';

// `cdk synth` bundles every function with esbuild in one build: 10 to 20 s on two cores, more
// beside the stack tests.
const SYNTH_TIMEOUT_MS = 10 * 60_000;

let outdir: string;
let unpacked: ReturnType<typeof unpackBundles>;
/** The bundle of a function, or of the function that serves a catalogue handler ('sessions/list' is Visitors'). */
const bundle = (handler: string): DeployedBundle => unpacked.bundles.get(functionNamed(handler))!;
/** Every JavaScript file of a function's folder: its entry and the chunks it may load. */
const codeOf = ({ dir }: DeployedBundle) =>
  readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.mjs'))
    .map((file) => readFileSync(join(dir, file), 'utf8'))
    .join('\n');

beforeAll(async () => {
  await bundleEveryFunction();
  const app = projectApp();
  const stack = new BreathworkStack(app, 'Artifacts', testStackProps);
  outdir = app.outdir;
  unpacked = unpackBundles(outdir, stackResources(stack), localEnvironment(TEST_PORT, await sitePool()));
}, SYNTH_TIMEOUT_MS);

afterAll(() => {
  if (unpacked) rmSync(unpacked.root, { recursive: true, force: true });
  if (outdir) rmSync(outdir, { recursive: true, force: true });
});

const newEmail = (name: string) => `${name}-${ulid().toLowerCase()}@example.com`;
const guest = (email: string) => ({ firstName: 'Ada', lastName: 'Lovelace', email });
type HttpAnswer = APIGatewayProxyStructuredResultV2 & { body: string };

/**
 * A paid booking made by the deployed booking function: its seat held for a checkout it opened on
 * the Stripe stand-in, with the guest's token for the booking.
 */
async function heldBooking() {
  const session = await createSession({ title: `Paid Breath ${ulid()}`, priceAmount: 1500, priceCurrency: 'GBP' });
  const event = apiGatewayEvent('POST', `/sessions/${session.id}/bookings`, { body: JSON.stringify(guest(newEmail('payer'))) });
  const answer = await invokeBundle<HttpAnswer>(bundle('bookings/create'), event);
  expect(answer.statusCode).toBe(201);
  const { booking, checkoutUrl, manageToken } = JSON.parse(answer.body) as {
    booking: { id: string };
    checkoutUrl: string;
    manageToken: string;
  };
  expect(checkoutUrl).toMatch(/^http/);
  return { session, booking: (await getBooking(booking.id))!, manageToken };
}

// Each in a process of its own, a few at a time: the processes mostly wait for their files.
describe.concurrent("every Lambda as `cdk synth` bundles it, alone in its folder on Lambda's Node", () => {
  for (const { name, handlers, grants } of lambdaFunctions) {
    it(`${name} loads and exports its handler, carrying no code it never runs`, async ({ expect }) => {
      const { file, environment } = bundle(name);
      await loadBundle(bundle(name));
      expect(environment.NODE_OPTIONS ?? '').not.toContain('--enable-source-maps');
      const code = codeOf(bundle(name));
      // The SDK's default credential chain (profiles, SSO, web identity, IMDS) with its STS and SSO clients.
      expect(code).not.toMatch(/defaultProvider::fromSSO|AssumeRoleWithWebIdentity/);
      // The codec of event streams, which no handler's operation sends or reads.
      expect(code).not.toContain(':message-type');
      // The LRU cache of discovered endpoints, which no DynamoDB command discovers.
      expect(code).not.toContain('mnemonist');
      // JMESPath, which no idempotency key is picked out with (each handler hands Powertools its key).
      expect(code).not.toMatch(/jmespath expression/i);
      // The schemas of operations no handler sends: SES's contact lists, S3's bucket policies.
      expect(code).not.toMatch(/ListContacts|PutBucketPolicy/);
      // Token verification (jose) only where a route verifies its caller: not in a function whose routes serve everyone alike.
      const verifiesCaller = handlers.some((handler) => readFileSync(handlerEntry(handler), 'utf8').includes('httpRoute('));
      expect(code.includes('ERR_JWS_SIGNATURE_VERIFICATION_FAILED')).toBe(verifiesCaller);
      // Stripe's SDK only where the function may read Stripe's keys.
      expect(code.includes('api.stripe.com')).toBe(grants.includes('stripe:read'));
      // Of Stripe's API, only the resources the site calls.
      expect(code).not.toMatch(/\/v1\/(customers|subscriptions|invoices)/);
      // Nor the handlers of its thin event notifications, which the webhook does not take.
      expect(code).not.toContain('v1.account.application.authorized');
      // A source map beside it for the logger (mappings and names, no sources), which Node does not load at start.
      const map = JSON.parse(readFileSync(`${file}.map`, 'utf8')) as { mappings: string; sourcesContent?: unknown };
      expect(map.mappings.length).toBeGreaterThan(0);
      expect(map.sourcesContent).toBeUndefined();
    });
  }
});

describe('the deployed bundles answer against the emulators', () => {
  it('GET /sessions lists the upcoming sessions', async () => {
    const session = await createSession({ title: `Listed Breath ${ulid()}` });
    const answer = await invokeBundle<HttpAnswer>(bundle('sessions/list'), apiGatewayEvent('GET', '/sessions'));
    expect(answer.statusCode).toBe(200);
    const { sessions } = JSON.parse(answer.body) as { sessions: { id: string; title: string }[] };
    expect(sessions).toContainEqual(expect.objectContaining({ id: session.id, title: session.title }));
  });

  it("a session's page is rendered from the table, with the session's data for the browser", async () => {
    const session = await createSession({ title: `Rendered Breath ${ulid()}` });
    // React Router renders from a Fetch API Request, which loads Node's fetch implementation.
    const answer = await invokeBundle<HttpAnswer>(bundle('pages/session'), pageEvent(`/sessions/${session.id}`), {
      needsNodeFetch: true,
    });
    expect([answer.statusCode, answer.headers?.['content-type']]).toEqual([200, 'text/html; charset=utf-8']);
    expect(answer.body).toContain(`<h1 class="mt-3 text-3xl leading-tight md:text-5xl">${session.title}</h1>`);
    expect(answer.body).toContain(`"id":"${session.id}"`);
  });

  it('a free booking takes its seat and is stored', async () => {
    const session = await createSession({ title: `Free Breath ${ulid()}`, maxAttendees: 5 });
    const email = newEmail('free');
    const event = apiGatewayEvent('POST', `/sessions/${session.id}/bookings`, { body: JSON.stringify(guest(email)) });
    const answer = await invokeBundle<HttpAnswer>(bundle('bookings/create'), event);
    expect(answer.statusCode).toBe(201);
    const { booking } = JSON.parse(answer.body) as { booking: { id: string; status: string } };
    expect(booking.status).toBe('completed');
    expect(await bookingsOf(session.id)).toEqual([
      expect.objectContaining({ id: booking.id, attendeeEmail: email, state: 'confirmed' }),
    ]);
    expect((await getSession(session.id))!.seatsTaken).toBe(1);
  });

  it("Stripe's signed webhook of a paid checkout confirms the booking", async () => {
    const { booking } = await heldBooking();
    const payload = checkoutEvent('checkout.session.completed', {
      id: booking.checkoutSessionId,
      client_reference_id: booking.id,
      payment_status: 'paid',
      payment_intent: `pi_test_${ulid()}`,
      amount_total: 1500,
      currency: 'gbp',
    });
    const event = apiGatewayEvent('POST', '/stripe/webhook', {
      body: payload,
      headers: { 'stripe-signature': await signedWebhook(payload) },
    });
    const answer = await invokeBundle<HttpAnswer>(bundle('payments/stripe-webhook'), event);
    expect(answer.statusCode).toBe(200);
    expect(JSON.parse(answer.body)).toEqual({ received: true });
    expect(await getBooking(booking.id)).toMatchObject({ state: 'confirmed' });
  });

  it('an event consumer e-mails a shared session through SES', async () => {
    const session = await createSession({ title: `Shared Breath ${ulid()}` });
    const to = newEmail('friend');
    const event = busEvent('SessionShared', EVENT_SOURCE, { sessionId: session.id, to, sharedAt: new Date().toISOString() });
    expect(await invokeBundle(bundle('notifications/session-shared'), event)).toEqual({ handled: true });
    const mails = await waitForEmails(to, 1);
    expect(mails.map((mail) => mail.subject)).toEqual([`A breathwork session for you: ${session.title}`]);
  });

  it('a guest back from the checkout unpaid: the checkout is closed on Stripe and the seat released', async () => {
    const { session, booking, manageToken } = await heldBooking();
    const event = apiGatewayEvent('POST', `/bookings/${booking.id}/checkout/cancel`, {
      body: JSON.stringify({ token: manageToken }),
    });
    const answer = await invokeBundle<HttpAnswer>(bundle('bookings/cancel-checkout'), event);
    expect([answer.statusCode, JSON.parse(answer.body)]).toEqual([200, { released: true }]);
    expect(await getBooking(booking.id)).toMatchObject({ state: 'released', endReason: 'checkout_cancelled' });
    expect((await getSession(session.id))!.seatsHeld).toBe(0);
    const checkout = await (await stripe()).checkout.sessions.retrieve(booking.checkoutSessionId!);
    expect(checkout.status).toBe('expired');
  });

  it("an administrator's image is signed for upload, posted to the bucket, and checked there (S3)", async () => {
    const session = await createSession({ title: `Pictured Breath ${ulid()}` });
    const headers = { authorization: `Bearer ${await signedInUser(newEmail('uploader'), { admin: true })}` };
    const upload = (body: unknown) =>
      invokeBundle<HttpAnswer>(
        bundle('admin/session-image-upload'),
        apiGatewayEvent('POST', `/admin/sessions/${session.id}/image-upload`, { body: JSON.stringify(body), headers }),
      );
    const started = await upload({ contentType: 'image/png', size: onePixelPng.length });
    expect(started.statusCode).toBe(200);
    const ticket = JSON.parse(started.body) as ImageUploadTicket;
    expect((await postToBucket(ticket, onePixelPng)).status).toBe(204);
    const confirmed = await upload({ key: ticket.key });
    expect(confirmed.statusCode).toBe(200);
    expect(JSON.parse(confirmed.body)).toMatchObject({ key: ticket.key });
  });

  it('the scheduled sweep releases a hold that has run out', async () => {
    const { session, booking } = await heldBooking();
    await runOutHold(booking.id);
    const sweep = schedules.find((schedule) => schedule.handler === 'payments/release-expired-holds')!;
    expect(await invokeBundle(bundle(sweep.handler), scheduledEvent(sweep, new Date()))).toBeNull();
    expect(await getBooking(booking.id)).toMatchObject({ state: 'released' });
    expect((await getSession(session.id))!.seatsHeld).toBe(0);
  });

  it("Cognito's custom message trigger writes the password reset e-mail with its link", async () => {
    const email = newEmail('forgetful');
    const event = {
      version: '1',
      region: process.env.AWS_REGION!,
      userPoolId: 'eu-west-2_local',
      userName: ulid(),
      callerContext: { awsSdkVersion: 'aws-sdk-unknown-unknown', clientId: 'local' },
      triggerSource: 'CustomMessage_ForgotPassword',
      request: { userAttributes: { email }, codeParameter: '{####}', linkParameter: '{##Click Here##}', usernameParameter: null },
      response: { smsMessage: null, emailMessage: null, emailSubject: null },
    } satisfies CustomMessageTriggerEvent;
    const { response } = await invokeBundle<CustomMessageTriggerEvent>(bundle('accounts/custom-message'), event);
    expect(response.emailSubject).toBe('Reset your password');
    // Cognito puts the code where its placeholder stands, in the HTML it is answered.
    expect(response.emailMessage).toContain(
      `href="${process.env.SITE_URL}/update-password?code={####}&amp;email=${encodeURIComponent(email)}"`,
    );
  });
});
