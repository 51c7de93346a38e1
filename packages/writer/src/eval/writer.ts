/** The offline writer as the evaluation drives it (score.ts): drafts, variants, rewrites and chat instructions. */
import { followOffline } from '../instructions';
import { improveText } from '../improve';
import { composeDraft, composeVariants, planOf } from '../template';
import type { Writer } from './score';

export const writer: Writer = {
  compose: (request, length, random) => composeDraft(request, length, random),
  variants: (request, length, count, random) => composeVariants(request, length, count, random),
  // The improve route gets the text alone, so the register is read from the text, as in production.
  improve: (text, instruction, _request, random) => improveText(text, instruction, random),
  // The chat knows the wish's settings.
  chat: (text, message, request, random) => followOffline(text, message, planOf(request).name, random, request),
};
