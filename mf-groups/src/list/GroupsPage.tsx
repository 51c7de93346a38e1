/**
 * /groups (members; exposed as mf_groups/GroupsPage): the groups the member organises or signed,
 * newest first, a page at a time, and the way to start one.
 */
import { Link } from 'react-router-dom';
import { call, useDocumentTitle, useSessionUser } from '@wishes/kit-client';
import { EmptyState, ErrorState, Pager, Spinner, buttonClassName, usePagedList } from '@wishes/kit-ui';
import type { Group, GroupsPage as GroupsPageData } from '@wishes/kit-contract';
import { STATE_LABEL, localWhen } from '../common/api';
import '../common/groups.css';

export const LIST_TEXT = {
  title: 'Group wishes',
  lead: 'Start a wish for one person, share the link, and everyone signs it. On the day it reaches them as one wish with every message.',
  start: 'Start a group wish',
  empty: 'No group wishes yet. Start one, or sign one from a link a friend sent you.',
  loading: 'Loading your group wishes...',
  failed: 'Could not load your group wishes.',
  organiser: 'You organise this',
  signed: (name: string) => `Organised by ${name}`,
  messages: (n: number) => `${n} ${n === 1 ? 'message' : 'messages'}`,
} as const;

function Row({ group, mine }: { group: Group; mine: boolean }) {
  const facts = [STATE_LABEL[group.state], LIST_TEXT.messages(group.contribution_count), localWhen(group.deliver_at, group.time_zone)];
  return (
    <li className="groups-card groups-list__item" data-testid="group">
      <div className="groups-list__who">
        {mine ? (
          <Link className="groups-list__name" to={`/groups/${group.group_id}`}>
            {group.recipient_name}
          </Link>
        ) : (
          <strong className="groups-list__name">{group.recipient_name}</strong>
        )}
        <span className="groups-list__topic">{group.topic}</span>
      </div>
      <p className="groups-meta">{facts.join(' · ')}</p>
      <p className="groups-meta">{mine ? LIST_TEXT.organiser : LIST_TEXT.signed(group.organiser.name)}</p>
    </li>
  );
}

export default function GroupsPage() {
  useDocumentTitle(LIST_TEXT.title);
  const session = useSessionUser();
  const { state, page, setPage, reload } = usePagedList<GroupsPageData>({
    queryKey: (p) => ['groups', 'mine', p],
    load: (p) => call('listGroups', { query: { page: p } }),
    failed: LIST_TEXT.failed,
  });
  return (
    <section className="groups-page" aria-labelledby="groups-title">
      <div className="groups-head">
        <h1 id="groups-title" className="groups-title">
          {LIST_TEXT.title}
        </h1>
        <Link className={buttonClassName()} to="/groups/new">
          {LIST_TEXT.start}
        </Link>
      </div>
      <p className="groups-lead">{LIST_TEXT.lead}</p>
      {state.status === 'loading' ? <Spinner label={LIST_TEXT.loading} /> : null}
      {state.status === 'error' ? <ErrorState message={state.message} onRetry={reload} /> : null}
      {state.status === 'ready' && state.page.groups.length === 0 ? <EmptyState>{LIST_TEXT.empty}</EmptyState> : null}
      {state.status === 'ready' && state.page.groups.length ? (
        <>
          <ul className="groups-list">
            {state.page.groups.map((g) => (
              <Row key={g.group_id} group={g} mine={g.organiser.user_id === session?.userId} />
            ))}
          </ul>
          <Pager page={page} hasNext={state.page.next_page_number !== null} onPage={setPage} />
        </>
      ) : null}
    </section>
  );
}
