/** Texts and limits of POST /api/base/generate_text/. */
import { LIMITS } from '@wishes/kit-contract/constants';

export const GENERATE_FIELDS = ['style', 'audience', 'name', 'topic', 'details'] as const;
export type GenerateField = (typeof GENERATE_FIELDS)[number];

export const FIELD_MAX: Record<GenerateField, number> = {
  style: LIMITS.generateFieldMax,
  audience: LIMITS.generateFieldMax,
  name: LIMITS.generateFieldMax,
  topic: LIMITS.generateFieldMax,
  details: LIMITS.detailsMax,
};

/** A rolling hour: events older than this no longer count against the quota. */
export const QUOTA_WINDOW_MS = 60 * 60 * 1000;

export const GENERATE_TEXT = {
  required: 'This field is required.',
  missing: (fields: string[]) => `Please fill in ${fields.join(', ')}.`,
  tooLong: (max: number) => `Ensure this field has no more than ${max} characters.`,
  limitReached: (limit: number) => `You have reached the limit of ${limit} wish generations per hour. Please try again later.`,
} as const;
