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
