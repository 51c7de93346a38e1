/** /groups/new (members; exposed as mf_groups/NewGroupPage): start a group wish, then its page. */
import { Link, useNavigate } from 'react-router-dom';
import { call, useDocumentTitle, useQueryClient } from '@wishes/kit-client';
import { toast } from '@wishes/kit-session';
import { GroupForm } from '../common/GroupForm';
import '../common/groups.css';

export const NEW_TEXT = {
  title: 'Start a group wish',
  lead: 'Say who it is for and when it goes. Then share the link: everyone who signs adds a message.',
  start: 'Start the group',
  started: (name: string) => `The group wish for ${name} is ready. Share the link.`,
  back: 'Back to group wishes',
} as const;

export default function NewGroupPage() {
  useDocumentTitle(NEW_TEXT.title);
  const navigate = useNavigate();
  const client = useQueryClient();
  return (
    <section className="groups-page" aria-labelledby="groups-new-title">
      <Link className="groups-back" to="/groups">
        {NEW_TEXT.back}
      </Link>
      <h1 id="groups-new-title" className="groups-title">
        {NEW_TEXT.title}
      </h1>
      <p className="groups-lead">{NEW_TEXT.lead}</p>
      <GroupForm
        submitLabel={NEW_TEXT.start}
        onSaved={async (body) => {
          const { group } = await call('createGroup', { body });
          toast.success(NEW_TEXT.started(group.recipient_name));
          await client.invalidateQueries({ queryKey: ['groups'] });
          navigate(`/groups/${group.group_id}`);
        }}
      />
    </section>
  );
}
