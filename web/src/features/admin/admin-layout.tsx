import { routePath } from '@storyhouse/contracts';
import type { MessageKey } from '@storyhouse/i18n';
import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { useI18n } from '../../lib/i18n';
import { useDocumentTitle } from '../../ui/use-document-title';
import './admin.css';

/**
 * The back office's sections (issue 29 item 1), in the order a volunteer
 * works through them. A section whose route is not in the route table yet
 * shows no link (routePath answers nothing), so the navigation never leads
 * to a page that is not there.
 */
const sections: { route: string; label: MessageKey }[] = [
  { route: 'admin', label: 'admin.nav.overview' },
  { route: 'adminOrders', label: 'admin.nav.orders' },
  { route: 'adminProducts', label: 'admin.nav.products' },
  { route: 'adminPromoted', label: 'admin.nav.promoted' },
  { route: 'adminRenewals', label: 'admin.nav.renewals' },
  { route: 'adminDonors', label: 'admin.nav.donors' },
  { route: 'adminReports', label: 'admin.nav.reports' },
  { route: 'adminMedia', label: 'admin.nav.media' },
  { route: 'adminUsers', label: 'admin.nav.users' },
  { route: 'adminAudit', label: 'admin.nav.audit' },
];

/**
 * Where the address is in a section: its own page ("page"), a page inside it
 * (an order of Orders: "true"), or elsewhere. The overview (/admin) holds only itself.
 */
function currentness(pathname: string, path: string): 'page' | 'true' | undefined {
  const here = pathname.replace(/\/+$/, '') || '/';
  if (here === path) return 'page';
  return path !== routePath('admin', 'en') && here.startsWith(`${path}/`) ? 'true' : undefined;
}

/**
 * The layout of every /admin page (issue 29 item 1): the back office's name,
 * its navigation (a landmark of its own, the current section marked for
 * screen readers and by sight), then the page's way back (`back`), heading
 * and content. On a
 * phone the sections wrap onto as many lines as they need.
 */
export function AdminLayout({ title, back, children }: { title: string; back?: ReactNode; children: ReactNode }) {
  const { t, lang } = useI18n();
  const { pathname } = useLocation();
  useDocumentTitle(title);
  return (
    <div className="page admin-page">
      <p className="admin-layout__name">{t('admin.nav.name')}</p>
      <nav className="admin-nav" aria-label={t('admin.nav.label')}>
        <ul className="admin-nav__list">
          {sections.map(({ route, label }) => {
            const path = routePath(route, lang);
            if (!path) return null;
            return (
              <li key={route}>
                <Link to={path} className="admin-nav__link" aria-current={currentness(pathname, path)}>
                  {t(label)}
                </Link>
              </li>
            );
          })}
        </ul>
      </nav>
      {back}
      <h1>{title}</h1>
      {children}
    </div>
  );
}
