import { z } from 'zod';

/** A required text field: trimmed, empty reads "Required" (spec §5), at most `max` characters. */
export const requiredText = (max: number) => z.string().trim().min(1).max(max);

/** An optional text field: trimmed, missing becomes '', at most `max` characters. */
export const optionalText = (max: number) => z.string().trim().max(max).default('');
