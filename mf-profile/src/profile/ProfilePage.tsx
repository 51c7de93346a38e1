/** /user/:uid: a person's profile and their wishes (exposed as mf_profile/ProfilePage). */
import { useEffect } from 'react';
import { Link, useParams } from 'react-router-dom';
import { ErrorState, Spinner, WayBack } from '@wishes/kit-ui';
import { session$, updateSessionUser } from '@wishes/kit-session';
import { useDocumentTitle } from '@wishes/kit-client';
import { type Profile } from '@wishes/kit-contract';
import { profileName } from '../common/names';
import { ProfileHeader } from './ProfileHeader';
import { UserWishes } from './UserWishes';
import { useProfile } from './useProfile';
import './profile.css';

export const PROFILE_TEXT = {
  title: 'Profile',
  invalid: 'Invalid user ID.',
  notFound: (uid: string) => `User profile for ID ${uid} not found.`,
} as const;

/** The header shows the session's avatar; fill it from one's own profile when nothing set it yet. */
function useSessionAvatarFrom(profile: Profile | null) {
  useEffect(() => {
    const user = session$.value.user;
    if (profile?.is_self && user && user.userId === profile.user_id && user.avatarThumbnail === undefined) {
      updateSessionUser({ avatarThumbnail: profile.avatar_thumbnail });
    }
  }, [profile]);
}

function ProfileView({ uid }: { uid: string }) {
  const { userId, state, embeddedWishes, retry, update } = useProfile(uid);
  const profile = state.status === 'ready' ? state.profile : null;
  useDocumentTitle(profile ? profileName(profile) : PROFILE_TEXT.title);
  useSessionAvatarFrom(profile);

  let content;
  switch (state.status) {
    case 'invalid':
      content = (
        <>
          <h1 className="w-visually-hidden">{PROFILE_TEXT.title}</h1>
          <ErrorState message={PROFILE_TEXT.invalid} />
          <WayBack Link={Link} />
        </>
      );
      break;
    case 'loading':
      content = <Spinner label="Loading profile..." />;
      break;
    case 'missing':
      content = (
        <>
          <h1 className="w-visually-hidden">{PROFILE_TEXT.title}</h1>
          <ErrorState message={PROFILE_TEXT.notFound(uid)} />
          <WayBack Link={Link} />
        </>
      );
      break;
    case 'error':
      content = <ErrorState message={state.message} onRetry={retry} />;
      break;
    case 'ready':
      content = (
        <>
          <ProfileHeader profile={state.profile} onProfile={update} />
          <UserWishes userId={userId as number} initial={embeddedWishes} />
        </>
      );
      break;
  }

  return <div className="profile-page">{content}</div>;
}

export default function ProfilePage() {
  const { uid = '' } = useParams<{ uid: string }>();
  // A new uid is a new page: every piece of state starts over.
  return <ProfileView key={uid} uid={uid} />;
}
