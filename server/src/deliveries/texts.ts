/** The deliveries' messages: the API's errors and answers, and the recipient's page (page.ts) where they meet. */
export const DELIVERY_TEXT = {
  notFound: 'Wish not found',
  deliveryNotFound: 'Delivery not found',
  linkNotFound: 'This link does not lead to a wish.',
  badEmail: 'Enter a valid email address.',
  badTime: 'Enter a valid date and time.',
  pastTime: 'The time to send must not be in the past.',
  farTime: 'The time to send must be at most 366 days ahead.',
  hidden: 'A moderator hid this wish, so it cannot be sent.',
  unverified: 'Please verify your email address before sending wishes: open the link we mailed you when you signed up.',
  suppressed: 'This address does not accept wishes',
  overLimit: (n: number) => `You can send at most ${n} wishes a day. Please try again tomorrow.`,
  freshLimit: 'New accounts can send at most 3 wishes a day. Please try again tomorrow.',
  cancelled: 'Delivery cancelled',
  tooLate: 'This delivery can no longer be cancelled.',
  unsubscribed: 'This address will receive no more wishes.',
  confirmUnsubscribe: 'Confirm on the page this leads to: a link opened changes nothing by itself.',
} as const;
