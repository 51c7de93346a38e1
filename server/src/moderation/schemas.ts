/** Server-only texts of the moderation routes (their schemas are in the operation table, @wishes/kit-contract/api). */

export const MODERATION_TEXT = {
  forbidden: 'You do not have permission to perform this action.',
  adminOnly: 'Only an admin can do this.',
  blankReason: 'Please give a reason.',
  wishNotFound: 'Wish not found',
  replyNotFound: 'Reply not found',
  replyDone: { hide: 'Reply hidden', restore: 'Reply restored', dismiss: 'Reports dismissed', delete: 'Reply deleted' },
  /** Notifications (kind report_resolved) to the members whose reports on a reply an action resolved. */
  replyReportResolved: {
    hide: 'A reply you reported was hidden by a moderator.',
    restore: 'A reply you reported was reviewed and stays visible.',
    dismiss: 'A reply you reported was reviewed and left as it is.',
    delete: 'A reply you reported was removed by a moderator.',
  },
  userNotFound: 'User not found',
  selfBan: 'You cannot ban yourself.',
  banStaff: 'Only an admin can ban a moderator or an admin.',
  done: { hide: 'Wish hidden', restore: 'Wish restored', dismiss: 'Reports dismissed', delete: 'Wish deleted', ban: 'User banned', unban: 'User unbanned' },
  /** Notifications (kind report_resolved) to the members whose reports an action resolved. */
  reportResolved: {
    hide: 'A wish you reported was hidden by a moderator.',
    restore: 'A wish you reported was reviewed and stays visible.',
    dismiss: 'A wish you reported was reviewed and left as it is.',
    delete: 'A wish you reported was removed by a moderator.',
  },
  /** Notification (kind wish_hidden) to the author; the reason is the moderator's or auto-hide's. */
  wishHidden: (reason: string) => `Your wish was hidden. Reason: ${reason}`,
} as const;
