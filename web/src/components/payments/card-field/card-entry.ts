import type { Ref } from 'react';

/**
 * What the payment form asks of a card entry, whichever processor is in
 * use (our own field for the built-in test processor, Stripe Elements in
 * production): both hand back a single-use token, never the card itself.
 */
export interface CardEntry {
  /** Shows every part's problem; answers whether the card is ready to be sent. */
  check(): boolean;
  /** Exchanges the card for a single-use token (tok_… or pm_…); rejects with the failure to show. */
  tokenize(): Promise<string>;
  /** Puts focus in the card's number (issue 46: after a declined card). */
  focus(): void;
}

export interface CardEntryProps {
  ref: Ref<CardEntry>;
  /**
   * The "card errors" state (spec §5 Payment: Pay is blocked while the card
   * widget reports an error): told each time it changes.
   */
  onErrorChange: (hasError: boolean) => void;
}

/** A card the entry refused (a part the processor found wrong): the form says to fix the card first. */
export class CardEntryError extends Error {}
