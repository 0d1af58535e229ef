import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { useSearchParams } from 'react-router';
import { whenIdle } from '../../components/session/when-idle';
import { useI18n } from '../../lib/i18n';
import { FormFailure } from '../../ui/form/submit';
import { useDocumentTitle } from '../../ui/use-document-title';
import { useErrorMessage } from '../../ui/use-error-message';
import { startMasquerade, useAdminUsers } from './api/admin-users';
import { TestClock } from './test-clock';
import '../../ui/form/form.css';
import './admin.css';

/**
 * Spec §2 /admin: the admin home, for now the user list with
 * "Impersonate" (spec §6) and the test processor's clock (issue 28); the
 * admin issue fills in the rest. Query params page and search.
 */
export default function AdminPage() {
  const { t } = useI18n();
  const errorMessage = useErrorMessage();
  const headingId = useId();
  const searchId = useId();
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const search = params.get('search') ?? '';
  const [draft, setDraft] = useState(search);
  // Back and forward change the search in the address: the box follows.
  useEffect(() => setDraft(search), [search]);
  const [failure, setFailure] = useState<string>();
  const [switching, setSwitching] = useState<number>();
  const users = useAdminUsers(page, search);
  const queryClient = useQueryClient();
  useDocumentTitle(t('admin.title'));

  const go = (next: { page?: number; search?: string }) => {
    const out = new URLSearchParams();
    const s = next.search ?? search;
    if (s) out.set('search', s);
    if ((next.page ?? 1) > 1) out.set('page', String(next.page));
    setParams(out);
  };

  const onSearch = (event: FormEvent) => {
    event.preventDefault();
    go({ search: draft.trim(), page: 1 });
  };

  const impersonate = async (userId: number) => {
    if (switching !== undefined) return;
    setSwitching(userId);
    setFailure(undefined);
    try {
      await whenIdle(queryClient);
      const { back_location } = await startMasquerade(userId);
      // A full load: every query (session, user, cart) now belongs to the impersonated user.
      window.location.assign(back_location);
    } catch (error) {
      setSwitching(undefined);
      setFailure(errorMessage(error));
    }
  };

  const data = users.data;
  return (
    <div className="page admin-page">
      <h1>{t('admin.title')}</h1>
      <section aria-labelledby={headingId}>
        <h2 id={headingId}>{t('admin.users')}</h2>
        <form className="admin-page__search" onSubmit={onSearch}>
          <div className="field">
            <label htmlFor={searchId}>{t('admin.search')}</label>
            <div className="field__row">
              <input id={searchId} type="search" value={draft} onChange={(e) => setDraft(e.target.value)} />
              <button type="submit" className="button button--secondary">
                {t('admin.searchButton')}
              </button>
            </div>
          </div>
        </form>
        <FormFailure message={failure} />
        {users.isPending ? (
          <p role="status">{t('shell.loading')}</p>
        ) : users.isError || !data ? (
          <p role="alert">{errorMessage(users.error, 'admin.loadFailed')}</p>
        ) : data.items.length === 0 ? (
          <p>{t('admin.noUsers')}</p>
        ) : (
          <>
            <table className="admin-users">
              <thead>
                <tr>
                  <th scope="col">{t('admin.name')}</th>
                  <th scope="col">{t('admin.email')}</th>
                  <th scope="col">{t('admin.role')}</th>
                  <th scope="col">{t('admin.actions')}</th>
                </tr>
              </thead>
              <tbody>
                {data.items.map((user) => (
                  <tr key={user.id}>
                    <th scope="row">{user.fullname || user.email}</th>
                    <td>{user.email}</td>
                    <td>
                      {user.is_admin ? t('admin.roleAdmin') : t('admin.roleCustomer')}
                      {user.locked ? ` · ${t('admin.locked')}` : ''}
                    </td>
                    <td>
                      {user.is_admin ? null : (
                        <button
                          type="button"
                          className="button button--secondary"
                          aria-label={t('admin.impersonateUser', { name: user.fullname || user.email })}
                          aria-disabled={switching !== undefined || undefined}
                          onClick={() => void impersonate(user.id)}
                        >
                          {t('admin.impersonate')}
                        </button>
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
            <nav className="admin-page__paging" aria-label={t('admin.users')}>
              {page > 1 ? (
                <button type="button" className="link-button" onClick={() => go({ page: page - 1 })}>
                  {t('admin.previous')}
                </button>
              ) : null}
              {data.per_page * page < data.count ? (
                <button type="button" className="link-button" onClick={() => go({ page: page + 1 })}>
                  {t('admin.next')}
                </button>
              ) : null}
            </nav>
          </>
        )}
      </section>
      <TestClock />
    </div>
  );
}
