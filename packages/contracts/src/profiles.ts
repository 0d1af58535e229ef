import { z } from 'zod';
import { AgeBand } from './age-band';

/** Issue 42 (decision 051): a family's child profiles. */
export const MAX_CHILD_PROFILES = 6;

/** The drawn avatars a child profile chooses from (web draws each; no photo is ever uploaded). */
export const AVATARS = ['fox', 'owl', 'bear', 'rabbit', 'whale', 'lion', 'turtle', 'hedgehog'] as const;
export const Avatar = z.enum(AVATARS);
export type Avatar = z.infer<typeof Avatar>;

/** What a child profile may hear: everything the family may, albums for its age band and younger, or hand-picked ones. */
export const LISTENS = ['all', 'age', 'picked'] as const;
export const Listens = z.enum(LISTENS);
export type Listens = z.infer<typeof Listens>;

/** A profile as a device shows it to choose whom it listens as ("Who's listening?"). */
export const ProfileChoice = z.object({
  id: z.number().int(),
  nickname: z.string(),
  avatar: Avatar,
  age_band: AgeBand,
});
export type ProfileChoice = z.infer<typeof ProfileChoice>;
