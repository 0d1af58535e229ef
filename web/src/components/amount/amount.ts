import { typedUsdAmount } from '@storyhouse/contracts';

/**
 * The amount a family chooses for a donation or a gift card (spec §4
 * Donation amount, §5 Gift card and Donation): a preset, or an amount of
 * their own. Choosing the chosen preset again clears it to 0; typing an
 * amount clears the preset.
 */
export interface AmountState {
  /** The preset chosen, or null. */
  preset: number | null;
  /** The amount typed, as typed. */
  other: string;
}

export const noAmount: AmountState = { preset: null, other: '' };

/** Why a typed amount is not taken: not a number above 0, or above the form's limit. */
export type AmountProblem = 'invalid' | 'tooBig';

/**
 * A typed amount in dollars, rounded to cents, or its problem: the rule of
 * the contracts' typedUsdAmount (spec §5), which the cart's general
 * donation form and the server's limits share. Nothing typed, "abc",
 * "1,000", "1e9" or an amount that rounds to 0 or below are invalid.
 */
export function parseAmount(text: string, max: number): { amount: number } | { problem: AmountProblem } {
  const result = typedUsdAmount(max).safeParse(text);
  if (result.success) return { amount: result.data };
  return { problem: result.error.issues.some((issue) => issue.code === 'too_big') ? 'tooBig' : 'invalid' };
}

/** Choosing a preset: the chosen one again clears it (spec §4); the typed amount is cleared. */
export const choosePreset = (state: AmountState, preset: number): AmountState => ({
  preset: state.preset === preset ? null : preset,
  other: '',
});

/** Typing an amount clears the preset (spec §4). */
export const typeAmount = (text: string): AmountState => ({ preset: null, other: text });

/** The amount chosen in dollars: 0 while none is, or the typed one is not taken (spec §5 "otherwise error with amount 0"). */
export function amountOf(state: AmountState, max: number): number {
  if (state.preset !== null) return state.preset;
  if (state.other.trim() === '') return 0;
  const parsed = parseAmount(state.other, max);
  return 'amount' in parsed ? parsed.amount : 0;
}

/** The problem of the typed amount to show, if any (none while nothing is typed). */
export function amountProblem(state: AmountState, max: number): AmountProblem | undefined {
  if (state.preset !== null || state.other.trim() === '') return undefined;
  const parsed = parseAmount(state.other, max);
  return 'problem' in parsed ? parsed.problem : undefined;
}
