import type { CmsEntry, NavigationItem } from '@storyhouse/contracts';
import { Link, useLocation } from 'react-router';
import { useI18n } from '../../lib/i18n';
import { ResponsiveImage } from '../catalogue/responsive-image';
import { CmsHtml } from './cms-html';

/** The other pages of this page's menu section, when it has any. */
function SectionMenu({ branch }: { branch: NavigationItem }) {
  const { t } = useI18n();
  const { pathname } = useLocation();
  if (branch.children.length < 2) return null;
  return (
    <nav className="cms-section-menu" aria-label={t('cms.inThisSection')}>
      <h2 className="cms-section-menu__title">{branch.title}</h2>
      <ul>
        {branch.children.map((item) => (
          <li key={item.id}>
            <Link to={item.url} className="tap-link" aria-current={item.url === pathname ? 'page' : undefined}>
              {item.title}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** Spec §2: the optional sidebar image (350 px, spec §9) with its caption and the sidebar HTML; the section menu. */
export function CmsSidebar({ entry, branch }: { entry: CmsEntry; branch?: NavigationItem | null }) {
  const hasContent = entry.sidebar_image || entry.sidebar_content || (branch && branch.children.length > 1);
  if (!hasContent) return null;
  return (
    <aside className="cms-sidebar">
      {branch ? <SectionMenu branch={branch} /> : null}
      {entry.sidebar_image ? (
        <figure className="cms-sidebar__figure">
          <ResponsiveImage
            src={`/media/${entry.sidebar_image}`}
            alt=""
            use="sidebar"
            height={263}
            className="cms-sidebar__image"
          />
          {entry.sidebar_image_alt ? <figcaption>{entry.sidebar_image_alt}</figcaption> : null}
        </figure>
      ) : null}
      <CmsHtml html={entry.sidebar_content} />
    </aside>
  );
}
