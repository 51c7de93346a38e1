/** Texts of the compose screen. Toast texts are the spec's (docs/product.md#8-error-texts), character for character. */
export type DraftLength = 'short' | 'medium' | 'long';
export type ImproveInstruction = 'warmer' | 'shorter' | 'funnier' | 'more formal';

export const LENGTH_CHOICES: Array<{ value: DraftLength; label: string }> = [
  { value: 'short', label: 'Short' },
  { value: 'medium', label: 'Medium' },
  { value: 'long', label: 'Long' },
];

export const IMPROVE_CHOICES: Array<{ value: ImproveInstruction; label: string }> = [
  { value: 'warmer', label: 'Warmer' },
  { value: 'shorter', label: 'Shorter' },
  { value: 'funnier', label: 'Funnier' },
  { value: 'more formal', label: 'More formal' },
];

export const COMPOSE_TEXT = {
  title: 'Compose Wish',
  required: 'This field is required.',
  generate: 'Generate',
  generating: 'Generating…',
  giveThree: 'Give me 3',
  stop: 'Stop',
  generatedWithQuota: (remaining: number, limit: number) => `Wish generated! ${remaining}/${limit} generations remaining this hour.`,
  generated: 'Wish generated successfully! You can now edit it.',
  quotaLeft: (remaining: number, limit: number) => `${remaining} of ${limit} generations left this hour`,
  copied: 'Wish text copied to clipboard!',
  copyFailed: 'Failed to copy text',
  save: 'Save Wish',
  saveAndSend: 'Save and send to…',
  cardTheme: 'Card theme',
  saving: 'Saving…',
  replaceTitle: 'Replace your text?',
  replace: 'Replace',
  keep: 'Keep my text',
  optionsFailed: 'Could not load the style, audience and topic choices. You can type your own, or try again.',
  // Announced to screen readers (aria-live) as the draft changes.
  writing: 'Writing your wish…',
  draftReady: 'Your wish is ready to edit.',
  stopped: 'Stopped. The text written so far is kept.',
  brokeOff: 'The draft stopped early. The text written so far is kept.',
  writingThree: 'Writing three drafts…',
  threeReady: (count: number) => `${count} drafts ready. Pick one to put it in the editor.`,
  picked: (n: number) => `Draft ${n} is in the editor.`,
  rewriting: (instruction: ImproveInstruction) => `Rewriting: ${instruction}…`,
  rewritten: (instruction: ImproveInstruction) => `Rewritten: ${instruction}. You can keep editing.`,
  // The draft's chat with the assistant.
  chatTitle: 'Ask the assistant',
  chatLabel: 'Ask the assistant…',
  chatSend: 'Send',
  chatSending: 'Asking…',
  chatHint: 'Try “make it shorter”, “mention the cake”, “add a line about her new job” or “make it rhyme”.',
  chatEmpty: 'No instructions yet. Each one you send, and every version of the text, is kept with this wish.',
  chatVersions: (count: number) => `Versions (${count})`,
  chatRestore: 'Restore',
  chatCurrent: 'In the editor',
  chatContinuing: 'Saving updates your wish.',
  asking: 'Asking the assistant…',
  assistantSaid: (reply: string) => `Assistant: ${reply}`,
  restored: (n: number) => `Version ${n} is in the editor.`,
  loadingChat: 'Opening your chat…',
  chatLoaded: 'Your chat is open. The latest version is in the editor.',
  chatNotFound: 'That chat could not be found.',
} as const;
