import { type ReactNode, useId } from 'react';

/** A section of an admin page with its heading (h2): a region named by it. */
export function AdminPart({ title, className, children }: { title: string; className?: string; children: ReactNode }) {
  const id = useId();
  return (
    <section className={`admin-part card${className ? ` ${className}` : ''}`} aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {children}
    </section>
  );
}

/**
 * A figure of a table row. On a phone, where the columns stack, it carries
 * its column's name for sight; screen readers have the column heading already.
 */
export function MoneyCell({ label, children }: { label: string; children: ReactNode }) {
  return (
    <td className="admin-table__money">
      <span className="admin-table__label" aria-hidden="true">
        {label}:{' '}
      </span>
      {children}
    </td>
  );
}

/** The button that applies a list's filters (the filters are kept in the address). */
export function ApplyFilters({ label }: { label: string }) {
  return (
    <div className="admin-filters__submit">
      <button type="submit" className="button">
        {label}
      </button>
    </div>
  );
}
