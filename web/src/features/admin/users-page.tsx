import { routePath } from '@storyhouse/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { PagingLinks } from '../../components/paging/paging-links';
import { whenIdle } from '../../components/session/when-idle';
import { useI18n } from '../../lib/i18n';
import { FormFailure } from '../../ui/form/submit';
import { Loading } from '../../ui/query-status';
import { useErrorMessage } from '../../ui/use-error-message';
import { AdminLayout } from './admin-layout';
import { startMasquerade, useAdminUsers } from './api/admin-users';
import { listHref, pageParam } from './list-params';
import '../../ui/form/form.css';

/**
 * Issue 29 item 1, Users: the user list with "Impersonate" (spec §6), found
 * by name or e-mail. Query params page and search.
 */
export default function UsersPage() {
  const { t, lang } = useI18n();
  const errorMessage = useErrorMessage();
  const searchId = useId();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const page = pageParam(params);
  const search = params.get('search') ?? '';
  const [draft, setDraft] = useState(search);
  // Back and forward change the search in the address: the box follows.
  useEffect(() => setDraft(search), [search]);
  const [failure, setFailure] = useState<string>();
  const [switching, setSwitching] = useState<number>();
  const users = useAdminUsers(page, search);
  const queryClient = useQueryClient();
  const path = routePath('adminUsers', lang) ?? '';
  const href = (next: { page?: number; search?: string }) => listHref(path, { search: next.search ?? search, page: next.page });

  const onSearch = (event: FormEvent) => {
    event.preventDefault();
    navigate(href({ search: draft.trim() }));
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
    <AdminLayout title={t('admin.users')}>
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
        <Loading shape="block" />
      ) : users.isError || !data ? (
        <p role="alert">{errorMessage(users.error, 'admin.loadFailed')}</p>
      ) : data.items.length === 0 ? (
        <p>{t('admin.noUsers')}</p>
      ) : (
        <div aria-busy={users.isPlaceholderData}>
          <table className="admin-table admin-table--stacked">
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
          <PagingLinks
            page={page}
            perPage={data.per_page}
            count={data.count}
            label={t('admin.usersPaging')}
            href={(p) => href({ page: p })}
          />
        </div>
      )}
    </AdminLayout>
  );
}
