import { describe, expect, it } from 'vitest';
import type { SessionView } from '../../functions/schemas/session';
import { categoryChips, locationChips, matchesFilters } from '../../web/src/features/sessions/filters';
import { formatDuration } from '../../web/src/lib/format';

const session = (fields: Partial<SessionView>) =>
  ({ locationType: 'online', city: null, category: null, ...fields }) as SessionView;

describe('schedule filters', () => {
  it("offer 'All' and only the categories present", () => {
    const sessions = [session({ category: 'Movement' }), session({ category: 'Breathwork' }), session({})];
    expect(categoryChips(sessions, 'All')).toEqual(['All', 'Breathwork', 'Movement']);
  });

  it("show no lone 'All' when no session has a category, but show a category a link chose, with 'All' to undo it", () => {
    expect(categoryChips([], 'All')).toEqual([]);
    expect(categoryChips([session({}), session({})], 'All')).toEqual([]);
    // A category chosen by a link that no session has now: shown, chosen, for 'All' to undo.
    expect(categoryChips([session({})], 'Movement')).toEqual(['All', 'Movement']);
    expect(categoryChips([session({ category: 'Movement' })], 'Yoga')).toEqual(['All', 'Movement', 'Yoga']);
  });

  it('hide the location chips when every session is online', () => {
    expect(locationChips([session({}), session({})])).toEqual([]);
    expect(
      locationChips([
        session({}),
        session({ locationType: 'onsite', city: 'London' }),
        session({ locationType: 'onsite', city: 'Bristol' }),
      ]),
    ).toEqual(['All Locations', 'Online', 'Bristol', 'London']);
  });

  it('match by category and by Online or city', () => {
    const london = session({ locationType: 'onsite', city: 'London', category: 'Mothers' });
    expect(matchesFilters(london, 'All', 'All Locations')).toBe(true);
    expect(matchesFilters(london, 'Mothers', 'London')).toBe(true);
    expect(matchesFilters(london, 'Mothers', 'Online')).toBe(false);
    expect(matchesFilters(london, 'Movement', 'All Locations')).toBe(false);
  });

  it("format durations as '1h 30min' or '45min'", () => {
    expect(formatDuration(90)).toBe('1h 30min');
    expect(formatDuration(45)).toBe('45min');
    expect(formatDuration(120)).toBe('2h');
  });
});
