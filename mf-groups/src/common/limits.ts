/**
 * The group fields' limits the forms hold to before sending: the contract's GROUP_LIMITS
 * (@wishes/kit-contract's groups.ts), which its types-only entry does not carry to the browser.
 * The server checks them again and answers 400 naming the field.
 */
export const LIMITS = {
  recipientNameMax: 80,
  signerNameMax: 80,
  textMax: 1000,
  detailsMax: 500,
  styleMax: 100,
  noteMax: 300,
  emailMax: 254,
  invitationsPerCall: 50,
} as const;
