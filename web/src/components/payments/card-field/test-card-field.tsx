import type { MessageKey } from '@storyhouse/i18n';
import { type ChangeEvent, useEffect, useImperativeHandle, useRef, useState } from 'react';
import { ApiError } from '../../../lib/api-client';
import { useI18n } from '../../../lib/i18n';
import { FieldFrame } from '../../../ui/form/fields';
import { createCardToken } from '../api/create-card-token';
import { CardEntryError, type CardEntryProps } from './card-entry';
import { CardNameField } from './card-name-field';
import {
  type CardPart,
  type CardValues,
  cardBrand,
  cardProblems,
  cvcLength,
  digitsOf,
  emptyCard,
  formatCardNumber,
  formatExpiry,
  parseExpiry,
  partFinished,
} from './card-rules';
import './card-field.css';

/** The token call's field names, for the part of the card they belong to. */
const partOfField: Record<string, CardPart> = {
  number: 'number',
  exp_month: 'expiry',
  exp_year: 'expiry',
  cvc: 'cvc',
  name: 'name',
};

const isDeleting = (e: ChangeEvent<HTMLInputElement>) => (e.nativeEvent as InputEvent).inputType?.startsWith('delete') ?? false;

/**
 * The card field of the built-in test processor (issue 13 item 1): number
 * with its brand and spacing, expiry MM / YY, security code (4 digits for
 * American Express) and name, each with its problem shown once the visitor
 * leaves it, or at once when it is whole and still wrong (a number failing
 * the Luhn check, a past expiry). `tokenize` posts the details to
 * POST /crud/test-payments/tokens and answers the token's id, as Stripe.js
 * does: the number goes to the processor, never into our orders.
 */
export function TestCardField({ ref, onErrorChange }: CardEntryProps) {
  const { t } = useI18n();
  const [values, setValues] = useState<CardValues>(emptyCard);
  const [touched, setTouched] = useState<ReadonlySet<CardPart>>(new Set());
  const [submitted, setSubmitted] = useState(false);
  const [serverErrors, setServerErrors] = useState<Partial<Record<CardPart, string>>>({});
  const numberInput = useRef<HTMLInputElement>(null);
  const brand = cardBrand(values.number);
  // The visitor's clock, read per render: a field left open past midnight on the last day of a month still judges right.
  const problems = cardProblems(values, new Date());

  const shown: Partial<Record<CardPart, string>> = {};
  for (const part of ['number', 'expiry', 'cvc', 'name'] as const) {
    const problem = problems[part];
    if (serverErrors[part]) shown[part] = serverErrors[part];
    else if (problem && (submitted || touched.has(part) || partFinished(part, values))) shown[part] = t(problem as MessageKey);
  }
  const hasError = Object.keys(shown).length > 0;

  useEffect(() => onErrorChange(hasError), [hasError, onErrorChange]);

  const set = (part: CardPart, value: string) => {
    setValues((v) => ({ ...v, [part]: value }));
    setServerErrors(({ [part]: _, ...rest }) => rest);
  };
  const touch = (part: CardPart) => setTouched((s) => (s.has(part) ? s : new Set(s).add(part)));

  useImperativeHandle(
    ref,
    () => ({
      check() {
        setSubmitted(true);
        return Object.keys(cardProblems(values, new Date())).length === 0 && Object.keys(serverErrors).length === 0;
      },
      async tokenize() {
        const expiry = parseExpiry(values.expiry);
        try {
          const token = await createCardToken({
            number: digitsOf(values.number),
            exp_month: expiry?.month ?? 0,
            exp_year: expiry?.year ?? 0,
            cvc: digitsOf(values.cvc),
            name: values.name.trim(),
          });
          return token.id;
        } catch (error) {
          // The processor's word on a part of the card goes under that part, like the field's own.
          if (error instanceof ApiError && Object.keys(error.fields).length > 0) {
            const next: Partial<Record<CardPart, string>> = {};
            for (const [field, message] of Object.entries(error.fields)) next[partOfField[field] ?? 'number'] = message;
            setServerErrors(next);
            throw new CardEntryError(error.message);
          }
          throw error;
        }
      },
      focus: () => numberInput.current?.focus({ preventScroll: true }),
    }),
    [values, serverErrors],
  );

  const brandName = brand === 'unknown' ? undefined : t(`payment.card.brand.${brand}`);
  return (
    <div className="card-field">
      <FieldFrame label={t('payment.card.number')} required error={shown.number}>
        {({ id, describedBy }) => (
          <span className="card-field__number">
            <input
              ref={numberInput}
              id={id}
              name="cardnumber"
              value={values.number}
              required
              inputMode="numeric"
              autoComplete="cc-number"
              aria-invalid={shown.number ? true : undefined}
              aria-describedby={[describedBy, `${id}-brand`].filter(Boolean).join(' ')}
              onBlur={() => touch('number')}
              onChange={(e) => set('number', formatCardNumber(e.target.value))}
            />
            <span id={`${id}-brand`} className="card-field__brand" aria-live="polite">
              {brandName}
            </span>
          </span>
        )}
      </FieldFrame>
      <div className="card-field__row">
        <FieldFrame label={t('payment.card.expiry')} required error={shown.expiry}>
          {({ id, describedBy }) => (
            <input
              id={id}
              name="cc-exp"
              value={values.expiry}
              required
              inputMode="numeric"
              autoComplete="cc-exp"
              placeholder={t('payment.card.expiryPlaceholder')}
              maxLength={7}
              aria-invalid={shown.expiry ? true : undefined}
              aria-describedby={describedBy}
              onBlur={() => touch('expiry')}
              onChange={(e) => set('expiry', formatExpiry(e.target.value, isDeleting(e)))}
            />
          )}
        </FieldFrame>
        <FieldFrame label={t('payment.card.cvc')} required error={shown.cvc}>
          {({ id, describedBy }) => (
            <input
              id={id}
              name="cvc"
              value={values.cvc}
              required
              inputMode="numeric"
              autoComplete="cc-csc"
              maxLength={cvcLength(brand)}
              aria-invalid={shown.cvc ? true : undefined}
              aria-describedby={describedBy}
              onBlur={() => touch('cvc')}
              onChange={(e) => set('cvc', digitsOf(e.target.value).slice(0, cvcLength(brand)))}
            />
          )}
        </FieldFrame>
      </div>
      <CardNameField value={values.name} error={shown.name} onChange={(v) => set('name', v)} onBlur={() => touch('name')} />
      <p className="field__hint">{t('payment.card.testNote')}</p>
    </div>
  );
}
