import { z } from 'zod';
import { optionalText, text } from './text-fields';

/**
 * Gift receipts by country (issue 45, decision 068): the ministry's details
 * a tax receipt needs, set in the back office. '' is "not set": a country
 * whose details are not all set gets the plain receipt, never a made-up number.
 */
const formatted = (max: number, pattern: RegExp) =>
  optionalText(max).pipe(text().refine((v) => v === '' || pattern.test(v), { error: 'validation.invalid' }));

export const ReceiptSettingsBody = z
  .strictObject({
    /** The ministry's legal name, as its registrations have it. */
    legal_name: optionalText(200),
    /** The United States' Employer Identification Number: 12-3456789. */
    ein: formatted(20, /^\d{2}-\d{7}$/),
    /** The Canada Revenue Agency's charity registration number: 123456789RR0001. */
    ca_registration: formatted(20, /^\d{9}RR\d{4}$/),
    /** Where Canadian receipts are issued (a city). */
    place_of_issue: optionalText(200),
    /** Spain's NIF of the ministry (an entity's: a letter, seven digits, a check character). */
    es_nif: formatted(20, /^[A-Z]\d{7}[0-9A-J]$/),
    /** The ministry's postal address, a line each. */
    address: optionalText(500),
  })
  .meta({ id: 'ReceiptSettingsBody' });
export type ReceiptSettingsBody = z.input<typeof ReceiptSettingsBody>;

export const ReceiptSettings = z
  .object({
    legal_name: z.string(),
    ein: z.string(),
    ca_registration: z.string(),
    place_of_issue: z.string(),
    es_nif: z.string(),
    address: z.string(),
  })
  .meta({ id: 'ReceiptSettings' });
export type ReceiptSettings = z.infer<typeof ReceiptSettings>;

/**
 * PUT /crud/account/tax-id: the donor's own Spanish tax number for their receipts (the ministry declares gifts by it
 * in the Modelo 182): a NIF (eight digits and a letter) or an NIE (X, Y or Z, seven digits and a letter); '' removes it.
 */
export const TaxIdBody = z
  .strictObject({
    tax_id: optionalText(20).pipe(
      text().refine((v) => v === '' || /^[0-9XYZ]\d{7}[A-Z]$/.test(v.toUpperCase()), { error: 'validation.invalid' }),
    ),
  })
  .meta({ id: 'TaxIdBody' });
export type TaxIdBody = z.input<typeof TaxIdBody>;

export const TaxIdResponse = z.object({ tax_id: z.string() }).meta({ id: 'TaxIdResponse' });
export type TaxIdResponse = z.infer<typeof TaxIdResponse>;

/**
 * GET /crud/stripe/subscription/{id}/receipts (decision 070): a monthly gift's paid renewals, newest first, each
 * with its receipt at …/receipts/{id} (a PDF). The first month's receipt is its order's (My orders).
 */
export const RenewalReceipt = z
  .object({ id: z.number().int(), invoice_id: z.string(), amount_usd: z.number(), paid_at: z.string() })
  .meta({ id: 'RenewalReceipt' });
export type RenewalReceipt = z.infer<typeof RenewalReceipt>;
export const RenewalReceiptsResponse = z.object({ data: z.array(RenewalReceipt) }).meta({ id: 'RenewalReceiptsResponse' });
export type RenewalReceiptsResponse = z.infer<typeof RenewalReceiptsResponse>;
