import { adminPath } from '@storyhouse/contracts';
import type { MessageKey } from '@storyhouse/i18n';
import { type ReactNode, useId, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { useI18n } from '../../../lib/i18n';
import { useDisclosure } from '../../../ui/use-disclosure';
import { useDocumentTitle } from '../../../ui/use-document-title';
import { ActionBarHost } from './action-bar';
import './admin.css';

/**
 * The back office's sections (issues 29 and 30), in groups a volunteer
 * recognises, in the order they work through them. A section whose route is
 * not in the route table shows no link (routePath answers nothing), so the
 * navigation never leads to a page that is not there, and a group with no
 * section shows nothing.
 */
const groups: { label: MessageKey; sections: { route: string; label: MessageKey }[] }[] = [
  {
    label: 'admin.nav.group.money',
    sections: [
      { route: 'admin', label: 'admin.nav.overview' },
      { route: 'adminOrders', label: 'admin.nav.orders' },
      { route: 'adminRenewals', label: 'admin.nav.renewals' },
      { route: 'adminDonors', label: 'admin.nav.donors' },
      { route: 'adminReports', label: 'admin.nav.reports' },
      { route: 'adminReceiptSettings', label: 'admin.nav.receiptSettings' },
    ],
  },
  {
    label: 'admin.nav.group.shop',
    sections: [
      { route: 'adminProducts', label: 'admin.nav.products' },
      { route: 'adminPromoted', label: 'admin.nav.promoted' },
      { route: 'adminCoupons', label: 'admin.nav.coupons' },
      { route: 'adminShopTitles', label: 'admin.nav.shopTitles' },
      { route: 'adminShipping', label: 'admin.nav.shipping' },
      { route: 'adminGivingFee', label: 'admin.nav.givingFee' },
      { route: 'adminReturnReasons', label: 'admin.nav.returnReasons' },
    ],
  },
  {
    label: 'admin.nav.group.website',
    sections: [
      { route: 'adminPages', label: 'admin.nav.pages' },
      { route: 'adminNavigation', label: 'admin.nav.navigation' },
      { route: 'adminMedia', label: 'admin.nav.media' },
    ],
  },
  {
    label: 'admin.nav.group.visitors',
    sections: [
      { route: 'adminGuestBook', label: 'admin.nav.guestBook' },
      { route: 'adminMessages', label: 'admin.nav.messages' },
      { route: 'adminNewsletter', label: 'admin.nav.newsletter' },
    ],
  },
  {
    label: 'admin.nav.group.team',
    sections: [
      { route: 'adminUsers', label: 'admin.nav.users' },
      { route: 'adminAudit', label: 'admin.nav.audit' },
    ],
  },
];

/**
 * Where the address is in a section: its own page ("page"), a page inside it
 * (an order of Orders: "true"), or elsewhere. The overview (/admin) holds only itself.
 */
function currentness(pathname: string, path: string): 'page' | 'true' | undefined {
  const here = pathname.replace(/\/+$/, '') || '/';
  if (here === path) return 'page';
  return path !== adminPath('admin', 'en') && here.startsWith(`${path}/`) ? 'true' : undefined;
}

/**
 * The layout of every /admin page (issues 29 and 44): the back office's name and its navigation, then the
 * page's way back (`back`), heading and content. From a laptop's width the navigation is a sidebar beside the
 * page, in the back office's own colours so a volunteer sees they are not on the storefront; on a phone it is
 * one "Menu" button (naming the section the page is in) that opens the same list over the page, so the page's
 * own content starts on the first screen.
 */
export function AdminLayout({ title, back, children }: { title: string; back?: ReactNode; children: ReactNode }) {
  const { t, lang } = useI18n();
  const { pathname } = useLocation();
  const id = useId();
  const menu = useDisclosure<HTMLElement>();
  // Where an editor's sticky action bar goes (action-bar.tsx): last in the page's column, so on screen from its top.
  const [bar, setBar] = useState<HTMLDivElement | null>(null);
  useDocumentTitle(title);
  const linked = groups.map((group) => ({
    ...group,
    links: group.sections.flatMap(({ route, label }) => {
      const path = adminPath(route, lang);
      return path ? [{ route, path, label, current: currentness(pathname, path) }] : [];
    }),
  }));
  const here = linked.flatMap((g) => g.links).find((l) => l.current);
  return (
    <div className="page admin-page">
      <div className="admin-shell">
        <nav className="admin-nav" aria-label={t('admin.nav.label')} {...menu.container}>
          <div className="admin-nav__head">
            <p className="admin-layout__name">{t('admin.nav.name')}</p>
            <button type="button" className="admin-nav__toggle" {...menu.toggle}>
              <span className="admin-nav__toggle-icon" aria-hidden="true" />
              {t('admin.nav.menu')}
              {here ? <span className="admin-nav__here">{t(here.label)}</span> : null}
            </button>
          </div>
          <ul className="admin-nav__groups" id={menu.list.id} data-open={menu.open || undefined}>
            {linked.map((group) => {
              if (group.links.length === 0) return null;
              const headingId = `${id}-${group.label}`;
              return (
                <li key={group.label} className="admin-nav__group">
                  <span id={headingId} className="admin-nav__group-name">
                    {t(group.label)}
                  </span>
                  <ul className="admin-nav__list" aria-labelledby={headingId}>
                    {group.links.map(({ route, path, label, current }) => (
                      <li key={route}>
                        <Link to={path} className="admin-nav__link" aria-current={current}>
                          {t(label)}
                        </Link>
                      </li>
                    ))}
                  </ul>
                </li>
              );
            })}
          </ul>
        </nav>
        <div className="admin-main">
          {back}
          <h1>{title}</h1>
          <ActionBarHost value={bar}>{children}</ActionBarHost>
          <div ref={setBar} className="admin-action-bar-host" />
        </div>
      </div>
    </div>
  );
}
