import type { ReceiptSettings, ReceiptSettingsBody, TaxIdResponse } from '@storyhouse/contracts';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/database';
import { AppError } from '../../lib/errors';
import type { MailAttachment } from '../../providers/mail/transport';
import { auditTarget, recordAdminAction } from '../audit/audit';
import { type GiftReceipt, giftReceiptOf, receiptKindOf, renderGiftReceipt } from './gift-receipt';
import { RECEIPT_SETTING_KEYS, type ReceiptSettingsRow, receiptsRepository } from './receipts.repository';

type Admin = { id: number; email: string };
const RECEIPTED = new Set(['paid', 'partially_refunded']);

/**
 * Issues the receipt of a paid order's gift, once (decision 068): the kind its donor's country asks for (from the
 * billing address) with the ministry's details as they are now, and for Canada the year's next serial number. Runs
 * in the caller's transaction with the order locked, so a rolled-back order gives its number back and an order is
 * never issued two. Answers the order and its receipt, or null when it has no gift that counts (none, or refunded:
 * no number is given to a refunded gift).
 */
export async function issueGiftReceipt(trx: Db, orderId: number): Promise<GiftReceipt | null> {
  const repo = receiptsRepository(trx);
  const order = await repo.order(orderId, true);
  if (!order || !RECEIPTED.has(order.status) || order.gift_cents <= 0) return null;
  const settings = await repo.settings();
  let issued = await repo.issued(orderId);
  if (!issued) {
    const kind = receiptKindOf(order.country_code, settings);
    const year = (order.paid_at ?? new Date()).getUTCFullYear();
    const serial = kind === 'CA' ? await repo.nextSerial(year) : null;
    issued = await repo.insertIssued({
      order_id: orderId,
      country: kind,
      serial_year: serial === null ? null : year,
      serial,
    });
  }
  return giftReceiptOf(order, issued, settings);
}

/** The receipt of a paid order's gift as an e-mail attachment, issued now (in the order's transaction); null without a gift. */
export async function giftReceiptForMail(
  trx: Db,
  orderId: number,
): Promise<{ receipt: GiftReceipt; attachment: MailAttachment } | null> {
  const receipt = await issueGiftReceipt(trx, orderId);
  if (!receipt) return null;
  const content = await renderGiftReceipt(receipt);
  return { receipt, attachment: { filename: receipt.filename, contentType: 'application/pdf', content } };
}

/** Which of these orders have a gift that still counts, whose receipt My orders offers. */
export const ordersWithGiftReceipts = (db: Db, orderIds: readonly number[]) => receiptsRepository(db).withGifts(orderIds);

const settingsTarget = auditTarget('receipt_settings', 'receipts');

export function receiptsService(db: Db) {
  return {
    /** GET /crud/orders/{id}/receipt: the donor's own order only (another's is not found, as My orders answers). */
    async pdfOf(userId: number, orderId: number): Promise<{ filename: string; pdf: Buffer }> {
      const receipt = await db.transaction().execute(async (trx) => {
        const order = await receiptsRepository(trx).order(orderId);
        if (order?.user_id !== userId) throw new AppError('not_found', 'order_not_found');
        return issueGiftReceipt(trx, orderId);
      });
      if (!receipt) throw new AppError('not_found', 'receipt_not_found');
      return { filename: receipt.filename, pdf: await renderGiftReceipt(receipt) };
    },

    async taxIdOf(userId: number): Promise<TaxIdResponse> {
      return { tax_id: await receiptsRepository(db).taxId(userId) };
    },

    /** The donor's NIF or NIE, as Spain writes it (capitals); the receipts read it when they are made. */
    async setTaxId(userId: number, taxId: string): Promise<TaxIdResponse> {
      const value = taxId.toUpperCase();
      await receiptsRepository(db).setTaxId(userId, value);
      return { tax_id: value };
    },

    settings(): Promise<ReceiptSettings> {
      return receiptsRepository(db).settings();
    },

    /** Replaces the ministry's receipt details; audited with the fields changed, before and after. */
    save(request: FastifyRequest, admin: Admin, body: ReceiptSettingsBody): Promise<ReceiptSettings> {
      return db.transaction().execute(async (trx) => {
        const repo = receiptsRepository(trx);
        const before = await repo.lockSettings();
        const after = body as ReceiptSettingsRow;
        const changed = RECEIPT_SETTING_KEYS.filter((k) => before[k] !== after[k]);
        if (changed.length === 0) return before;
        await repo.saveSettings(after);
        await recordAdminAction(trx, request, admin, 'receipt_settings.update', settingsTarget, {
          ...Object.fromEntries(
            changed.flatMap((k) => [
              [k, after[k]],
              [`was_${k}`, before[k]],
            ]),
          ),
        });
        return repo.settings();
      });
    },
  };
}
