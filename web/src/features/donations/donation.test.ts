import type { CmsDonation } from '@storyhouse/contracts';
import { describe, expect, it } from 'vitest';
import { choosePreset, noAmount, typeAmount } from '../../components/amount/amount';
import { donationLine, honoreeMissing, noChoice, noticeProblems } from './donation';

const block: CmsDonation = {
  code: { value: 'radio_outreach' },
  monthly_code: { value: 'radio_outreach_monthly' },
  title: { value: 'Stories on the radio' },
  monthly_title: { value: 'Stories on the radio (monthly)' },
  description: { value: '' },
  amounts: [15, 30],
};
const words = (kind: string, honoree: string) => `${kind}: ${honoree}`;

describe('donationLine (spec §3 Donation cart line)', () => {
  it('is null while the amount is 0 (only amounts above 0 are added)', () => {
    expect(donationLine(block, noChoice, words)).toBeNull();
    expect(donationLine(block, { ...noChoice, amount: typeAmount('abc') }, words)).toBeNull();
  });

  it('gives once under the block’s code and title', () => {
    expect(donationLine(block, { ...noChoice, amount: choosePreset(noAmount, 30) }, words)).toEqual({
      title: 'Stories on the radio',
      description: '',
      code: 'radio_outreach',
      amount: 30,
      type: 'donation',
      cover_fee: false,
      anonymous: false,
    });
  });

  it('gives monthly under the monthly code and title, with the dedication', () => {
    const choice = {
      ...noChoice,
      amount: typeAmount('12.345'),
      monthly: true,
      forSomeone: true,
      kind: 'in_honor_of' as const,
      honoree: ' Rose ',
      coverFee: true,
    };
    expect(donationLine(block, choice, words)).toEqual({
      title: 'Stories on the radio (monthly)',
      description: 'in_honor_of: Rose',
      code: 'radio_outreach_monthly',
      amount: 12.35,
      type: 'recurring_donation',
      cover_fee: true,
      tribute: { kind: 'in_honor_of', honoree: 'Rose' },
      anonymous: false,
    });
  });

  it('carries the tribute’s notice and “don’t show my name” (decision 070)', () => {
    const choice = {
      ...noChoice,
      amount: choosePreset(noAmount, 30),
      forSomeone: true,
      honoree: 'Grandpa Joe',
      notify: true,
      noticeName: ' Aunt Martha ',
      noticeEmail: ' martha@example.test ',
      showAmount: true,
      anonymous: true,
    };
    expect(donationLine(block, choice, words)).toMatchObject({
      tribute: {
        kind: 'in_memory_of',
        honoree: 'Grandpa Joe',
        notify: { name: 'Aunt Martha', email: 'martha@example.test', show_amount: true },
      },
      anonymous: true,
    });
    expect(noticeProblems(choice)).toEqual({});
    expect(noticeProblems({ ...choice, noticeName: ' ', noticeEmail: 'martha@' })).toEqual({
      name: 'required',
      email: 'invalid',
    });
    expect(noticeProblems({ ...choice, noticeEmail: '' })).toEqual({ email: 'required' });
    // Not asked for (or nothing given): nothing to check.
    expect(noticeProblems({ ...choice, notify: false, noticeEmail: 'x' })).toEqual({});
    expect(noticeProblems({ ...choice, amount: noAmount, noticeEmail: 'x' })).toEqual({});
  });

  it('keeps the title when the CMS has no monthly one', () => {
    const plain = { ...block, monthly_title: { value: '' } };
    expect(donationLine(plain, { ...noChoice, amount: choosePreset(noAmount, 15), monthly: true }, words)?.title).toBe(
      'Stories on the radio',
    );
  });
});

describe('honoreeMissing', () => {
  it('asks for the name only of a gift that is given and for someone', () => {
    const given = { ...noChoice, amount: choosePreset(noAmount, 15), forSomeone: true };
    expect(honoreeMissing(given)).toBe(true);
    expect(honoreeMissing({ ...given, honoree: 'Rose' })).toBe(false);
    expect(honoreeMissing({ ...given, forSomeone: false })).toBe(false);
    expect(honoreeMissing({ ...given, amount: noAmount })).toBe(false);
  });
});
