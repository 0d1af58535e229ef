import type { ReactNode } from 'react';

/**
 * Both checkout steps' layout (issue 27 item 7, as Shopify's checkout): the
 * form's fields, and beside them a sticky column holding the order summary
 * and the call to action together. On a phone one column: the fields, then
 * the summary with its total, and the button right under it.
 */
export function CheckoutColumns({ children, side, action }: { children: ReactNode; side: ReactNode; action: ReactNode }) {
  return (
    <div className="checkout-columns">
      <div className="checkout-columns__main">{children}</div>
      <div className="checkout-columns__side">
        {side}
        <div className="checkout-columns__action">{action}</div>
      </div>
    </div>
  );
}
