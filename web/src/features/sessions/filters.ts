import type { SessionView } from '@schemas/session';

export const ALL_CATEGORIES = 'All';
export const ALL_LOCATIONS = 'All Locations';
export const ONLINE = 'Online';

/**
 * 'All' and the categories with at least one session in the list, alphabetically, and the one
 * chosen (by a link) even when none has it, so the filter in force is seen and 'All' undoes it;
 * none when no session has a category and none was chosen, as a lone 'All' filters nothing.
 */
export function categoryChips(sessions: SessionView[], chosen: string): string[] {
  const categories = new Set(sessions.map((s) => s.category).filter((c): c is string => Boolean(c)));
  if (chosen !== ALL_CATEGORIES) categories.add(chosen);
  return categories.size === 0 ? [] : [ALL_CATEGORIES, ...[...categories].sort()];
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
