import { z } from 'zod';
import { NewPassword, PASSWORD_MAX_LENGTH } from './accounts-password';
import { safeBackLocation } from './back-location';
import { EmailAddress } from './forms-contact';
import { Id, IdParam } from './numbers';
import { optionalText, requiredText, text } from './text-fields';

/** Spec §5: the country ids the rules name (free shipping, state/province lists). */
export const COUNTRY_ID = {
  unitedStates: 33,
  canada: 87,
  puertoRico: 88,
  usVirginIslands: 89,
  americanSamoa: 229,
  northernMarianaIslands: 238,
  guam: 241,
} as const;

/** US states and the District of Columbia (ISO 3166-2 codes, stored as users.state). */
export const US_STATES: readonly (readonly [code: string, name: string])[] = [
  ['AL', 'Alabama'],
  ['AK', 'Alaska'],
  ['AZ', 'Arizona'],
  ['AR', 'Arkansas'],
  ['CA', 'California'],
  ['CO', 'Colorado'],
  ['CT', 'Connecticut'],
  ['DE', 'Delaware'],
  ['DC', 'District of Columbia'],
  ['FL', 'Florida'],
  ['GA', 'Georgia'],
  ['HI', 'Hawaii'],
  ['ID', 'Idaho'],
  ['IL', 'Illinois'],
  ['IN', 'Indiana'],
  ['IA', 'Iowa'],
  ['KS', 'Kansas'],
  ['KY', 'Kentucky'],
  ['LA', 'Louisiana'],
  ['ME', 'Maine'],
  ['MD', 'Maryland'],
  ['MA', 'Massachusetts'],
  ['MI', 'Michigan'],
  ['MN', 'Minnesota'],
  ['MS', 'Mississippi'],
  ['MO', 'Missouri'],
  ['MT', 'Montana'],
  ['NE', 'Nebraska'],
  ['NV', 'Nevada'],
  ['NH', 'New Hampshire'],
  ['NJ', 'New Jersey'],
  ['NM', 'New Mexico'],
  ['NY', 'New York'],
  ['NC', 'North Carolina'],
  ['ND', 'North Dakota'],
  ['OH', 'Ohio'],
  ['OK', 'Oklahoma'],
  ['OR', 'Oregon'],
  ['PA', 'Pennsylvania'],
  ['RI', 'Rhode Island'],
  ['SC', 'South Carolina'],
  ['SD', 'South Dakota'],
  ['TN', 'Tennessee'],
  ['TX', 'Texas'],
  ['UT', 'Utah'],
  ['VT', 'Vermont'],
  ['VA', 'Virginia'],
  ['WA', 'Washington'],
  ['WV', 'West Virginia'],
  ['WI', 'Wisconsin'],
  ['WY', 'Wyoming'],
];

/** Canadian provinces and territories (ISO 3166-2 codes). */
export const CANADIAN_PROVINCES: readonly (readonly [code: string, name: string])[] = [
  ['AB', 'Alberta'],
  ['BC', 'British Columbia'],
  ['MB', 'Manitoba'],
  ['NB', 'New Brunswick'],
  ['NL', 'Newfoundland and Labrador'],
  ['NT', 'Northwest Territories'],
  ['NS', 'Nova Scotia'],
  ['NU', 'Nunavut'],
  ['ON', 'Ontario'],
  ['PE', 'Prince Edward Island'],
  ['QC', 'Quebec'],
  ['SK', 'Saskatchewan'],
  ['YT', 'Yukon'],
];

/**
 * The states' and provinces' names on the Spanish and Russian sites, by the
 * stored code (US and Canadian codes do not overlap). The English names
 * above stay the stored and API names; the forms show these instead, sorted
 * for the site language. Where a language has no name of its own for a
 * place, the entry repeats the English one in that language's usual spelling.
 */
