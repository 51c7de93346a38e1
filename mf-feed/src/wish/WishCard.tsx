import { useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { authorAvatar, authorName, formatDate, Icon, useKeyedState } from '@wishes/kit-ui';
import { openModal } from '@wishes/kit-session';
import { useQueryClient, useSessionUser } from '@wishes/kit-client';
import { type QueryClient } from '@tanstack/react-query';
import { type Wish } from '@wishes/kit-contract';
import { type WishCardProps } from '@wishes/kit-contract/remotes';
import { VoteControl, type VoteDisplayMode } from '../vote/VoteControl';
import { WishMenu, type WishMenuItem } from './WishMenu';
import { withLazyPanel } from '../common/lazyPanel';
import { highlightMatches } from '../search/highlight';
import { wishMenuEntries, wishVisibility, type WishVisibility } from './visibility';
import { useReportedByMe } from '../report/reported';
import './wish.css';

// The menu's panels are fetched when chosen (../common/lazyPanel), not with the card.
export function openShareModal(wishId: number): void {
  void withLazyPanel(
    () => import('../share/SharePanel'),
    ({ SharePanel }) => openModal({ title: 'Share', render: () => <SharePanel wishId={wishId} /> }),
  );
}

export function openReportModal(wishId: number): void {
  void withLazyPanel(
    () => import('../report/ReportPanel'),
    ({ ReportPanel }) => openModal({ title: 'Report options', render: (close) => <ReportPanel wishId={wishId} close={close} /> }),
  );
}

const staffPanel = () => import('../moderate/StaffPanel');
const openStaffAction = (wish: Wish, action: 'hide' | 'restore' | 'ban', onDone: (wish: Wish) => void) =>
  void withLazyPanel(staffPanel, (staff) => staff.openStaffAction(wish, action, onDone));
/** The reason a banned author's wishes carry (server: wishes/visibility.ts): Restore cannot lift it, an unban does. */
const AUTHOR_BANNED_REASON = "The author's account is suspended.";

const ownWishPanels = () => import('../own/OwnWishPanels');
const openEditWish = (wish: Wish, onSaved: (wish: Wish) => void) => void withLazyPanel(ownWishPanels, (own) => own.openEditWish(wish, onSaved));
const openDeleteWish = (wish: Wish, onDeleted: (wish: Wish) => void) => void withLazyPanel(ownWishPanels, (own) => own.openDeleteWish(wish, onDeleted));
const toggleVisibility = (wish: Wish, client: QueryClient) => withLazyPanel(ownWishPanels, (own) => own.toggleVisibility(wish, client));

export interface WishCardViewProps extends WishCardProps {
  voteMode?: VoteDisplayMode;
  /** The single wish page shows the text in full and not as a link to itself. */
  standalone?: boolean;
  /** After its author deleted it (the card then renders nothing); the wish page leaves. */
  onDeleted?: (wish: Wish) => void;
  /** A search term whose words are marked in the text. */
  highlight?: string;
}

/** Tells the author who can see this wish (others never receive a private or hidden wish). */
function VisibilityBadge({ visibility }: { visibility: WishVisibility }) {
  if (visibility.kind === 'public') return null;
  const hidden = visibility.kind === 'hidden';
  const detail = hidden ? `Hidden by moderation${visibility.reason ? `: ${visibility.reason}` : ''}. Only you can see it.` : 'Only you can see this wish.';
  return (
    <span className={`feed-card__badge feed-card__badge--${visibility.kind}`} title={detail} data-testid="visibility-badge">
      <Icon name={hidden ? 'hidden' : 'lock'} size={14} />
      {hidden ? 'Hidden' : 'Private'}
      <span className="w-visually-hidden"> — {detail}</span>
    </span>
  );
}

/** Tells the member who reported this wish that their report is in (the menu keeps Report as it is). */
function ReportedBadge() {
  const detail = 'You reported this wish; moderators will look at it.';
  return (
    <span className="feed-card__badge feed-card__badge--reported" title={detail} data-testid="reported-badge">
      <Icon name="report" size={14} />
      Reported
      <span className="w-visually-hidden"> — {detail}</span>
    </span>
  );
}

/**
 * One wish: author header, text (opens the wish), vote control and a View/Share/Report menu
 * (Share only for a public wish, Report only on someone else's), and a Private/Hidden mark; its
 * author also gets Edit, Make private/public and Delete (with a confirmation).
 */
export function WishCard({ wish: initialWish, onChange, onDeleted, voteMode = 'both', standalone = false, highlight }: WishCardViewProps) {
  // Local copy so the counts update even when the parent ignores onChange; a new prop wins.
  const [wish, setWish] = useKeyedState<Wish>(initialWish, initialWish);
  const [deleted, setDeleted] = useState(false);
  const navigate = useNavigate();
  const me = useSessionUser();
  const client = useQueryClient();
  const own = me?.userId != null && me.userId === wish.user_id;
  const visibility = wishVisibility(wish);
  const reported = useReportedByMe(wish.id) && !own;

  const name = authorName(wish);
  // One's own cards follow the session's avatar, so a new upload shows on them at once (no reload, no refetch).
  const avatar = (own && me?.avatarThumbnail) || authorAvatar(wish);
  const profilePath = `/user/${wish.user_id}`;
  const wishPath = `/wish/${wish.id}`;

  const handleVote = (updated: Wish) => {
    setWish(updated);
    onChange?.(updated);
  };

  const entries = wishMenuEntries(visibility, own);
  const common: Record<'view' | 'share' | 'report', WishMenuItem> = {
    view: { label: 'View', icon: 'view', onSelect: () => navigate(wishPath) },
    share: { label: 'Share', icon: 'share', onSelect: () => openShareModal(wish.id) },
    report: { label: 'Report', icon: 'report', onSelect: () => openReportModal(wish.id) },
  };
  const menuItems: WishMenuItem[] = entries.filter((entry) => entry !== 'report').map((entry) => common[entry]);
  // The author's own actions (docs/api.md, "Own wishes and moderation"); the server checks authorship again.
  if (own) {
    menuItems.push(
      { label: 'Edit', icon: 'compose', onSelect: () => openEditWish(wish, handleVote) },
      {
        label: wish.is_public ? 'Make private' : 'Make public',
        icon: wish.is_public ? 'lock' : 'unlock',
        onSelect: () => void toggleVisibility(wish, client).then((updated) => updated && handleVote(updated)),
      },
      {
        label: 'Delete',
        icon: 'trash',
        onSelect: () =>
          openDeleteWish(wish, (gone) => {
            setDeleted(true);
            onDeleted?.(gone);
          }),
      },
    );
  }
  if (entries.includes('report')) menuItems.push(common.report);
  // Staff act where they read (the server checks the role again): after the everyday entries, apart.
  const staff = !own && (me?.role === 'moderator' || me?.role === 'admin');
  if (staff) {
    const authorBanned = wish.moderation?.reason === AUTHOR_BANNED_REASON;
    const staffItems: WishMenuItem[] = [];
    if (!wish.moderation) staffItems.push({ label: 'Hide', icon: 'hidden', onSelect: () => openStaffAction(wish, 'hide', handleVote) });
    else if (!authorBanned) staffItems.push({ label: 'Restore', icon: 'view', onSelect: () => openStaffAction(wish, 'restore', handleVote) });
    if (!authorBanned) staffItems.push({ label: 'Ban author', icon: 'shield', onSelect: () => openStaffAction(wish, 'ban', handleVote) });
    if (staffItems[0]) staffItems[0].separatorBefore = true;
    menuItems.push(...staffItems);
  }

  if (deleted) return null;

  return (
    <article className={standalone ? 'feed-card feed-card--standalone' : 'feed-card'} aria-label={`Wish by ${name}`}>
      <header className="feed-card__header">
        <Link to={profilePath} className="feed-card__avatar-link" tabIndex={-1} aria-hidden="true">
          {avatar ? (
            <img className="feed-card__avatar" src={avatar} alt="" width={40} height={40} loading="lazy" />
          ) : (
            <span className="feed-card__avatar feed-card__avatar--initial">{name.charAt(0).toUpperCase()}</span>
          )}
        </Link>
        <div className="feed-card__meta">
          <Link to={profilePath} className="feed-card__author">
            {name}
          </Link>
          <Link to={wishPath} className="feed-card__date">
            <time dateTime={wish.published_at || wish.created_at}>{formatDate(wish.published_at || wish.created_at)}</time>
          </Link>
        </div>
        <VisibilityBadge visibility={visibility} />
        {reported ? <ReportedBadge /> : null}
        <WishMenu items={menuItems} />
      </header>
      {wish.moderation ? (
        <p className="feed-card__notice" role="note">
          Hidden by moderators: {wish.moderation.reason}
        </p>
      ) : null}
      {standalone ? (
        <p className="feed-card__text">{wish.text}</p>
      ) : (
        <Link to={wishPath} className="feed-card__text feed-card__text--link">
          {highlightMatches(wish.text, highlight)}
        </Link>
      )}
      {wish.edited_at ? (
        <p className="feed-card__flags">
          {wish.edited_at ? (
            <span className="feed-card__flag">
              Edited <time dateTime={wish.edited_at}>{formatDate(wish.edited_at)}</time>
            </span>
          ) : null}
        </p>
      ) : null}
      <footer className="feed-card__footer">
        <VoteControl wish={wish} onChange={handleVote} mode={voteMode} />
        {visibility.kind === 'public' && wish.reply_count !== undefined ? (
          <Link to={`${wishPath}#replies`} className="feed-card__replies" data-testid="reply-count">
            {wish.reply_count === 1 ? '1 reply' : `${wish.reply_count} replies`}
          </Link>
        ) : null}
      </footer>
    </article>
  );
}

/** Default export for Module Federation ('mf_feed/WishCard'). */
export default function WishCardRemote(props: WishCardProps) {
  return <WishCard {...props} />;
}
