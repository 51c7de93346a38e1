/**
 * The signer's own messages in this browser: the edit token the server shows once, kept in
 * localStorage by invite, so the signer can change or take back their message later from here.
 */
export interface OwnMessage {
  contribution_id: number;
  edit_token: string;
}

const keyOf = (invite: string) => `wishes.groups.own.${invite}`;

export function ownMessages(invite: string): OwnMessage[] {
  try {
    const parsed = JSON.parse(localStorage.getItem(keyOf(invite)) ?? '[]') as unknown;
    return Array.isArray(parsed) ? parsed.filter((m): m is OwnMessage => typeof m?.contribution_id === 'number' && typeof m?.edit_token === 'string') : [];
  } catch {
    return [];
  }
}

export function keepOwnMessage(invite: string, message: OwnMessage): void {
  try {
    localStorage.setItem(keyOf(invite), JSON.stringify([...ownMessages(invite).filter((m) => m.contribution_id !== message.contribution_id), message]));
  } catch {
    // Storage off (private mode, full): the token was shown; this browser just will not remember it.
  }
}

export function forgetOwnMessage(invite: string, contributionId: number): void {
  try {
    localStorage.setItem(keyOf(invite), JSON.stringify(ownMessages(invite).filter((m) => m.contribution_id !== contributionId)));
  } catch {
    // As above.
  }
}
