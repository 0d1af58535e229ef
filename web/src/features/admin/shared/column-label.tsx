/**
 * A cell's column name, shown for sight only where the back office's table
 * columns stack (a phone); screen readers have the column heading already.
 */
export function ColumnLabel({ label }: { label: string }) {
  return (
    <span className="admin-table__label" aria-hidden="true">
      {label}:{' '}
    </span>
  );
}
