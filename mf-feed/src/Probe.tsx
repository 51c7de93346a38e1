import { useSessionUser } from '@wishes/shared';
export default function Probe() {
  const user = useSessionUser();
  return <p id="probe">remote ok {user ? user.username : 'visitor'}</p>;
}
