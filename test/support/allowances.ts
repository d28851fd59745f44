import { formatClockTime } from '../../functions/lib/when';

const SLOT_MS = 10 * 60_000;

/**
 * What an hourly allowance's refusal says when its first counted use was made between `from` and
 * `to` (epoch ms) and the rest soon after: it frees 70 minutes after the ten-minute slot of that
 * first use began. Two answers when a slot began in between.
 */
export function allowanceRefusals(what: string, from: number, to: number): string[] {
  const freesAt = (time: number) => new Date((Math.floor(time / SLOT_MS) + 7) * SLOT_MS);
  return [...new Set([from, to].map((time) => `${what} Please try again after ${formatClockTime(freesAt(time))}.`))];
}
