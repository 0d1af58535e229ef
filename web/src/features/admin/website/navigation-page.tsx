import {
  type Announcements,
  closestCenter,
  DndContext,
  type DragEndEvent,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import { SortableContext, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { type AdminNavigationResponse, type LangCode, langCodes } from '@storyhouse/contracts';
import { type ReactNode, useEffect, useId, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { ConfirmDialog } from '../../../components/dialog/confirm-dialog';
import { ApiError } from '../../../lib/api-client';
import { useI18n } from '../../../lib/i18n';
import { FormFailure } from '../../../ui/form/submit';
import { LoadError, Loading } from '../../../ui/query-status';
import { useErrorMessage } from '../../../ui/use-error-message';
import { AdminLayout } from '../shared/admin-layout';
import { useAdminNavigation, useSaveNavigation } from './api/navigation';
import { ItemForm, isExternal } from './navigation-item-form';
import {
  add,
  bodyOf,
  type DraftItem,
  draftOf,
  itemAbove,
  moveInto,
  moveOut,
  moveTo,
  placeOf,
  remove,
  sameMenu,
  update,
} from './navigation-tree';
import '../../../ui/form/form.css';
import './navigation.css';

/**
 * Issue 30 item 3, Site menu: one language's menu (the language in the
 * address, ?lang=), as a list to reorder by dragging an item's handle (by
 * pointer, or by keyboard: Space, the arrows, Space) or with each item's
 * buttons (Move up, Move down, Move into the item above, Move out), and
 * to add (choosing one of the site's pages), edit and remove items. Nothing reaches the site until the admin saves the whole
 * menu; a save made from a menu another admin has saved since is refused,
 * with a way to load theirs.
 */
export default function NavigationPage() {
  const { t, lang } = useI18n();
  const [params, setParams] = useSearchParams();
  const menuLang = langCodes.find((code) => code === params.get('lang')) ?? lang;
  const [dirty, setDirty] = useState(false);
  const [switchTo, setSwitchTo] = useState<LangCode>();
  const selectId = useId();
  const open = (code: LangCode) => {
    setDirty(false);
    setParams((p) => {
      p.set('lang', code);
      return p;
    });
  };
  return (
    <AdminLayout title={t('admin.navigation.title')}>
      <p className="nav-edit__intro">{t('admin.navigation.intro')}</p>
      <div className="field nav-edit__language">
        <label htmlFor={selectId}>{t('admin.navigation.language')}</label>
        <select
          id={selectId}
          value={menuLang}
          onChange={(e) => {
            const code = e.target.value as LangCode;
            if (dirty) setSwitchTo(code);
            else open(code);
          }}
        >
          {langCodes.map((code) => (
            <option key={code} value={code}>
              {t(`admin.navigation.languageName.${code}`)}
            </option>
          ))}
        </select>
      </div>
      <MenuLoader key={menuLang} lang={menuLang} onDirty={setDirty} />
      <ConfirmDialog
        open={switchTo !== undefined}
        title={t('admin.navigation.switchTitle')}
        confirmLabel={t('admin.navigation.discard')}
        cancelLabel={t('admin.navigation.keepEditing')}
        onConfirm={() => {
          if (switchTo) open(switchTo);
          setSwitchTo(undefined);
        }}
        onCancel={() => setSwitchTo(undefined)}
      >
        <p>{t('admin.navigation.switchText', { language: switchTo ? t(`admin.navigation.languageName.${switchTo}`) : '' })}</p>
      </ConfirmDialog>
    </AdminLayout>
  );
}

function MenuLoader({ lang, onDirty }: { lang: LangCode; onDirty: (dirty: boolean) => void }) {
  const query = useAdminNavigation(lang);
  if (query.isPending) return <Loading shape="block" />;
  if (query.error) return <LoadError error={query.error} onRetry={() => void query.refetch()} />;
  return <MenuEditor lang={lang} menu={query.data} onDirty={onDirty} reload={async () => (await query.refetch()).data} />;
}

/** A button that says what it will do to which item; unavailable, it stays focusable (aria-disabled) so focus is not lost. */
function ItemButton({
  action,
  label,
  available = true,
  onClick,
  children,
}: {
  action: string;
  label: string;
  available?: boolean;
  onClick: () => void;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      className="button button--secondary button--small"
      data-action={action}
      aria-label={label}
      aria-disabled={available ? undefined : true}
      onClick={() => {
        if (available) onClick();
      }}
    >
      {children}
    </button>
  );
}

type Focus = { key: string; action: string } | { key: null; action: 'list' };

function MenuEditor({
  lang,
  menu,
  onDirty,
  reload,
}: {
  lang: LangCode;
  menu: AdminNavigationResponse;
  onDirty: (dirty: boolean) => void;
  reload: () => Promise<AdminNavigationResponse | undefined>;
}) {
  const { t } = useI18n();
  const errorMessage = useErrorMessage();
  const save = useSaveNavigation(lang);
  const listId = useId();
  const listRef = useRef<HTMLElement>(null);
  const [base, setBase] = useState(menu);
  const saved = useMemo(() => draftOf(base.items), [base]);
  const [draft, setDraft] = useState(saved);
  const [editing, setEditing] = useState<string>();
  const [announcement, setAnnouncement] = useState('');
  const [status, setStatus] = useState('');
  const [failure, setFailure] = useState<string>();
  const [conflict, setConflict] = useState(false);
  const [discarding, setDiscarding] = useState(false);
  const [focus, setFocus] = useState<Focus>();
  const dirty = !sameMenu(draft, saved);

  useEffect(() => onDirty(dirty), [dirty, onDirty]);
  // Closing or reloading the tab with changes not saved asks first (the browser's own question).
  useEffect(() => {
    if (!dirty) return;
    const ask = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', ask);
    return () => window.removeEventListener('beforeunload', ask);
  }, [dirty]);
  // After a change the list is drawn anew: focus goes back to the control that made it, on the item it moved.
  useEffect(() => {
    if (!focus) return;
    setFocus(undefined);
    const list = listRef.current;
    if (focus.key === null) list?.focus();
    else list?.querySelector<HTMLElement>(`[data-nav-key="${focus.key}"] [data-action="${focus.action}"]`)?.focus();
  }, [focus]);

  const change = (next: DraftItem[], message: string, then?: Focus) => {
    setDraft(next);
    setAnnouncement(message);
    setStatus('');
    setFailure(undefined);
    if (then) setFocus(then);
  };
  const languageName = t(`admin.navigation.languageName.${lang}`);

  const actions = {
    move(key: string, to: number, action: string) {
      const next = moveTo(draft, key, to);
      const place = placeOf(next, key);
      if (!place || next === draft) return;
      const message = t('admin.navigation.moved', {
        title: place.item.title,
        position: place.index + 1,
        count: place.siblings.length,
      });
      change(next, message, { key, action });
    },
    moveInto(key: string) {
      const target = itemAbove(draft, key);
      const place = placeOf(draft, key);
      if (!target || !place) return;
      change(moveInto(draft, key), t('admin.navigation.movedInto', { title: place.item.title, parent: target.title }), {
        key,
        action: 'out',
      });
    },
    moveOut(key: string) {
      const place = placeOf(draft, key);
      if (!place) return;
      change(moveOut(draft, key), t('admin.navigation.movedOut', { title: place.item.title }), { key, action: 'into' });
    },
    remove(key: string) {
      const place = placeOf(draft, key);
      if (!place) return;
      const { title, children } = place.item;
      const message =
        children.length > 0
          ? t('admin.navigation.removedWithChildren', { title, count: children.length })
          : t('admin.navigation.removed', { title });
      if (editing === key) setEditing(undefined);
      change(remove(draft, key), message, { key: null, action: 'list' });
    },
    closeEdit(key: string) {
      setEditing(undefined);
      setFocus({ key, action: 'edit' });
    },
    edit(key: string, item: { title: string; url: string }) {
      setEditing(undefined);
      change(update(draft, key, item), t('admin.navigation.changed', { title: item.title }), { key, action: 'edit' });
    },
  };

  const send = () => {
    setStatus('');
    setFailure(undefined);
    save.mutate(
      { version: base.version, items: bodyOf(draft) },
      {
        onSuccess: (menu) => {
          setBase(menu);
          setDraft(draftOf(menu.items));
          setEditing(undefined);
          setStatus(t('admin.navigation.saved'));
        },
        onError: (error) => {
          if (error instanceof ApiError && error.code === 'navigation_changed') setConflict(true);
          else {
            const field = error instanceof ApiError ? Object.values(error.fields)[0] : undefined;
            setFailure(field ? t('admin.navigation.saveFailed', { reason: field }) : errorMessage(error));
          }
        },
      },
    );
  };

  const load = async () => {
    const fresh = await reload();
    if (!fresh) return;
    setBase(fresh);
    setDraft(draftOf(fresh.items));
    setEditing(undefined);
    setConflict(false);
    setFailure(undefined);
    setStatus('');
    setAnnouncement('');
  };

  const discard = () => {
    setDiscarding(false);
    setDraft(saved);
    setEditing(undefined);
    setFailure(undefined);
    setFocus({ key: null, action: 'list' });
  };

  return (
    <>
      <section ref={listRef} tabIndex={-1} className="nav-edit card" aria-labelledby={listId}>
        <h2 id={listId}>{t('admin.navigation.listLabel', { language: languageName })}</h2>
        {draft.length === 0 ? (
          <p>{t('admin.navigation.empty')}</p>
        ) : (
          <SortableList
            items={draft}
            label={t('admin.navigation.listLabel', { language: languageName })}
            onMove={(key, to) => actions.move(key, to, 'handle')}
            render={(item, index, count) => (
              <Row
                key={item.key}
                item={item}
                index={index}
                count={count}
                lang={lang}
                draft={draft}
                editing={editing}
                setEditing={setEditing}
                actions={actions}
              >
                {item.children.length > 0 ? (
                  <SortableList
                    items={item.children}
                    label={t('admin.navigation.subItems', { title: item.title })}
                    onMove={(key, to) => actions.move(key, to, 'handle')}
                    render={(child, childIndex, childCount) => (
                      <Row
                        key={child.key}
                        item={child}
                        parent={item}
                        index={childIndex}
                        count={childCount}
                        lang={lang}
                        draft={draft}
                        editing={editing}
                        setEditing={setEditing}
                        actions={actions}
                      />
                    )}
                  />
                ) : null}
              </Row>
            )}
          />
        )}
        <p className="visually-hidden" aria-live="polite" aria-atomic="true">
          {announcement}
        </p>
      </section>

      <section className="nav-edit__add card" aria-labelledby={`${listId}-add`}>
        <h2 id={`${listId}-add`}>{t('admin.navigation.addHeading')}</h2>
        <ItemForm
          lang={lang}
          submitLabel={t('admin.navigation.add')}
          onSubmit={(item) => {
            const [next] = add(draft, item);
            change(next, t('admin.navigation.added', { title: item.title }));
          }}
        />
      </section>

      <div className="nav-edit__save">
        {conflict ? (
          <div className="form-status form-status--error nav-edit__conflict" role="alert">
            <p>{t('admin.navigation.conflict')}</p>
            <button type="button" className="button" onClick={() => void load()}>
              {t('admin.navigation.reload')}
            </button>
          </div>
        ) : null}
        {dirty ? <p className="nav-edit__unsaved">{t('admin.navigation.unsaved')}</p> : null}
        <FormFailure message={failure} />
        <div className="nav-edit__buttons">
          <button
            type="button"
            className="button button--small"
            aria-disabled={save.isPending || !dirty || undefined}
            onClick={() => {
              if (!save.isPending && dirty) send();
            }}
          >
            {save.isPending ? t('admin.navigation.saving') : t('admin.navigation.save')}
          </button>
          <button
            type="button"
            className="button button--secondary button--small"
            aria-disabled={!dirty || undefined}
            onClick={() => {
              if (dirty) setDiscarding(true);
            }}
          >
            {t('admin.navigation.discard')}
          </button>
        </div>
        <p className="form-status form-status--success" role="status">
          {status}
        </p>
      </div>

      <ConfirmDialog
        open={discarding}
        title={t('admin.navigation.discardTitle')}
        confirmLabel={t('admin.navigation.discard')}
        cancelLabel={t('admin.navigation.keepEditing')}
        onConfirm={discard}
        onCancel={() => setDiscarding(false)}
      >
        <p>{t('admin.navigation.discardText')}</p>
      </ConfirmDialog>
    </>
  );
}

/**
 * One level of the menu (the top level, or an item's children) as a list
 * sorted by drag, with a pointer or the keyboard. Each level is a context of
 * its own, so an item is dragged among its siblings only (Move into the item
 * above and Move out change its level), and what is said while dragging is in the site language.
 */
function SortableList({
  items,
  label,
  onMove,
  render,
}: {
  items: DraftItem[];
  label: string;
  onMove: (key: string, to: number) => void;
  render: (item: DraftItem, index: number, count: number) => ReactNode;
}) {
  const { t } = useI18n();
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const keys = items.map((i) => i.key);
  const titleOf = (id: string | number) => items.find((i) => i.key === id)?.title ?? '';
  const positionOf = (id: string | number) => keys.indexOf(String(id)) + 1;
  const announcements: Announcements = {
    onDragStart: ({ active }) => t('admin.navigation.dragStart', { title: titleOf(active.id) }),
    onDragOver: ({ active, over }) =>
      over
        ? t('admin.navigation.dragOver', { title: titleOf(active.id), position: positionOf(over.id), count: keys.length })
        : undefined,
    onDragEnd: ({ active, over }) =>
      over
        ? t('admin.navigation.dragEnd', { title: titleOf(active.id), position: positionOf(over.id), count: keys.length })
        : t('admin.navigation.dragCancel', { title: titleOf(active.id) }),
    onDragCancel: ({ active }) => t('admin.navigation.dragCancel', { title: titleOf(active.id) }),
  };
  const end = ({ active, over }: DragEndEvent) => {
    if (over && active.id !== over.id) onMove(String(active.id), keys.indexOf(String(over.id)));
  };
  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragEnd={end}
      accessibility={{ announcements, screenReaderInstructions: { draggable: t('admin.navigation.dragInstructions') } }}
    >
      <SortableContext items={keys} strategy={verticalListSortingStrategy}>
        <ol className="nav-edit__list" aria-label={label}>
          {items.map((item, index) => render(item, index, items.length))}
        </ol>
      </SortableContext>
    </DndContext>
  );
}

type Actions = {
  move: (key: string, to: number, action: string) => void;
  moveInto: (key: string) => void;
  moveOut: (key: string) => void;
  remove: (key: string) => void;
  closeEdit: (key: string) => void;
  edit: (key: string, item: { title: string; url: string }) => void;
};

function Row({
  item,
  parent,
  index,
  count,
  lang,
  draft,
  editing,
  setEditing,
  actions,
  children,
}: {
  item: DraftItem;
  parent?: DraftItem;
  index: number;
  count: number;
  lang: LangCode;
  draft: DraftItem[];
  editing: string | undefined;
  setEditing: (key: string | undefined) => void;
  actions: Actions;
  children?: ReactNode;
}) {
  const { t } = useI18n();
  const sortable = useSortable({ id: item.key, attributes: { roleDescription: t('admin.navigation.sortable') } });
  const { title } = item;
  const above = itemAbove(draft, item.key);
  const style = { transform: CSS.Translate.toString(sortable.transform), transition: sortable.transition };
  return (
    <li
      ref={sortable.setNodeRef}
      style={style}
      className={`nav-edit__item${sortable.isDragging ? ' nav-edit__item--dragging' : ''}`}
      data-nav-key={item.key}
    >
      <div className="nav-edit__row">
        <button
          type="button"
          className="nav-edit__handle"
          data-action="handle"
          {...sortable.attributes}
          {...sortable.listeners}
          aria-label={t('admin.navigation.handle', { title })}
        >
          <svg viewBox="0 0 16 16" width="16" height="16" aria-hidden="true" focusable="false">
            <path d="M5 3h2v2H5zM9 3h2v2H9zM5 7h2v2H5zM9 7h2v2H9zM5 11h2v2H5zM9 11h2v2H9z" fill="currentColor" />
          </svg>
        </button>
        <div className="nav-edit__text">
          <span className="nav-edit__title">{title}</span>
          <span className="nav-edit__url">
            {item.url}
            {isExternal(item.url) ? ` · ${t('admin.navigation.external')}` : ''}
          </span>
        </div>
        <div className="nav-edit__actions">
          <ItemButton
            action="up"
            label={t('admin.navigation.moveUpLabel', { title })}
            available={index > 0}
            onClick={() => actions.move(item.key, index - 1, 'up')}
          >
            {t('admin.navigation.moveUp')}
          </ItemButton>
          <ItemButton
            action="down"
            label={t('admin.navigation.moveDownLabel', { title })}
            available={index < count - 1}
            onClick={() => actions.move(item.key, index + 1, 'down')}
          >
            {t('admin.navigation.moveDown')}
          </ItemButton>
          {parent ? (
            <ItemButton
              action="out"
              label={t('admin.navigation.moveOutLabel', { title, parent: parent.title })}
              onClick={() => actions.moveOut(item.key)}
            >
              {t('admin.navigation.moveOut')}
            </ItemButton>
          ) : (
            <ItemButton
              action="into"
              label={
                above
                  ? t('admin.navigation.moveIntoLabel', { title, parent: above.title })
                  : t('admin.navigation.moveIntoNone', { title })
              }
              available={above !== undefined}
              onClick={() => actions.moveInto(item.key)}
            >
              {t('admin.navigation.moveInto')}
            </ItemButton>
          )}
          <ItemButton
            action="edit"
            label={t('admin.navigation.editLabel', { title })}
            onClick={() => setEditing(editing === item.key ? undefined : item.key)}
          >
            {t('admin.navigation.edit')}
          </ItemButton>
          <ItemButton
            action="remove"
            label={t('admin.navigation.removeLabel', { title })}
            onClick={() => actions.remove(item.key)}
          >
            {t('admin.navigation.remove')}
          </ItemButton>
        </div>
      </div>
      {editing === item.key ? (
        <div className="nav-edit__edit">
          <h3>{t('admin.navigation.editHeading', { title })}</h3>
          <ItemForm
            lang={lang}
            initial={{ title: item.title, url: item.url }}
            submitLabel={t('admin.navigation.apply')}
            onSubmit={(values) => actions.edit(item.key, values)}
            onCancel={() => actions.closeEdit(item.key)}
          />
        </div>
      ) : null}
      {children}
    </li>
  );
}