export const LOCALIZED_STATE_NAMES: Readonly<Record<'es' | 'ru', Readonly<Record<string, string>>>> = {
  es: {
    AL: 'Alabama',
    AK: 'Alaska',
    AZ: 'Arizona',
    AR: 'Arkansas',
    CA: 'California',
    CO: 'Colorado',
    CT: 'Connecticut',
    DE: 'Delaware',
    DC: 'Distrito de Columbia',
    FL: 'Florida',
    GA: 'Georgia',
    HI: 'Hawái',
    ID: 'Idaho',
    IL: 'Illinois',
    IN: 'Indiana',
    IA: 'Iowa',
    KS: 'Kansas',
    KY: 'Kentucky',
    LA: 'Luisiana',
    ME: 'Maine',
    MD: 'Maryland',
    MA: 'Massachusetts',
    MI: 'Míchigan',
    MN: 'Minnesota',
    MS: 'Misisipi',
    MO: 'Misuri',
    MT: 'Montana',
    NE: 'Nebraska',
    NV: 'Nevada',
    NH: 'Nuevo Hampshire',
    NJ: 'Nueva Jersey',
    NM: 'Nuevo México',
    NY: 'Nueva York',
    NC: 'Carolina del Norte',
    ND: 'Dakota del Norte',
    OH: 'Ohio',
    OK: 'Oklahoma',
    OR: 'Oregón',
    PA: 'Pensilvania',
    RI: 'Rhode Island',
    SC: 'Carolina del Sur',
    SD: 'Dakota del Sur',
    TN: 'Tennessee',
    TX: 'Texas',
    UT: 'Utah',
    VT: 'Vermont',
    VA: 'Virginia',
    WA: 'Washington',
    WV: 'Virginia Occidental',
    WI: 'Wisconsin',
    WY: 'Wyoming',
    AB: 'Alberta',
    BC: 'Columbia Británica',
    MB: 'Manitoba',
    NB: 'Nuevo Brunswick',
    NL: 'Terranova y Labrador',
    NT: 'Territorios del Noroeste',
    NS: 'Nueva Escocia',
    NU: 'Nunavut',
    ON: 'Ontario',
    PE: 'Isla del Príncipe Eduardo',
    QC: 'Quebec',
    SK: 'Saskatchewan',
    YT: 'Yukón',
  },
  ru: {
    AL: 'Алабама',
    AK: 'Аляска',
    AZ: 'Аризона',
    AR: 'Арканзас',
    CA: 'Калифорния',
    CO: 'Колорадо',
    CT: 'Коннектикут',
    DE: 'Делавэр',
    DC: 'Округ Колумбия',
    FL: 'Флорида',
    GA: 'Джорджия',
    HI: 'Гавайи',
    ID: 'Айдахо',
    IL: 'Иллинойс',
    IN: 'Индиана',
    IA: 'Айова',
    KS: 'Канзас',
    KY: 'Кентукки',
    LA: 'Луизиана',
    ME: 'Мэн',
    MD: 'Мэриленд',
    MA: 'Массачусетс',
    MI: 'Мичиган',
    MN: 'Миннесота',
    MS: 'Миссисипи',
    MO: 'Миссури',
    MT: 'Монтана',
    NE: 'Небраска',
    NV: 'Невада',
    NH: 'Нью-Гэмпшир',
    NJ: 'Нью-Джерси',
    NM: 'Нью-Мексико',
    NY: 'Нью-Йорк',
    NC: 'Северная Каролина',
    ND: 'Северная Дакота',
    OH: 'Огайо',
    OK: 'Оклахома',
    OR: 'Орегон',
    PA: 'Пенсильвания',
    RI: 'Род-Айленд',
    SC: 'Южная Каролина',
    SD: 'Южная Дакота',
    TN: 'Теннесси',
    TX: 'Техас',
    UT: 'Юта',
    VT: 'Вермонт',
    VA: 'Виргиния',
    WA: 'Вашингтон',
    WV: 'Западная Виргиния',
    WI: 'Висконсин',
    WY: 'Вайоминг',
    AB: 'Альберта',
    BC: 'Британская Колумбия',
    MB: 'Манитоба',
    NB: 'Нью-Брансуик',
    NL: 'Ньюфаундленд и Лабрадор',
    NT: 'Северо-Западные территории',
    NS: 'Новая Шотландия',
    NU: 'Нунавут',
    ON: 'Онтарио',
    PE: 'Остров Принца Эдуарда',
    QC: 'Квебек',
    SK: 'Саскачеван',
    YT: 'Юкон',
  },
};

