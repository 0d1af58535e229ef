import { adminPath } from '@storyhouse/contracts';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { PagingLinks } from '../../../components/paging/paging-links';
import { useI18n } from '../../../lib/i18n';
import { FormFailure } from '../../../ui/form/submit';
import { Loading } from '../../../ui/query-status';
import { useErrorMessage } from '../../../ui/use-error-message';
import { AdminLayout } from '../shared/admin-layout';
import { listHref, pageParam } from '../shared/list-params';
import { userHref } from '../shared/user-href';
import { useAdminUsers } from './api/admin-users';
import { ImpersonateButton, useImpersonation } from './impersonate';
import '../../../ui/form/form.css';

/**
 * Issue 29 item 1, Users: the user list with "Impersonate" (spec §6), found
 * by name or e-mail, each name leading to the user's page (item 6). Query
 * params page and search.
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
  const impersonation = useImpersonation();
  const users = useAdminUsers(page, search);
  const path = adminPath('adminUsers', lang) ?? '';
  const href = (next: { page?: number; search?: string }) => listHref(path, { search: next.search ?? search, page: next.page });

  const onSearch = (event: FormEvent) => {
    event.preventDefault();
    navigate(href({ search: draft.trim() }));
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
      <FormFailure message={impersonation.failure} />
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
                  <th scope="row">
                    <Link to={userHref(user.id)}>{user.fullname || user.email}</Link>
                  </th>
                  <td>{user.email}</td>
                  <td>
                    {user.is_admin ? t('admin.roleAdmin') : t('admin.roleCustomer')}
                    {user.locked ? ` · ${t('admin.locked')}` : ''}
                    {user.sign_in_locked ? ` · ${t('admin.user.signInLocked')}` : ''}
                  </td>
                  <td>
                    {user.is_admin ? null : (
                      <ImpersonateButton
                        user={{ id: user.id, name: user.fullname || user.email }}
                        impersonation={impersonation}
                      />
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
