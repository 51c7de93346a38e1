/** Texts of the compose screen. Toast texts are the spec's (§8), character for character. */
export const COMPOSE_TEXT = {
  title: 'Compose Wish',
  required: 'This field is required.',
  generate: 'Generate',
  generating: 'Generating…',
  generatedWithQuota: (remaining: number, limit: number) => `Wish generated! ${remaining}/${limit} generations remaining this hour.`,
  generated: 'Wish generated successfully! You can now edit it.',
  quotaLeft: (remaining: number, limit: number) => `${remaining} of ${limit} generations left this hour`,
  copied: 'Wish text copied to clipboard!',
  copyFailed: 'Failed to copy text',
  save: 'Save Wish',
  saving: 'Saving…',
  replaceTitle: 'Replace your text?',
  replace: 'Replace',
  keep: 'Keep my text',
  optionsFailed: 'Could not load the style, audience and topic choices. You can type your own, or try again.',
} as const;
