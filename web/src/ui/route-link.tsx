import { routePath } from '@storyhouse/contracts';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useI18n } from '../lib/i18n';

/**
 * A link to a screen of the route table, in the site language's path. A
 * screen whose capability is not built yet has no route, so no link shows:
 * the shell never offers a way to a page that is not there.
 */
export function RouteLink({
  to,
  children,
  className,
  onClick,
}: {
  to: string;
  children: ReactNode;
  className?: string;
  onClick?: () => void;
}) {
  const { lang } = useI18n();
  const path = routePath(to, lang);
  if (!path) return null;
  return (
    <Link to={path} className={className} onClick={onClick}>
      {children}
    </Link>
  );
}

/** A list item holding a RouteLink, absent with it. */
export function RouteItem({ to, children, className }: { to: string; children: ReactNode; className?: string }) {
  const { lang } = useI18n();
  if (!routePath(to, lang)) return null;
  return (
    <li className={className}>
      <RouteLink to={to}>{children}</RouteLink>
    </li>
  );
}
