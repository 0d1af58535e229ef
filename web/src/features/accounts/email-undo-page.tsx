import { routePath } from '@storyhouse/contracts';
import { useQueryClient } from '@tanstack/react-query';
import type { FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useI18n } from '../../lib/i18n';
import { FormFailure, SubmitButton } from '../../ui/form/submit';
import { useDocumentTitle } from '../../ui/use-document-title';
import { useErrorMessage } from '../../ui/use-error-message';
import { useUndoEmailChange } from './api/undo-email-change';
import './account.css';

/**
 * The page of the link e-mailed to the old address after an e-mail change
 * (/account/email/undo?token=…, issue 26 item 4). Nothing happens until the
 * family presses the button: a mail scanner opening the link undoes nothing.
 * Undone, every session of the account has ended and its password is
 * cleared, so the page goes on to choosing a new one with the reset token
 * the server hands back.
 */
export default function EmailUndoPage() {
  const { t, lang } = useI18n();
  const errorMessage = useErrorMessage();
  const queryClient = useQueryClient();
  useDocumentTitle(t('account.emailUndo.title'));
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const undo = useUndoEmailChange();

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (undo.isPending) return;
    // Signed out everywhere, this browser included: what it knew of the session is stale.
    undo.mutate({ token }, { onSuccess: () => queryClient.invalidateQueries() });
  };

  if (undo.isSuccess) {
    const resetPath = routePath('passwordResetLink', lang) ?? '/forgot-password/reset';
    return (
      <article className="page page--narrow account-page">
        <h1>{t('account.emailUndo.title')}</h1>
        <p className="form-status form-status--success" role="status">
          {t('account.emailUndo.done', { email: undo.data.email })}
        </p>
        <p>{t('account.emailUndo.choosePasswordNote')}</p>
        <p>
          <Link className="button" to={`${resetPath}?token=${encodeURIComponent(undo.data.reset_token)}`}>
            {t('account.emailUndo.choosePassword')}
          </Link>
        </p>
      </article>
    );
  }

  return (
    <article className="page page--narrow account-page">
      <h1>{t('account.emailUndo.title')}</h1>
      {token ? (
        <form className="form-narrow" aria-label={t('account.emailUndo.formLabel')} onSubmit={onSubmit} noValidate>
          <p>{t('account.emailUndo.intro')}</p>
          <FormFailure message={undo.isError ? errorMessage(undo.error, 'account.emailUndo.failed') : undefined} />
          <SubmitButton busy={undo.isPending}>
            {undo.isPending ? t('account.emailUndo.submitting') : t('account.emailUndo.submit')}
          </SubmitButton>
        </form>
      ) : (
        <p role="alert">{t('account.emailUndo.missing')}</p>
      )}
    </article>
  );
}