/** A state's or province's name in a site language: the localized name where there is one, else the English name. */
export function stateName(lang: string, code: string, englishName: string): string {
  return (lang === 'es' || lang === 'ru' ? LOCALIZED_STATE_NAMES[lang][code] : undefined) ?? englishName;
}

/** Spec §5 State/province: the country's state list, or undefined where the state is free text. */
export function statesOf(countryId: number | null | undefined) {
  if (countryId === COUNTRY_ID.unitedStates) return US_STATES;
  if (countryId === COUNTRY_ID.canada) return CANADIAN_PROVINCES;
  return undefined;
}

/** GET /crud/countries: spec §3 Country (id, country_name), plus the ISO 3166-1 alpha-2 code for localized names. */
export const Country = z
  .object({ id: z.number().int(), country_name: z.string(), code: z.string().length(2) })
  .meta({ id: 'Country' });
export const CountriesResponse = z.array(Country);
export type Country = z.infer<typeof Country>;

/** GET /crud/states: spec §3 State (name, country USA or Canada), plus its code (the stored value) and country id. */
export const State = z
  .object({ code: z.string(), name: z.string(), country: z.enum(['USA', 'Canada']), country_id: z.number().int() })
  .meta({ id: 'State' });
export const StatesResponse = z.array(State);
export type State = z.infer<typeof State>;

/** A country id from a select ("33") or JSON (33); empty means none. */
const CountryField = z.preprocess(
  (v) => (v === '' || v === undefined ? null : typeof v === 'string' && /^\d{1,6}$/.test(v.trim()) ? Number(v) : v),
  Id.nullable(),
);

const accountFields = {
  firstName: requiredText(100),
  lastName: requiredText(100),
  email: EmailAddress,
  emailConfirm: requiredText(254),
  country: CountryField.default(null),
  state: optionalText(100),
  address: optionalText(200),
  city: optionalText(100),
  zip: optionalText(20),
  phone: optionalText(40),
};

type AccountShape = { email: string; emailConfirm: string; country: number | null; state: string };

/** Spec §5 Account and State/province: e-mails match; a US or Canadian address names one of that country's states. */
function accountRules(v: AccountShape, ctx: z.RefinementCtx) {
  if (v.emailConfirm.toLowerCase() !== v.email.toLowerCase()) {
    ctx.addIssue({ code: 'custom', path: ['emailConfirm'], message: 'validation.emailsMismatch' });
  }
  const states = statesOf(v.country);
  if (states && v.state !== '' && !states.some(([code]) => code === v.state)) {
    ctx.addIssue({
      code: 'custom',
      path: ['state'],
      message: v.country === COUNTRY_ID.canada ? 'account.validation.provinceInvalid' : 'account.validation.stateInvalid',
    });
  }
}

/**
 * The account form in create mode (spec §3 Account form, §5 Account and
 * Passwords): names and a valid e-mail required, the e-mail confirmed, a
 * password of at least 8 characters, confirmed. `country` is a country id.
 */
export const AccountCreateUser = z
  .strictObject({
    ...accountFields,
    password: NewPassword,
    passwordConfirm: text().min(1).max(PASSWORD_MAX_LENGTH),
  })
  .superRefine((v, ctx) => {
    accountRules(v, ctx);
    if (v.password !== v.passwordConfirm) {
      ctx.addIssue({ code: 'custom', path: ['passwordConfirm'], message: 'validation.passwordsMismatch' });
    }
  });
export type AccountCreateUserInput = z.input<typeof AccountCreateUser>;
export type AccountCreateUser = z.output<typeof AccountCreateUser>;

/**
 * The account form in edit mode: the same without new passwords (they change
 * through /account/reset-password), and the current password, which the
 * server asks for only when the e-mail changes (issue 26 item 4: whoever
 * holds the e-mail holds the account, through its reset link). Only the
 * server knows whether the e-mail changed, so the field is optional here.
 */
