import { httpRoute, signedIn } from '../lib/http';
import { saveProfile } from '../domain/records/profiles';
import { ProfileUpdate } from '../schemas/profile';
import type { ProfileView } from '../schemas/member';

// Takes ProfileUpdate { fullName }; answers ProfileView: { profile: { fullName, subscriptionStatus, updatedAt } }.
/** The caller changes their own full name; a profile that does not exist yet is created. */
export const handler = httpRoute({ body: ProfileUpdate }, async (input) => {
  const caller = signedIn(input);
  const profile = await saveProfile(caller, { fullName: input.body.fullName }, new Date());
  const body: ProfileView = {
    profile: { fullName: profile.fullName, subscriptionStatus: profile.subscriptionStatus, updatedAt: profile.updatedAt },
  };
  return { body };
});
