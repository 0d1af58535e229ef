import { issueMessage, type LangCode, langCodes, type NewsletterResult, NewsletterSignupInput } from '@storyhouse/contracts';
import type { MessageKey } from '@storyhouse/i18n';
import type { Db } from '../../db/database';
import { translators } from '../../i18n';
import { newsletterRepository } from './newsletter.repository';

export interface SubscribeRequest {
  /** The list id (`id`). */
  listId: string | undefined;
  EMAIL: string | undefined;
  FNAME: string | undefined;
  LNAME: string | undefined;
}

/**
 * The offline newsletter provider (DESIGN "newsletter"): one local list per
 * site language, answering like the email-marketing provider does, with a
 * result and a message for the visitor in the list's language.
 */
export function newsletterService(db: Db, lists: Record<LangCode, string>) {
  const repo = newsletterRepository(db);
  /** The language of a list, or undefined for a list we do not have. */
  const langOf = (listId: string | undefined) => langCodes.find((lang) => lists[lang] === listId);

  return {
    langOf,

    async subscribe(request: SubscribeRequest, siteLang: LangCode): Promise<NewsletterResult> {
      const lang = langOf(request.listId);
      if (!lang) return { result: 'error', msg: translators[siteLang]('newsletter.reply.unknownList') };
      const t = translators[lang];
      const parsed = NewsletterSignupInput.safeParse(
        { email: request.EMAIL ?? '', fname: request.FNAME ?? '', lname: request.LNAME ?? '' },
        { reportInput: true },
      );
      if (!parsed.success) {
        const issue = parsed.error.issues[0];
        const field = (issue?.path[0] as 'email' | 'fname' | 'lname' | undefined) ?? 'email';
        const m = issue ? issueMessage(issue) : { key: 'validation.invalid' };
        return {
          result: 'error',
          msg: t('newsletter.reply.invalidField', {
            field: t(`newsletter.${field}`),
            problem: t(m.key as MessageKey, m.values),
          }),
        };
      }
      const { email, fname, lname } = parsed.data;
      const added = await repo.add({ list_id: lists[lang], email, fname, lname });
      return added
        ? { result: 'success', msg: t('newsletter.reply.subscribed') }
        : { result: 'error', msg: t('newsletter.reply.alreadySubscribed', { email }) };
    },
  };
}
