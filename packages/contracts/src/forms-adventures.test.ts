import { describe, expect, it } from 'vitest';
import { AdventuresSignUpInput, adventuresNextPage } from './forms-adventures';
import { ContactMessageInput } from './forms-contact';
import { issueMessage, issuePath } from './validation';

/** The field messages (catalog keys) a schema gives an input, as the server and the web forms show them. */
function messagesFor(schema: typeof AdventuresSignUpInput | typeof ContactMessageInput, input: unknown) {
  const result = schema.safeParse(input, { reportInput: true });
  if (result.success) return {};
  return Object.fromEntries(result.error.issues.map((issue) => [issuePath(issue.path), issueMessage(issue).key]));
}

/** The web form's values: every field a string. */
const form = {
  receive_method: 'mail',
  site: 'es',
  sets_needed: ' 4 ',
  mail_choice: 'print_and_mail_back',
  fname: ' Lucía ',
  lname: 'Pérez',
  address: 'Calle Mayor 1',
  city: 'Madrid',
  state: 'Madrid',
  zip: '28013',
  country: 'España',
  email: 'lucia@example.test',
  phone: '',
  birthday: '',
  station: '',
};

describe('AdventuresSignUpInput', () => {
  it('turns the form text into the stored values', () => {
    expect(AdventuresSignUpInput.parse(form)).toMatchObject({
      sets_needed: 4,
      fname: 'Lucía',
      mail_choice: 'print_and_mail_back',
    });
  });

  it('accepts its own result again, so the web can send what it validated', () => {
    const once = AdventuresSignUpInput.parse(form);
    expect(AdventuresSignUpInput.parse(once)).toEqual(once);
    const download = AdventuresSignUpInput.parse({ ...form, receive_method: 'download', sets_needed: 'abc' });
    expect(download).toMatchObject({ sets_needed: null, mail_choice: null });
    expect(AdventuresSignUpInput.parse(download)).toEqual(download);
  });

  it.each([['abc'], ['0'], ['11'], [0], [11], ['1.5'], ['-2']])('says sets_needed %j is out of range for mail', (sets) => {
    expect(messagesFor(AdventuresSignUpInput, { ...form, sets_needed: sets })).toEqual({
      sets_needed: 'adventures.setsNeededRange',
    });
  });

  it('accepts 1 and 10 sets', () => {
    expect(AdventuresSignUpInput.parse({ ...form, sets_needed: '1' }).sets_needed).toBe(1);
    expect(AdventuresSignUpInput.parse({ ...form, sets_needed: 10 }).sets_needed).toBe(10);
  });

  it('requires sets and the mail choice only for mail', () => {
    expect(messagesFor(AdventuresSignUpInput, { ...form, sets_needed: '', mail_choice: '' })).toEqual({
      sets_needed: 'validation.required',
      mail_choice: 'validation.required',
    });
    expect(messagesFor(AdventuresSignUpInput, { ...form, receive_method: 'download', sets_needed: '', mail_choice: '' })).toEqual(
      {},
    );
  });

  it('shows every field message of the form at once', () => {
    expect(
      messagesFor(AdventuresSignUpInput, {
        ...form,
        receive_method: '',
        fname: '',
        email: 'x',
        sets_needed: '',
        birthday: '31/12/2015',
      }),
    ).toEqual({
      receive_method: 'validation.required',
      fname: 'validation.required',
      email: 'validation.invalid',
      birthday: 'validation.invalid',
    });
    expect(messagesFor(AdventuresSignUpInput, { ...form, fname: '', sets_needed: '99' })).toEqual({
      fname: 'validation.required',
      sets_needed: 'adventures.setsNeededRange',
    });
  });

  it('takes a birthday in the past as YYYY-MM-DD', () => {
    expect(AdventuresSignUpInput.parse({ ...form, birthday: '2015-02-28' }).birthday).toBe('2015-02-28');
    for (const birthday of ['2015-02-30', '1850-01-01', `${new Date().getFullYear() + 1}-01-01`]) {
      expect(messagesFor(AdventuresSignUpInput, { ...form, birthday })).toEqual({ birthday: 'validation.invalid' });
    }
  });
});

describe('adventuresNextPage', () => {
  it('sends each language to its own lessons page; Russian uses the English pages', () => {
    expect(adventuresNextPage('en', 'download')).toBe('/kids-corner/adventures-in-the-holy-bible/download-lessons');
    expect(adventuresNextPage('en', 'mail')).toBe('/kids-corner/adventures-in-the-holy-bible/mail-lessons');
    expect(adventuresNextPage('es', 'download')).toBe('/rincon-infantil/aventuras-en-la-historia-sagrada/descargar-lecciones');
    expect(adventuresNextPage('es', 'mail')).toBe('/rincon-infantil/aventuras-en-la-historia-sagrada/correo-lecciones');
    expect(adventuresNextPage('ru', 'mail')).toBe('/kids-corner/adventures-in-the-holy-bible/mail-lessons');
  });
});

describe('ContactMessageInput', () => {
  it('requires the names, a valid e-mail and the message', () => {
    expect(messagesFor(ContactMessageInput, { first_name: '', last_name: '', email: '', message: '', phone: '' })).toEqual({
      first_name: 'validation.required',
      last_name: 'validation.required',
      email: 'validation.required',
      message: 'validation.required',
    });
    expect(messagesFor(ContactMessageInput, { first_name: 'A', last_name: 'B', email: 'a@b', message: 'Hi' })).toEqual({
      email: 'validation.invalid',
    });
  });

  it('refuses a 10,000-character message', () => {
    expect(
      messagesFor(ContactMessageInput, { first_name: 'A', last_name: 'B', email: 'a@b.test', message: 'x'.repeat(10_000) }),
    ).toEqual({
      message: 'validation.tooLong',
    });
  });
});
