import { useCurrentUser } from '../../components/session/api/get-current-user';
import { useI18n } from '../../lib/i18n';
import { RouteLink } from '../../ui/route-link';
import { useDocumentTitle } from '../../ui/use-document-title';
import { AccountForm } from './account-form';
import { BedtimeSettings } from './bedtime-form';
import { GiftCardRecords } from './gift-card-records';
import { GivingStatement } from './giving-statement';
import { SavedCards } from './saved-cards';
import { TaxIdSettings } from './tax-id-form';
import './account.css';

/**
 * Spec §2 /account/settings (signed-in): the account form in edit mode, a
 * link to reset the password and one to My orders, the gift card records
 * table and the saved cards; the year-end giving statement (issue 28 item 5); the family's bedtime (issue 41 item 5).
 */
export default function AccountSettingsPage() {
  const { t } = useI18n();
  const user = useCurrentUser();
  useDocumentTitle(t('account.title.settings'));

  return (
    <article className="page account-page">
      <h1>{t('account.title.settings')}</h1>
      <p className="account-page__links">
        <RouteLink to="resetPassword">{t('account.resetPassword')}</RouteLink>
        <RouteLink to="orders">{t('shell.myOrders')}</RouteLink>
        <RouteLink to="family">{t('shell.family')}</RouteLink>
        <RouteLink to="parentPin">{t('profiles.pinLink')}</RouteLink>
      </p>
      {user.isPending ? (
        <p role="status">{t('shell.loading')}</p>
      ) : user.isError ? (
        <p role="alert">{t('account.loadFailed')}</p>
      ) : (
        <>
          <h2 className="visually-hidden">{t('account.details')}</h2>
          <AccountForm key={user.data.id} mode="edit" user={user.data} />
          <GiftCardRecords userId={user.data.id} />
          <SavedCards userId={user.data.id} />
          <GivingStatement />
          <TaxIdSettings />
          <BedtimeSettings />
        </>
      )}
    </article>
  );
}
