import { type AdminUserDetail, adminPath, IdParam } from '@storyhouse/contracts';
import { Link, useParams } from 'react-router';
import { useI18n } from '../../../lib/i18n';
import { BackLink } from '../../../ui/back-link';
import { FormFailure } from '../../../ui/form/submit';
import { isItemNotFound, LoadError, Loading } from '../../../ui/query-status';
import { useErrorMessage } from '../../../ui/use-error-message';
import { AdminLayout } from '../shared/admin-layout';
import { AdminPart } from '../shared/admin-part';
import { Fact } from '../shared/facts';
import { useAdminUser } from './api/admin-user';
import { ImpersonateButton, useImpersonation } from './impersonate';
import { UserActions } from './user-actions';
import { UserRecords } from './user-records';

/**
 * Issue 29 item 6, a user's page in the back office: who they are, their
 * account's state (admin, sign-in locked, the captcha after failed logins),
 * what they bought and keep (orders, plans and monthly gifts, gift cards,
 * saved cards, addresses), and what a volunteer may do for them: send a
 * password-reset link, lock or unlock sign-in, grant or remove the admin
 * right, impersonate.
 */
export default function AdminUserPage() {
  const { id } = useParams();
  const parsed = IdParam.safeParse(id);
  return parsed.success ? <User id={parsed.data} /> : <UserNotFound />;
}

function User({ id }: { id: number }) {
  const { t, lang } = useI18n();
  const { data: user, error, isPending, refetch } = useAdminUser(id);
  if (isItemNotFound(error)) return <UserNotFound error={error} />;
  const title = user ? user.name || user.email : t('admin.user.loading');
  return (
    <AdminLayout
      title={title}
      back={<BackLink fallback={adminPath('adminUsers', lang) ?? ''}>{t('admin.user.backToUsers')}</BackLink>}
    >
      {isPending ? (
        <Loading shape="block" />
      ) : error ? (
        <LoadError error={error} onRetry={() => void refetch()} />
      ) : (
        <div className="admin-order">
          {/* The e-mail under the name; a user without a name has it as the heading and in the facts. */}
          {user.name ? (
            <p className="admin-user__email">
              <a href={`mailto:${user.email}`}>{user.email}</a>
            </p>
          ) : null}
          <div className="admin-order__details">
            <AdminPart title={t('admin.user.account')}>
              <AccountFacts user={user} />
            </AdminPart>
            <UserActions user={user} />
          </div>
          <UserRecords user={user} />
        </div>
      )}
    </AdminLayout>
  );
}

function AccountFacts({ user }: { user: AdminUserDetail }) {
  const { t, formatDate } = useI18n();
  const yesNo = (yes: boolean) => (yes ? t('admin.user.yes') : t('admin.user.no'));
  const impersonation = useImpersonation();
  return (
    <>
      <dl className="admin-facts">
        {user.name ? null : <Fact term={t('admin.user.email')}>{user.email}</Fact>}
        {user.phone ? <Fact term={t('admin.user.phone')}>{user.phone}</Fact> : null}
        <Fact term={t('admin.user.since')}>
          <time dateTime={user.customer_since}>{formatDate(user.customer_since)}</time>
        </Fact>
        <Fact term={t('admin.user.isAdmin')}>{yesNo(user.is_admin)}</Fact>
        <Fact term={t('admin.user.signInLocked')}>{yesNo(user.sign_in_locked)}</Fact>
        <Fact term={t('admin.user.captcha')}>{yesNo(user.login_challenge)}</Fact>
      </dl>
      {user.is_admin ? null : (
        <div className="admin-user__impersonate">
          <p className="field__hint">{t('admin.user.impersonateHint')}</p>
          <ImpersonateButton user={{ id: user.id, name: user.name || user.email }} impersonation={impersonation} />
          <FormFailure message={impersonation.failure} />
        </div>
      )}
    </>
  );
}

/** An address no user has (or that is not a user's number): the server's words, and the way back to the list. */
function UserNotFound({ error }: { error?: unknown }) {
  const { t, lang } = useI18n();
  const errorMessage = useErrorMessage();
  return (
    <AdminLayout title={t('admin.user.notFound')}>
      <p>{error ? errorMessage(error) : t('admin.user.notFoundText')}</p>
      <p>
        <Link to={adminPath('adminUsers', lang) ?? ''}>{t('admin.user.backToUsers')}</Link>
      </p>
    </AdminLayout>
  );
}
