import type { CartTotal } from '@storyhouse/contracts';

/** What a section of the cart page (coupon, gift) gets from the page: the cart, and the page's polite and alert regions. */
export interface CartSectionProps {
  cart: CartTotal;
  /** Announces a change politely. */
  onStatus: (message: string) => void;
  /** Alerts a failure the section cannot show in place (spec §8 Cart). */
  onAlert: (message: string) => void;
}
