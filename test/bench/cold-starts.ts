/**
 * How many requests a visitor meets on a cold function, in a month of this site's traffic: a model
 * that replays the requests each kind of visit sends (together where a page sends them together)
 * against a function map, each function with its own pool of execution environments that Lambda
 * keeps for an idle lifetime after their last request.
 */

/** A request of the month: when it is sent (ms from the month's start), its route key, and how long it runs warm. */
export type ModelRequest = { at: number; key: string; ms: number };

/** Which function serves each route key. */
export type FunctionMap = (key: string) => string;

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
/** What a cold environment adds to its first request before it can take another (0.3-0.8 s measured in AWS). */
const COLD_START_MS = 600;

/** A small seeded generator (mulberry32), so every run models the same month. */
export function seeded(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  return {
    next,
    between: (low: number, high: number) => low + (high - low) * next(),
    chance: (p: number) => next() < p,
    pick: <T>(items: readonly T[]) => items[Math.floor(next() * items.length)],
  };
}
type Random = ReturnType<typeof seeded>;

/** Visits per hour of the day, relative (the teacher's visitors are mostly in one time zone, by day and evening). */
const hourWeights = [
  0.2, 0.1, 0.1, 0.1, 0.1, 0.2, 0.5, 0.9, 1.2, 1.3, 1.3, 1.3, 1.4, 1.3, 1.2, 1.2, 1.3, 1.5, 1.7, 1.8, 1.7, 1.4, 0.9, 0.5,
];

/** A time in the month, drawn by the hour weights. */
function visitStart(random: Random, days: number): number {
  const total = hourWeights.reduce((sum, weight) => sum + weight, 0);
  let draw = random.next() * total;
  let hour = 0;
  while (draw > hourWeights[hour]) draw -= hourWeights[hour++];
  return Math.floor(random.next() * days) * DAY + (hour + random.next()) * 60 * MINUTE;
}

const api = (method: string, path: string) => `${method} /api${path}`;
export const BOOKING = api('POST', '/sessions/{id}/bookings');
export const WEBHOOK = api('POST', '/stripe/webhook');

/**
 * The month's requests: 20,000 visits, 1,000 of them booking (most paid, through Stripe's
 * checkout and its webhooks), 100 buying the recordings, members on their dashboard, and one
 * administrator at work most days. Pages' requests are sent together; the schedule is fetched
 * again every 10 s while it is open, as the site does.
 */
export function monthOfRequests(seed = 20_000): ModelRequest[] {
  const random = seeded(seed);
  const days = 30;
  const requests: ModelRequest[] = [];
  const send = (at: number, ...keys: string[]) => {
    for (const key of keys)
      requests.push({ at, key, ms: key.startsWith('GET') ? random.between(30, 90) : random.between(80, 250) });
  };
  /** The home page, open for a while: its schedule fetched again every 10 s. Returns when the visitor leaves it. */
  const home = (at: number) => {
    send(at, api('GET', '/sessions'), api('GET', '/geo'));
    if (random.chance(0.3)) send(at, api('GET', '/rates'));
    const leaves = at + random.between(15_000, 150_000);
    for (let refetch = at + 10_000; refetch < leaves; refetch += 10_000) send(refetch, api('GET', '/sessions'));
    return leaves;
  };
  const sessionPage = (at: number) => {
    send(at, api('GET', '/sessions/{id}'));
    return at + random.between(20_000, 120_000);
  };
  const pay = (at: number, poll: string) => {
    // On Stripe's page; then its webhook, and the return page polling until it is paid.
    const paid = at + random.between(60_000, 240_000);
    send(paid, WEBHOOK);
    if (random.chance(0.5)) send(paid + random.between(200, 2_000), WEBHOOK);
    send(paid + random.between(1_000, 4_000), poll);
    if (random.chance(0.5)) send(paid + random.between(4_000, 7_000), poll);
  };

  const visits: [count: number, visit: (at: number) => void][] = [
    // Browsing the schedule, often a session or two.
    [
      10_900,
      (at) => {
        let now = home(at);
        if (random.chance(0.5)) now = sessionPage(now);
        if (random.chance(0.2)) sessionPage(now);
      },
    ],
    // A shared link: the page the API renders, then its data in the browser.
    [
      3_000,
      (at) => {
        send(at, 'GET /sessions/{id+}');
        send(at + 1_500, api('GET', '/sessions/{id}'), api('GET', '/geo'));
      },
    ],
    // The recordings, and sometimes one of them.
    [
      3_000,
      (at) => {
        send(at, api('GET', '/recordings'), api('GET', '/package'), api('GET', '/geo'));
        if (random.chance(0.3)) send(at + random.between(10_000, 60_000), api('GET', '/recordings/{id}'));
      },
    ],
    [1_000, (at) => send(at, api('GET', '/resources'))],
    // A booking: the schedule, the session, the form; paid ones through Stripe, and a tenth of
    // those abandoned, their checkout expiring half an hour later.
    [
      1_000,
      (at) => {
        const booked = sessionPage(home(at)) + random.between(20_000, 90_000);
        send(booked, BOOKING);
        if (random.chance(0.4)) return send(booked + 1_000, api('GET', '/bookings/{id}'));
        if (random.chance(0.1)) return send(booked + 30 * MINUTE, WEBHOOK);
        pay(booked, api('GET', '/bookings/{id}'));
      },
    ],
    // The recordings bought.
    [
      100,
      (at) => {
        send(at, api('GET', '/recordings'), api('GET', '/package'), api('GET', '/geo'));
        const bought = at + random.between(30_000, 120_000);
        send(bought, api('POST', '/purchases'));
        pay(bought, api('GET', '/purchases/{id}'));
      },
    ],
    // A member's dashboard.
    [
      1_000,
      (at) => {
        send(at, api('GET', '/me'), api('GET', '/me/bookings'), api('GET', '/purchases'));
        if (random.chance(0.3)) send(at + random.between(5_000, 30_000), api('GET', '/me/bookings/{id}'));
      },
    ],
  ];
  for (const [count, visit] of visits) for (let n = 0; n < count; n++) visit(visitStart(random, days));

  // The administrator: most days a sitting or two of work across the admin area.
  const adminRoutes = [
    [api('GET', '/admin/overview'), 4],
    [api('GET', '/admin/sessions'), 4],
    [api('GET', '/admin/sessions/{id}'), 3],
    [api('GET', '/admin/sessions/{id}/attendees'), 3],
    [api('PUT', '/admin/sessions/{id}'), 1],
    [api('GET', '/admin/orders'), 2],
    [api('GET', '/admin/orders/{id}'), 1],
    [api('GET', '/admin/purchases'), 1],
    [api('GET', '/admin/recordings'), 1],
    [api('GET', '/admin/discount-codes'), 1],
    [api('GET', '/admin/users'), 2],
    [api('GET', '/admin/users/{id}'), 1],
  ] as const;
  const adminPool = adminRoutes.flatMap(([key, weight]) => Array<string>(weight).fill(key));
  for (let day = 0; day < days; day++) {
    for (let sitting = 0; sitting < (random.chance(0.7) ? 2 : 1); sitting++) {
      let at = day * DAY + random.between(8, 21) * 60 * MINUTE;
      const requestsInSitting = Math.round(random.between(15, 40));
      for (let n = 0; n < requestsInSitting; n++) {
        send(at, random.pick(adminPool));
        at += random.between(10_000, 90_000);
      }
    }
  }
  return requests.sort((a, b) => a.at - b.at);
}

