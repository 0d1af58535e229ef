import { matchPageRoute, type NavigationItem } from '@storyhouse/contracts';
import { useEffect, useId, useRef, useState } from 'react';
import { NavLink } from 'react-router';
import { CartCountSuffix } from '../../features/cart/cart-counter';
import { useSiteNavigation } from '../../features/cms/api/get-site-navigation';
import { useI18n } from '../../lib/i18n';

const isExternal = (url: string) => /^https?:\/\//.test(url);

/** Spec §2 Shell: the shop entry (/shop or /tienda) carries the cart counter. */
const isShop = (url: string) => matchPageRoute(url.split(/[?#]/)[0] ?? '') === 'shop';

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
      {isShop(item.url) && <CartCountSuffix />}
    </NavLink>
  );
}

/** A menu entry whose children open as a dropdown (disclosure pattern). */
function DropdownItem({ item }: { item: NavigationItem }) {
  const { t } = useI18n();
  const [open, setOpen] = useState(false);
  const listId = useId();
  const ref = useRef<HTMLLIElement>(null);

  useEffect(() => {
    if (!open) return;
    const onPointer = (e: PointerEvent) => {
      if (!ref.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointer);
    return () => document.removeEventListener('pointerdown', onPointer);
  }, [open]);

  return (
    <li
      ref={ref}
      className="nav__item nav__item--parent"
      onKeyDown={(e) => {
        if (e.key === 'Escape' && open) {
          setOpen(false);
          ref.current?.querySelector('button')?.focus();
        }
      }}
    >
      <div className="nav__row">
        <ItemLink item={item} />
        <button
          type="button"
          className="nav__toggle"
          aria-expanded={open}
          aria-controls={listId}
          aria-label={t('shell.submenu', { title: item.title })}
          onClick={() => setOpen((o) => !o)}
        >
          <span aria-hidden="true">▾</span>
        </button>
      </div>
      <ul id={listId} className="nav__children" hidden={!open}>
        {item.children.map((child) => (
          <li key={child.id} className="nav__item">
            <ItemLink item={child} />
          </li>
        ))}
      </ul>
    </li>
  );
}

/** Spec §2 Shell: the sidebar menu from the CMS site navigation. */
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
    </ul>
  );
}
