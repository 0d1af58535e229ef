import type { NavigationItem } from '@storyhouse/contracts';
import { NavLink } from 'react-router';
import { useSiteNavigation } from '../../features/cms/api/get-site-navigation';
import { useI18n } from '../../lib/i18n';
import { ChevronIcon } from '../../ui/icons';
import { useDisclosure } from '../../ui/use-disclosure';
import { LibraryItem } from './account-menu';

const isExternal = (url: string) => /^https?:\/\//.test(url);

function ItemLink({ item }: { item: NavigationItem }) {
  if (isExternal(item.url)) {
    return (
      <a href={item.url} target="_blank" rel="noopener noreferrer">
        {item.title}
      </a>
    );
  }
  return (
    <NavLink to={item.url} end>
      {item.title}
    </NavLink>
  );
}

/** A menu entry whose children open as a dropdown (disclosure pattern). */
function DropdownItem({ item }: { item: NavigationItem }) {
  const { t } = useI18n();
  const { container, toggle, list } = useDisclosure<HTMLLIElement>();
  return (
    <li {...container} className="nav__item nav__item--parent">
      <div className="nav__row">
        <ItemLink item={item} />
        <button type="button" className="nav__toggle" {...toggle} aria-label={t('shell.submenu', { title: item.title })}>
          <ChevronIcon />
        </button>
      </div>
      <ul {...list} className="nav__children">
        {item.children.map((child) => (
          <li key={child.id} className="nav__item">
            <ItemLink item={child} />
          </li>
        ))}
      </ul>
    </li>
  );
}

/**
 * Spec §2 Shell: the menu from the CMS site navigation, then (signed in) My
 * Library. The cart's count is on the header's cart only (issue 27 item 10).
 */
export function SiteNav() {
  const { lang, t } = useI18n();
  const { data, isError } = useSiteNavigation(lang);
  if (isError) return <p className="nav__error">{t('shell.navigationUnavailable')}</p>;
  return (
    <ul className="nav__list">
      {(data ?? []).map((item) =>
        item.children.length > 0 ? (
          <DropdownItem key={item.id} item={item} />
        ) : (
          <li key={item.id} className="nav__item">
            <ItemLink item={item} />
          </li>
        ),
      )}
      <LibraryItem />
    </ul>
  );
}
