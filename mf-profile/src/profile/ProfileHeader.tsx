import { Link } from 'react-router-dom';
import type { AvatarUploadResponse, Profile } from '@wishes/kit-contract';
import { Avatar } from '../common/Avatar';
import { profileName } from '../common/names';
import { AvatarUpload } from './AvatarUpload';
import { SubscribeButton } from './SubscribeButton';

interface ProfileHeaderProps {
  profile: Profile;
  onProfile: (change: (profile: Profile) => Profile) => void;
}

/** Avatar, name, counts, and either the avatar upload (own profile) or the subscribe button. */
export function ProfileHeader({ profile, onProfile }: ProfileHeaderProps) {
  const name = profileName(profile);
  const onUploaded = (response: AvatarUploadResponse) =>
    onProfile((current) => ({ ...current, avatar_url: response.avatar_url, avatar_thumbnail: response.avatar_thumbnail }));

  const stats: Array<[string, number]> = [
    ['Followers', profile.followers],
    ['Following', profile.following],
    ['Posts', profile.posts],
  ];

  return (
    <section className="profile-card" aria-labelledby="profile-name">
      <div className="profile-card__avatar">
        <Avatar src={profile.avatar_url || profile.avatar_thumbnail} name={name} size="large" />
      </div>
      <div className="profile-card__info">
        <h1 id="profile-name" className="profile-card__name">
          {name}
        </h1>
        {profile.is_self ? <p className="profile-card__self">Your profile</p> : null}
        {profile.is_self ? (
          <p className="profile-card__self">
            <Link to="/my/reports">My reports</Link>
          </p>
        ) : null}
        <dl className="profile-stats">
          {stats.map(([label, value]) => (
            <div key={label} className="profile-stats__item">
              <dt className="profile-stats__label">{label}</dt>
              <dd className="profile-stats__value" data-testid={`profile-${label.toLowerCase()}`}>
                {value}
              </dd>
            </div>
          ))}
        </dl>
        <div className="profile-card__actions">
          {profile.is_self ? <AvatarUpload onUploaded={onUploaded} /> : <SubscribeButton profile={profile} onProfile={onProfile} />}
        </div>
      </div>
    </section>
  );
}
