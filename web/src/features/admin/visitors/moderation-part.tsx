import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Fact } from '../shared/facts';
import './moderation.css';

/**
 * A choice between lists (contact messages or lesson requests, open or
 * handled, a language's newsletter list) as links: the choice is in the
 * address, so it can be bookmarked, and the current one is marked for
 * screen readers and by sight.
 */
export function ListSwitch({ label, items }: { label: string; items: { href: string; label: string; current: boolean }[] }) {
  return (
    <nav className="moderation-switch" aria-label={label}>
      <ul className="moderation-switch__list">
        {items.map((item) => (
          <li key={item.href}>
            <Link to={item.href} className="moderation-switch__link" aria-current={item.current ? 'page' : undefined}>
              {item.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** Facts about a message: name and value pairs; an empty value is left out. */
export function ItemFacts({ facts }: { facts: [string, ReactNode][] }) {
  return (
    <dl className="moderation-item__facts">
      {facts
        .filter(([, value]) => value !== '' && value !== null && value !== undefined)
        .map(([term, value]) => (
          <Fact key={term} term={term}>
            {value}
          </Fact>
        ))}
    </dl>
  );
}
