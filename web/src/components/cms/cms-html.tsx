import { type MouseEvent, useCallback } from 'react';
import { useNavigate } from 'react-router';
import './cms-html.css';

/**
 * The internal target of a click on a link inside CMS HTML, or undefined
 * when the browser should handle it (new tab, download, another site).
 */
function internalTarget(event: MouseEvent<HTMLElement>): HTMLAnchorElement | undefined {
  if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) {
    return undefined;
  }
  const link = (event.target as Element).closest('a');
  if (!link || !event.currentTarget.contains(link)) return undefined;
  if (link.target && link.target !== '_self') return undefined;
  if (link.hasAttribute('download')) return undefined;
  if (link.origin !== window.location.origin) return undefined;
  // API calls and media (downloads) are not pages of the app.
  if (link.pathname.startsWith('/crud/') || link.pathname.startsWith('/media/')) return undefined;
  return link;
}

/**
 * Rich text from the CMS. The server sanitized it before serving (only
 * formatting, links and images survive; external links already open in a
 * new tab), so it is inserted as HTML. Internal links route in the app
 * instead of reloading it, and in-page anchors scroll their target into
 * view (spec §2 Basic subpage).
 */
export function CmsHtml({ html, className }: { html: string; className?: string }) {
  const navigate = useNavigate();
  const onClick = useCallback(
    (event: MouseEvent<HTMLDivElement>) => {
      const link = internalTarget(event);
      if (!link) return;
      event.preventDefault();
      const samePage = link.pathname === window.location.pathname && link.search === window.location.search;
      if (samePage && link.hash) {
        const target = document.getElementById(decodeURIComponent(link.hash.slice(1)));
        target?.scrollIntoView({ behavior: 'smooth', block: 'start' });
        if (target && !target.hasAttribute('tabindex')) target.setAttribute('tabindex', '-1');
        target?.focus({ preventScroll: true });
        window.history.replaceState(window.history.state, '', link.hash);
        return;
      }
      void navigate(link.pathname + link.search + link.hash);
    },
    [navigate],
  );
  if (!html) return null;
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: delegates clicks of the links inside; the links themselves are the controls.
    // biome-ignore lint/a11y/useKeyWithClickEvents: keyboard activation of a link fires the same click event.
    <div className={['cms-html', className].filter(Boolean).join(' ')} onClick={onClick}>
      <div
        // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitized on the server (server/src/lib/rich-text.ts).
        dangerouslySetInnerHTML={{ __html: html }}
      />
    </div>
  );
}
