import type { ReceiptSettings, ReceiptSettingsBody, RenewalReceiptsResponse, TaxIdResponse } from '@storyhouse/contracts';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/database';
import { AppError } from '../../lib/errors';
import { toUsd } from '../../lib/money';
import type { MailAttachment } from '../../providers/mail/transport';
import { auditTarget, recordAdminAction } from '../audit/audit';
import { type GiftReceipt, giftReceiptOf, receiptKindOf, renderGiftReceipt } from './gift-receipt';
import {
  type IssuedReceiptRow,
  RECEIPT_SETTING_KEYS,
  type ReceiptOrderRow,
  type ReceiptSettingsRow,
  type RenewalOwner,
  receiptsRepository,
} from './receipts.repository';

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
  const order = await receiptsRepository(trx).order(orderId, true);
  if (!order || !RECEIPTED.has(order.status) || order.gift_cents <= 0) return null;
  return issue(trx, order, { order_id: orderId, renewal_payment_id: null });
}

/**
 * Decision 070: the receipt of a monthly gift's paid renewal, issued once like an order's (same kinds, same
 * serials: one counter and one table for both, so Canadian numbers stay gap-free within a year). Runs in the
 * transaction that records the renewal, or when the donor first asks for it; `userId` keeps it to the family's own.
 */
export async function issueRenewalReceipt(trx: Db, renewalPaymentId: number, owner?: RenewalOwner): Promise<GiftReceipt | null> {
  const renewal = await receiptsRepository(trx).renewal(renewalPaymentId, { lock: true, ...(owner ? { owner } : {}) });
  if (!renewal || renewal.gift_cents <= 0) return null;
  return issue(trx, renewal, { order_id: null, renewal_payment_id: renewalPaymentId });
}

async function issue(trx: Db, order: ReceiptOrderRow, of: Pick<IssuedReceiptRow, 'order_id' | 'renewal_payment_id'>) {
  const repo = receiptsRepository(trx);
  const settings = await repo.settings();
  let issued = await repo.issued(of.order_id ?? { renewal: of.renewal_payment_id as number });
  if (!issued) {
    const kind = receiptKindOf(order.country_code, settings);
    const year = (order.paid_at ?? new Date()).getUTCFullYear();
    const serial = kind === 'CA' ? await repo.nextSerial(year) : null;
    issued = await repo.insertIssued({ ...of, country: kind, serial_year: serial === null ? null : year, serial });
  }
  return giftReceiptOf(order, issued, settings);
}

const attachmentOf = async (receipt: GiftReceipt): Promise<MailAttachment> => ({
  filename: receipt.filename,
  contentType: 'application/pdf',
  content: await renderGiftReceipt(receipt),
});

/** A renewal's receipt as an e-mail attachment, issued now (in the renewal's transaction); null when not a gift. */
export async function renewalReceiptForMail(trx: Db, renewalPaymentId: number) {
  const receipt = await issueRenewalReceipt(trx, renewalPaymentId);
  return receipt ? { receipt, attachment: await attachmentOf(receipt) } : null;
}

/** The receipt of a paid order's gift as an e-mail attachment, issued now (in the order's transaction); null without a gift. */
export async function giftReceiptForMail(
  trx: Db,
  orderId: number,
): Promise<{ receipt: GiftReceipt; attachment: MailAttachment } | null> {
  const receipt = await issueGiftReceipt(trx, orderId);
  return receipt ? { receipt, attachment: await attachmentOf(receipt) } : null;
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

    /** A monthly gift's paid renewals whose receipts the donor may download (My subscription); the family's own. */
    async renewalReceipts(owner: RenewalOwner): Promise<RenewalReceiptsResponse> {
      const rows = await receiptsRepository(db).renewalsOf(owner);
      return {
        data: rows.map((r) => ({
          id: r.id,
          invoice_id: r.invoice_id,
          amount_usd: toUsd(r.amount_cents),
          paid_at: r.paid_at.toISOString(),
        })),
      };
    },

    /** GET …/receipts/{renewal id}: a renewal's receipt PDF; another family's (or not a gift's) is not found. */
    async renewalPdfOf(owner: RenewalOwner, renewalPaymentId: number): Promise<{ filename: string; pdf: Buffer }> {
      const receipt = await db.transaction().execute((trx) => issueRenewalReceipt(trx, renewalPaymentId, owner));
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