export const AccountUpdateUser = z
  .strictObject({ ...accountFields, currentPassword: text().max(PASSWORD_MAX_LENGTH).optional() })
  .superRefine(accountRules);
export type AccountUpdateUserInput = z.input<typeof AccountUpdateUser>;
export type AccountUpdateUser = z.output<typeof AccountUpdateUser>;

/** POST /crud/user-account (spec §7): create, sign in, and tell where to go. */
export const AccountCreateInput = z.strictObject({
  user: AccountCreateUser,
  /** Where to go once signed in (spec §4 Account save); anything but a path on this site becomes '/'. */
  back_location: text()
    .max(2048)
    .optional()
    .transform((v) => safeBackLocation(v)),
});
export type AccountCreateInput = z.input<typeof AccountCreateInput>;

/** POST /crud/user-account/{id} (spec §7): update one's own account (an admin: anyone's). */
export const AccountUpdateInput = z.strictObject({ user: AccountUpdateUser });
export type AccountUpdateInput = z.input<typeof AccountUpdateInput>;

export const AccountIdParams = z.strictObject({ id: IdParam });

/**
 * How long the link e-mailed to the old address after an e-mail change can
 * undo it (issue 26 item 4): long enough for a family that reads its e-mail
 * weekly; the old address stays reserved for the account meanwhile.
 */
export const EMAIL_CHANGE_UNDO_DAYS = 7;

/**
 * POST /crud/email-change/undo: the old address's link puts the old e-mail
 * back, ends every session of the account and clears its password. A
 * forged, expired or used token is refused with `email_change_link_invalid`.
 */
export const EmailChangeUndoInput = z.strictObject({
  /** The `token` of the e-mailed link. */
  token: text().min(1).max(200),
});
export type EmailChangeUndoInput = z.input<typeof EmailChangeUndoInput>;

/** The e-mail is back; `reset_token` opens the new-password page (/forgot-password/reset?token=…) for one hour. */
export const EmailChangeUndoneResponse = z
  .object({
    status: z.literal('restored'),
    email: z.string(),
    reset_token: z.string().describe('A password reset token (the password was cleared): good once, for one hour'),
  })
  .meta({ id: 'EmailChangeUndone' });
export type EmailChangeUndoneResponse = z.infer<typeof EmailChangeUndoneResponse>;

/** The saved account (the shape of GET /crud/user's address fields) and, after create, where to go. */
export const AccountSavedResponse = z
  .object({ id: z.number().int(), back_location: z.string().optional() })
  .meta({ id: 'AccountSaved' });
export type AccountSavedResponse = z.infer<typeof AccountSavedResponse>;

/** Spec §4 Layout: List or Grid, saved on the account (default List). */
export const AccountLayout = z.enum(['list', 'grid']);
export type AccountLayout = z.infer<typeof AccountLayout>;
/** POST /crud/user/layout. */
export const AccountLayoutInput = z.strictObject({ layout: AccountLayout });
export const AccountLayoutResponse = z.object({ layout: AccountLayout }).meta({ id: 'AccountLayout' });

/** GET /crud/address/me/{id}: spec §3 Address. */
export const AddressResponse = z
  .object({
    id: z.number().int(),
    user_id: z.number().int(),
    fname: z.string(),
    lname: z.string(),
    email: z.string(),
    phone: z.string(),
    line1: z.string(),
    country_id: z.number().int(),
    state: z.string(),
    city: z.string(),
    postal_code: z.string(),
  })
  .meta({ id: 'Address' });
export type AddressResponse = z.infer<typeof AddressResponse>;

/** GET /crud/gift-card/{id}: spec §3 Gift card record, the gift cards a user received; amounts in dollars. */
export const GiftCardRecord = z
  .object({
    id: z.number().int(),
    from_user: z.object({ fullname: z.string() }).nullable().describe('The sender; null shows as Anonymous'),
    created_at: z.string().describe('ISO 8601'),
    original_amount: z.number(),
    balance: z.number(),
  })
  .meta({ id: 'GiftCardRecord' });
export const GiftCardRecordsResponse = z.array(GiftCardRecord);
export type GiftCardRecord = z.infer<typeof GiftCardRecord>;
