import { httpRoute, signedIn } from '../lib/http';
import { DEFAULT_SUBSCRIPTION_STATUS, getProfile } from '../domain/records/profiles';
import type { MeView } from '../schemas/member';
import { impersonatedCaller } from '../domain/records/impersonations';

// Answers MeView: { user: { id, email, isAdmin }, profile: { fullName, subscriptionStatus } }.
/** Who the caller is, from their verified token, with their profile (or its fallbacks when none exists yet). */
export const handler = httpRoute(
  {},
  async (input) => {
    const { userId, email, name, isAdmin } = signedIn(input);
    const profile = await getProfile(userId);
    const body: MeView = {
      user: { id: userId, email, isAdmin },
      profile: {
        fullName: profile?.fullName || name,
        subscriptionStatus: profile?.subscriptionStatus ?? DEFAULT_SUBSCRIPTION_STATUS,
      },
    };
    return { body };
  },
  { viewAsMember: impersonatedCaller },
);
