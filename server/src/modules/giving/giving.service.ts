import type { GivingStatementDetail, GivingStatementResponse, LangCode } from '@storyhouse/contracts';
import type { Db } from '../../db/database';
import { AppError } from '../../lib/errors';
import { toUsd } from '../../lib/money';
import { titleIn } from '../../lib/titles';
import { enqueueMail, type OutgoingMail } from '../../providers/mail/outbox';
import { enforceRateLimit, type RateLimit } from '../rate-limit/rate-limit';
import { givingRepository } from './giving.repository';
import { givingStatementMail } from './giving-mail';
import { statementAttachment } from './statement-pdf';

/**
 * Issue 28 item 5: a donor's year-end giving statement, every gift of a
 * calendar year (UTC) given at checkout or by a monthly gift's renewals,
 * e-mailed to the donor's own address in the site language. A year with
 * no gift has nothing to send (409 giving_statement_empty); a year not
 * begun yet is refused the same way by having no gifts.
 */
/**
 * Each statement is an e-mail to the donor's own address, whether they ask for it or an admin sends it: a few a day
 * to one account are plenty, and no more can fill their inbox (429 rate_limited, counted per account, not per caller).
 */
export const GIVING_STATEMENT_RATE_LIMIT: RateLimit = { limit: 10, windowSeconds: 24 * 60 * 60 };

export function givingService(db: Db) {
  const repo = givingRepository(db);
  /** The donor's gifts of the year, each fund named in `lang` (decision 038: a statement is written in one language). */
  const giftsOf = async (userId: number, year: number, lang: LangCode) =>
    (await repo.giftsOf(userId, new Date(Date.UTC(year, 0, 1)), new Date(Date.UTC(year + 1, 0, 1)))).map((g) => ({
      ...g,
      title: titleIn(g.titles, lang, g.title),
    }));
  /**
   * The donor's year-end statement e-mail in `lang`, its PDF attached (decision 069); null when the year has no
   * gift from them or there is no such donor. Queue it with `enqueueMail`.
   */
  const statementMail = async (userId: number, year: number, lang: LangCode) => {
    const gifts = await giftsOf(userId, year, lang);
    const donor = gifts.length === 0 ? undefined : await repo.donor(userId);
    if (!donor) return null;
    const name = `${donor.fname} ${donor.lname}`.trim() || donor.email;
    const mail: OutgoingMail = {
      lang_code: lang,
      to: donor.email,
      ...(await givingStatementMail(lang, donor, year, gifts)),
      attachments: [await statementAttachment(lang, { name, email: donor.email }, year, gifts)],
    };
    return { mail, gifts: gifts.length, cents: gifts.reduce((sum, g) => sum + g.cents, 0) };
  };
  return {
    /** The year's statement as a page shows it (the back office's printable statement). */
    async statement(userId: number, year: number, lang: LangCode): Promise<GivingStatementDetail> {
      const donor = await repo.donor(userId);
      if (!donor) throw new AppError('not_found', 'not_found');
      const gifts = await giftsOf(userId, year, lang);
      return {
        year,
        donor: { id: userId, email: donor.email, name: `${donor.fname} ${donor.lname}`.trim() || donor.email },
        gifts: gifts.map((g) => ({
          given_at: new Date(g.given_at).toISOString(),
          fund: g.title,
          amount_usd: toUsd(g.cents),
          monthly: g.monthly,
          order_number: g.order_number,
        })),
        total_usd: toUsd(gifts.reduce((sum, g) => sum + g.cents, 0)),
      };
    },

    statementMail,

    async sendStatement(userId: number, year: number, lang: LangCode): Promise<GivingStatementResponse> {
      await enforceRateLimit(db, `giving-statement:${userId}`, GIVING_STATEMENT_RATE_LIMIT);
      const statement = await statementMail(userId, year, lang);
      if (!statement) throw new AppError('conflict', 'giving_statement_empty', { year });
      await db.transaction().execute((trx) => enqueueMail(trx, statement.mail));
      return { year, gifts: statement.gifts, total_usd: toUsd(statement.cents), sent_to: statement.mail.to };
    },
  };
}
