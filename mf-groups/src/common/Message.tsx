/** One message of a group as a card: the signer's name (guests marked), the text whole, and the actions given. */
import type { ReactNode } from 'react';

export const GUEST = 'guest';

export function Message({ name, guest, text, pending, reported, children }: { name: string; guest: boolean; text: string; pending?: boolean; reported?: boolean; children?: ReactNode }) {
  return (
    <li className={`groups-card groups-message${pending ? ' groups-message--pending' : ''}`} data-testid="message">
      <p className="groups-message__text">{text}</p>
      <p className="groups-message__by">
        <span className="groups-message__name">{name}</span>
        {guest ? <span className="groups-badge">{GUEST}</span> : null}
        {pending ? <span className="groups-badge groups-badge--pending">waiting for approval</span> : null}
        {reported ? <span className="groups-badge groups-badge--reported">reported</span> : null}
      </p>
      {children ? <div className="groups-actions">{children}</div> : null}
    </li>
  );
}
