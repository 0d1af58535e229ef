import { z } from 'zod';
import { type LangCode as Code, langCodes } from './lang-codes';

/** Schema of a language code; the type of the same name is in lang-codes. */
export const LangCode: z.ZodType<Code> = z.enum(langCodes);
export type LangCode = Code;
