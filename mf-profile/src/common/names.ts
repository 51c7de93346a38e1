import { ANONYMOUS } from '@wishes/kit-session';
import { type Profile } from '@wishes/kit-contract';

/** The profile's display name: full name, else first + last, else 'Anonymous'. */
export function profileName(profile: Pick<Profile, 'full_name' | 'first_name' | 'last_name'>): string {
  const joined = [profile.first_name, profile.last_name].filter((part) => part && part.trim()).join(' ');
  return profile.full_name?.trim() || joined.trim() || ANONYMOUS;
}
