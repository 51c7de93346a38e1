/** Texts of the profile routes. */
export const PROFILE_TEXT = {
  notFound: 'User not found',
  self: 'You cannot subscribe to yourself.',
  subscribed: (name: string) => `Successfully subscribed to ${name}`,
  unsubscribed: (name: string) => `Unsubscribed from ${name}`,
} as const;
