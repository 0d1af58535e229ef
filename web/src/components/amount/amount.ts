import { typedUsdAmount, type UsdRange } from '@storyhouse/contracts';

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

/** Why a typed amount is not taken: not a number, below the form's smallest amount, or above its largest. */
export type AmountProblem = 'invalid' | 'tooSmall' | 'tooBig';

/**
 * A typed amount in dollars, rounded to cents, or its problem: the rule of
 * the contracts' typedUsdAmount (spec §5), which the cart's general
 * donation form and the server's limits share. Nothing typed, "abc",
 * "1,000" or "1e9" are invalid; an amount under the range's minimum
 * (0 and below too) is too small, one over its maximum too big.
 */
export function parseAmount(text: string, range: UsdRange): { amount: number } | { problem: AmountProblem } {
  const result = typedUsdAmount(range).safeParse(text);
  if (result.success) return { amount: result.data };
  const { issues } = result.error;
  // Bounds of the amount, not of the text (an empty field is too short a text: invalid).
  if (issues.some((issue) => issue.code === 'too_big' && issue.origin === 'number')) return { problem: 'tooBig' };
  if (issues.some((issue) => issue.code === 'too_small' && issue.origin === 'number')) return { problem: 'tooSmall' };
  return { problem: 'invalid' };
}

/** Choosing a preset: the chosen one again clears it (spec §4); the typed amount is cleared. */
export const choosePreset = (state: AmountState, preset: number): AmountState => ({
  preset: state.preset === preset ? null : preset,
  other: '',
});

/** Typing an amount clears the preset (spec §4). */
export const typeAmount = (text: string): AmountState => ({ preset: null, other: text });

/** The amount chosen in dollars: 0 while none is, or the typed one is not taken (spec §5 "otherwise error with amount 0"). */
export function amountOf(state: AmountState, range: UsdRange): number {
  if (state.preset !== null) return state.preset;
  if (state.other.trim() === '') return 0;
  const parsed = parseAmount(state.other, range);
  return 'amount' in parsed ? parsed.amount : 0;
}

/** The problem of the typed amount to show, if any (none while nothing is typed). */
export function amountProblem(state: AmountState, range: UsdRange): AmountProblem | undefined {
  if (state.preset !== null || state.other.trim() === '') return undefined;
  const parsed = parseAmount(state.other, range);
  return 'problem' in parsed ? parsed.problem : undefined;
}
