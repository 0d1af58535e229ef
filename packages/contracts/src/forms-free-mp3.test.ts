import { describe, expect, it } from 'vitest';
import { FreeMp3Form, isAdult } from './forms-free-mp3';
import { issueMessage, issuePath } from './validation';

const valid = { first_name: '', last_name: '', email: 'grace@example.test', birth_year: '1980', captcha: 'c29sdmVk' };

/** The catalog key of each field's first message, as the web form and the server show them. */
function messages(values: Record<string, string>) {
  const result = FreeMp3Form.safeParse(values);
  const out: Record<string, string> = {};
  if (result.success) return out;
  for (const issue of result.error.issues) out[issuePath(issue.path)] ??= issueMessage(issue).key;
  return out;
}

describe('FreeMp3Form (spec §5 Free MP3)', () => {
  it('accepts an e-mail, a birth year and a solved captcha; names are optional', () => {
    expect(messages(valid)).toEqual({});
    expect(messages({ ...valid, first_name: 'Grace', last_name: 'Hopper' })).toEqual({});
  });

  it('requires the e-mail, the birth year and the captcha', () => {
    expect(messages({ ...valid, email: '', birth_year: ' ', captcha: '' })).toEqual({
      email: 'validation.required',
      birth_year: 'validation.required',
      captcha: 'captcha.required',
    });
    const { captcha: _, ...withoutCaptcha } = valid;
    expect(messages(withoutCaptcha)).toEqual({ captcha: 'captcha.required' });
  });

  it('refuses a malformed e-mail and a birth year that is not a number or not a real year', () => {
    const thisYear = new Date().getFullYear();
    expect(messages({ ...valid, email: 'grace@' })).toEqual({ email: 'validation.invalid' });
    expect(messages({ ...valid, birth_year: 'abc' })).toEqual({ birth_year: 'freeMp3.birthYearNumeric' });
    expect(messages({ ...valid, birth_year: '19.5' })).toEqual({ birth_year: 'freeMp3.birthYearNumeric' });
    expect(messages({ ...valid, birth_year: '1800' })).toEqual({ birth_year: 'freeMp3.birthYearRange' });
    expect(messages({ ...valid, birth_year: String(thisYear + 1) })).toEqual({ birth_year: 'freeMp3.birthYearRange' });
    expect(messages({ ...valid, birth_year: String(thisYear) })).toEqual({});
  });

  it('limits the length of every text field', () => {
    expect(messages({ ...valid, first_name: 'x'.repeat(101), captcha: 'x'.repeat(4001) })).toEqual({
      first_name: 'validation.tooLong',
      captcha: 'captcha.required',
    });
  });
});

describe('isAdult (spec §5: current year − 18 ≥ birth year)', () => {
  const now = new Date('2026-03-01T12:00:00Z');
  it('counts by year alone', () => {
    expect(isAdult(2008, now)).toBe(true);
    expect(isAdult(2009, now)).toBe(false);
    expect(isAdult(1950, now)).toBe(true);
  });
});
