import type { ReactNode } from 'react';
import { Link } from 'react-router';

const isExternal = (href: string) => /^(https?:)?\/\//i.test(href) || /^(mailto|tel):/i.test(href);

/**
 * A link from content (CMS fields): an internal path routes in the app, an
 * outside address opens in a new tab without handing it the opener
 * (spec §2 Home).
 */
export function SmartLink({ href, className, children }: { href: string; className?: string; children: ReactNode }) {
  if (isExternal(href)) {
    const newTab = /^(https?:)?\/\//i.test(href);
    return (
      <a href={href} className={className} {...(newTab ? { target: '_blank', rel: 'noopener noreferrer' } : {})}>
        {children}
      </a>
    );
  }
  return (
    <Link to={href} className={className}>
      {children}
    </Link>
  );
}
