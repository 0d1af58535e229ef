import type { ReactNode } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import './back-link.css';

/**
 * A back link: it returns to the previous screen when the visitor came
 * from one inside the app (keeping that screen's search and page), and
 * otherwise, on a page opened directly or from a shared link, goes to
 * `fallback`.
 */
export function BackLink({ fallback, children }: { fallback: string; children: ReactNode }) {
  const navigate = useNavigate();
  // React Router gives the first entry of a visit the key 'default'.
  const hasHistory = useLocation().key !== 'default';
  return (
    <Link
      to={fallback}
      className="back-link"
      onClick={(e) => {
        if (!hasHistory || e.metaKey || e.ctrlKey || e.shiftKey || e.button !== 0) return;
        e.preventDefault();
        navigate(-1);
      }}
    >
      <span aria-hidden="true">← </span>
      {children}
    </Link>
  );
}
