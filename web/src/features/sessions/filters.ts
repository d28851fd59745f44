import type { SessionView } from '@schemas/session';

export const ALL_CATEGORIES = 'All';
export const ALL_LOCATIONS = 'All Locations';
export const ONLINE = 'Online';

/**
 * 'All' and the categories with at least one session in the list, alphabetically; none when no
 * session has a category, as a lone 'All' filters nothing, unless one was chosen (by a link), which
 * 'All' then undoes.
 */
export function categoryChips(sessions: SessionView[], chosen: string): string[] {
  const present = [...new Set(sessions.map((s) => s.category).filter((c): c is string => Boolean(c)))];
  return present.length === 0 && chosen === ALL_CATEGORIES ? [] : [ALL_CATEGORIES, ...present.sort()];
}

/** 'All Locations', 'Online' and each city; none at all when every session is online. */
export function locationChips(sessions: SessionView[]): string[] {
  const cities = [...new Set(sessions.filter((s) => s.locationType === 'onsite' && s.city).map((s) => s.city!))].sort();
  return cities.length === 0 ? [] : [ALL_LOCATIONS, ONLINE, ...cities];
}

export function matchesFilters(session: SessionView, category: string, location: string): boolean {
  if (category !== ALL_CATEGORIES && session.category !== category) return false;
  if (location === ALL_LOCATIONS) return true;
  return location === ONLINE ? session.locationType === 'online' : session.city === location;
}
