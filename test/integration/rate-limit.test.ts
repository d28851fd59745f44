import { describe, expect, it } from 'vitest';
import { ulid } from 'ulid';
import { allowanceFreesAt, hourlyAllowance } from '../../functions/lib/rate-limit';
import { transactNamed } from '../../functions/lib/transactions';

const LIMIT = 20;
const MINUTE = 60_000;

/**
 * One use of a visitor's allowance at the given time, written to DynamoDB Local as the booking
 * transaction writes it: accepted, or refused with the time the refusal names.
 */
async function use(who: string, at: Date): Promise<{ accepted: true } | { accepted: false; freesAt: string }> {
  const refusal = await transactNamed({ allowance: hourlyAllowance('test', who, LIMIT, at) });
  const refused = refusal?.refused('allowance');
  return refused ? { accepted: false, freesAt: allowanceFreesAt(refused, LIMIT, at).toISOString() } : { accepted: true };
}

describe('an hourly allowance of 20, on DynamoDB Local with the clock given', () => {
  it('gives no second 20 at the turn of the hour, and frees when its refusal says', async () => {
    const who = ulid();
    for (let i = 0; i < 20; i++) expect(await use(who, new Date('2030-01-01T23:49:00Z'))).toEqual({ accepted: true });
    const refused = { accepted: false, freesAt: '2030-01-02T00:50:00.000Z' };
    expect(await use(who, new Date('2030-01-01T23:59:59Z'))).toEqual(refused);
    expect(await use(who, new Date('2030-01-02T00:00:01Z'))).toEqual(refused);
    expect(await use(who, new Date('2030-01-02T00:49:59Z'))).toEqual(refused);
    expect(await use(who, new Date('2030-01-02T00:50:00Z'))).toEqual({ accepted: true });
  });

  it('counts uses spread over the hour until each is an hour old', async () => {
    const who = ulid();
    // Ten at 10:05, ten at 10:35: full until the first ten are over an hour old.
    for (const at of ['2030-01-01T10:05:00Z', '2030-01-01T10:35:00Z'])
      for (let i = 0; i < 10; i++) expect(await use(who, new Date(at))).toEqual({ accepted: true });
    expect(await use(who, new Date('2030-01-01T11:04:00Z'))).toEqual({ accepted: false, freesAt: '2030-01-01T11:10:00.000Z' });
    // From 11:10 the first ten no longer count: ten more, and the refusal then waits for 10:35's.
    for (let i = 0; i < 10; i++) expect(await use(who, new Date('2030-01-01T11:10:00Z'))).toEqual({ accepted: true });
    expect(await use(who, new Date('2030-01-01T11:10:00Z'))).toEqual({ accepted: false, freesAt: '2030-01-01T11:40:00.000Z' });
  });

  /** Tries at each of the given times, as one visitor, and answers which were taken and what each refusal said. */
  async function tryAt(times: number[]) {
    const who = ulid();
    const accepted: number[] = [];
    const refusals: { at: number; freesAt: number }[] = [];
    for (const at of times) {
      const answer = await use(who, new Date(at));
      if (answer.accepted) accepted.push(at);
      else refusals.push({ at, freesAt: Date.parse(answer.freesAt) });
    }
    const mostInAnHour = Math.max(
      ...accepted.map((at) => accepted.filter((other) => other > at - 60 * MINUTE && other <= at).length),
    );
    return { accepted, refusals, mostInAnHour };
  }

  it('never lets more than 20 through in any 60 minutes, however the tries fall', async () => {
    // Bursts of 25 every 7 minutes from 08:49 (a clock-hour counter took 40 between 08:49 and 09:03).
    const start = Date.parse('2030-03-01T08:49:00Z');
    const bursts = Array.from({ length: 26 }, (_, i) => Array<number>(25).fill(start + i * 7 * MINUTE)).flat();
    const { accepted, mostInAnHour } = await tryAt(bursts);
    expect(mostInAnHour).toBe(LIMIT);
    // Not stingier than it says: at least 20 in every 70 minutes.
    expect(accepted.length).toBeGreaterThanOrEqual(Math.floor(((26 * 7) / 70) * LIMIT));
  });

  it('names in each refusal the first time a try is taken again', async () => {
    // A visitor trying every 30 seconds for three hours.
    const start = Date.parse('2030-03-01T08:00:00Z');
    const end = start + 180 * MINUTE;
    const { accepted, refusals, mostInAnHour } = await tryAt(Array.from({ length: 360 }, (_, i) => start + (i * MINUTE) / 2));
    expect(mostInAnHour).toBe(LIMIT);
    expect(refusals.length).toBeGreaterThan(0);
    for (const { at, freesAt } of refusals) {
      expect(freesAt - at).toBeLessThanOrEqual(70 * MINUTE);
      if (freesAt < end) expect(accepted.find((taken) => taken > at)).toBe(freesAt);
    }
  });
});