/** An execution environment: busy until, last used, and the routes whose code it has loaded. */
type Environment = { busyUntil: number; lastUsed: number; loaded: Set<string> };

/**
 * How a request starts: on a new environment ('cold'), on a warm one that loads its route's code
 * first, its route's first call there ('loads its route'), or on one that has it ('warm').
 */
export type RequestStart = 'cold' | 'loads its route' | 'warm';

/** How each request starts, for a function map and an idle lifetime: each function a pool of environments. */
export function requestStarts(requests: readonly ModelRequest[], functionOf: FunctionMap, idleMs: number): RequestStart[] {
  const pools = new Map<string, Environment[]>();
  return requests.map(({ at, key, ms }) => {
    const fn = functionOf(key);
    const pool = (pools.get(fn) ?? []).filter((env) => at - env.lastUsed <= idleMs || env.busyUntil > at);
    pools.set(fn, pool);
    const free = pool.filter((env) => env.busyUntil <= at).sort((a, b) => b.lastUsed - a.lastUsed)[0];
    if (free) {
      free.busyUntil = at + ms;
      free.lastUsed = free.busyUntil;
      if (free.loaded.has(key)) return 'warm';
      free.loaded.add(key);
      return 'loads its route';
    }
    pool.push({ busyUntil: at + COLD_START_MS + ms, lastUsed: at + COLD_START_MS + ms, loaded: new Set([key]) });
    return 'cold';
  });
}

export type ColdShares = {
  all: number;
  bookings: number;
  webhooks: number;
  admin: number;
  requests: number;
  functions: number;
  /** Requests in the month that start cold, and that load their route's code in a warm environment. */
  coldStarts: number;
  routeLoads: number;
};

/** The share of cold starts among all requests, bookings, Stripe's webhooks and the administrator's requests. */
export function coldShares(requests: readonly ModelRequest[], functionOf: FunctionMap, idleMs: number): ColdShares {
  const starts = requestStarts(requests, functionOf, idleMs);
  const cold = starts.map((start) => start === 'cold');
  const share = (which: (key: string) => boolean) => {
    const picked = requests.map((request, index) => [request, cold[index]] as const).filter(([request]) => which(request.key));
    return picked.filter(([, isCold]) => isCold).length / picked.length;
  };
  return {
    all: share(() => true),
    bookings: share((key) => key === BOOKING),
    webhooks: share((key) => key === WEBHOOK),
    admin: share((key) => key.includes(' /api/admin/')),
    requests: requests.length,
    functions: new Set(requests.map((request) => functionOf(request.key))).size,
    coldStarts: starts.filter((start) => start === 'cold').length,
    routeLoads: starts.filter((start) => start === 'loads its route').length,
  };
}
