import type { ReactNode } from 'react';

/** One term and its value in a description list (the order page's amounts, payment, shipment). */
export function Fact({ term, children, className }: { term: string; children: ReactNode; className?: string }) {
  return (
    <div className={className}>
      <dt>{term}</dt>
      <dd>{children}</dd>
    </div>
  );
}
