import type { LangCode, ReturnReason, ReturnReasonBody, ReturnReasonsResponse } from '@storyhouse/contracts';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/database';
import { AppError } from '../../lib/errors';
import { titleDetails, titleIn } from '../../lib/titles';
import { auditTarget, recordAdminAction } from '../audit/audit';
import { type ReturnReasonRow, returnReasonsRepository } from './return-reasons.repository';

type Admin = { id: number; email: string };

/** A reason as the back office lists it, named in `lang` (English where the ministry gave none). */
export function toReason(row: ReturnReasonRow, lang: LangCode): ReturnReason {
  return {
    id: row.id,
    title: titleIn(row.titles, lang, row.title),
    titles: { en: row.title, es: row.titles?.es ?? null, ru: row.titles?.ru ?? null },
    retired: row.retired_at !== null,
    in_use: row.in_use,
  };
}

const reasonTarget = (title: string) => auditTarget('return_reason', title);
const titlesOf = (body: ReturnReasonBody) => ({ en: body.title, es: body.title_es, ru: body.title_ru });

/**
 * The reasons a parcel comes back (decision 061), a list the ministry edits:
 * add, rename (its title in each language: English required), retire (no
 * longer offered; the returns that gave it keep it). Each edit is one
 * transaction with its audit entry.
 */
export function returnReasonsService(db: Db) {
  /** The reason as it now is. */
  async function reason(repo: ReturnType<typeof returnReasonsRepository>, id: number, lang: LangCode) {
    const row = await repo.find(id);
    if (!row) throw new AppError('not_found', 'return_reason_not_found');
    return toReason(row, lang);
  }

  /** Runs an edit of an existing reason: locked (404 when there is none), changed, audited; answers it. */
  function edit(
    id: number,
    lang: LangCode,
    change: (repo: ReturnType<typeof returnReasonsRepository>, trx: Db) => Promise<void>,
  ) {
    return db.transaction().execute(async (trx) => {
      const repo = returnReasonsRepository(trx);
      if (!(await repo.lock(id))) throw new AppError('not_found', 'return_reason_not_found');
      await change(repo, trx);
      return reason(repo, id, lang);
    });
  }

  return {
    async list(lang: LangCode): Promise<ReturnReasonsResponse> {
      return { items: (await returnReasonsRepository(db).list()).map((row) => toReason(row, lang)) };
    },

    create(request: FastifyRequest, admin: Admin, body: ReturnReasonBody) {
      return db.transaction().execute(async (trx) => {
        const repo = returnReasonsRepository(trx);
        const id = await repo.insert(body.title);
        await repo.setTitles(id, titlesOf(body));
        const created = await reason(repo, id, request.siteLang);
        await recordAdminAction(trx, request, admin, 'return_reason.create', reasonTarget(created.titles.en), {
          ...titleDetails(created.titles),
        });
        return created;
      });
    },

    rename(request: FastifyRequest, admin: Admin, id: number, body: ReturnReasonBody) {
      return edit(id, request.siteLang, async (repo, trx) => {
        const before = await reason(repo, id, request.siteLang);
        await repo.setTitles(id, titlesOf(body));
        const after = await reason(repo, id, request.siteLang);
        await recordAdminAction(trx, request, admin, 'return_reason.update', reasonTarget(after.titles.en), {
          ...titleDetails(after.titles),
          ...titleDetails(before.titles, 'was_'),
        });
      });
    },

    /** Retired: no longer offered. Retiring a retired reason changes nothing and records nothing. */
    retire(request: FastifyRequest, admin: Admin, id: number) {
      return edit(id, request.siteLang, async (repo, trx) => {
        const before = await reason(repo, id, request.siteLang);
        if (before.retired) return;
        await repo.retire(id);
        await recordAdminAction(trx, request, admin, 'return_reason.retire', reasonTarget(before.titles.en));
      });
    },
  };
}
