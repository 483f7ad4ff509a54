import { z } from 'zod';

/**
 * SPEC 3.3, 5: the rules of a user's profile and addresses, shared by the user service (which
 * refuses anything else) and the site's forms (which show the same messages before calling it).
 * Messages are locale keys (`locales/*\/validation.json`); `messageParams` gives the values a key
 * interpolates (`{{max}}`, `{{date}}`).
 *
 * Inputs may come from a form (every field a string, an empty one meaning "none") or from GraphQL
 * (a field left out is kept, null clears it): an empty or blank optional field parses as null, a
 * field that is absent stays absent.
 */

/** Longest value of each text field, in characters. */
export const PROFILE_LIMITS = {
  firstName: 80,
  lastName: 80,
  middleName: 80,
  nickname: 50,
  address1: 200,
  address2: 200,
  city: 100,
  state: 100,
  postalCode: 20,
} as const;

/** Birth dates are after this day and before today (Asia/Riyadh, SPEC 9.1). */
export const BIRTH_DATE_MIN = '1900-01-01';

/** The time zone "today" is counted in (SPEC 9.1). */
const TIME_ZONE = 'Asia/Riyadh';

export const GENDERS = ['male', 'female'] as const;
export const PROFILE_LOCALES = ['en', 'ar'] as const;

/** ISO 3166-1 alpha-2: every officially assigned code (249). */
export const COUNTRY_CODES: readonly string[] = (
  'AD AE AF AG AI AL AM AO AQ AR AS AT AU AW AX AZ BA BB BD BE BF BG BH BI BJ BL BM BN BO BQ BR BS BT BV BW BY BZ CA CC CD CF CG ' +
  'CH CI CK CL CM CN CO CR CU CV CW CX CY CZ DE DJ DK DM DO DZ EC EE EG EH ER ES ET FI FJ FK FM FO FR GA GB GD GE GF GG GH GI GL ' +
  'GM GN GP GQ GR GS GT GU GW GY HK HM HN HR HT HU ID IE IL IM IN IO IQ IR IS IT JE JM JO JP KE KG KH KI KM KN KP KR KW KY KZ LA ' +
  'LB LC LI LK LR LS LT LU LV LY MA MC MD ME MF MG MH MK ML MM MN MO MP MQ MR MS MT MU MV MW MX MY MZ NA NC NE NF NG NI NL NO NP ' +
  'NR NU NZ OM PA PE PF PG PH PK PL PM PN PR PS PT PW PY QA RE RO RS RU RW SA SB SC SD SE SG SH SI SJ SK SL SM SN SO SR SS ST SV ' +
  'SX SY SZ TC TD TF TG TH TJ TK TL TM TN TO TR TT TV TW TZ UA UG UM US UY UZ VA VC VE VG VI VN VU WF WS YE YT ZA ZM ZW'
).split(' ');

const countryCodes = new Set(COUNTRY_CODES);

export const isCountryCode = (value: string): boolean => countryCodes.has(value);

/** Today's date as YYYY-MM-DD in Riyadh. */
export function today(now: Date = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
}

/**
 * `+966 50-123 4567` → `+966501234567`: spaces, dashes, dots and brackets as typed are dropped;
 * undefined when what is left is not an E.164 number (a plus, then 8 to 15 digits, no leading 0).
 */
export function normalisePhone(value: string): string | undefined {
  const compact = value.trim().replace(/[\s\-.()\u00a0]/g, '');
  return /^\+[1-9]\d{7,14}$/.test(compact) ? compact : undefined;
}

/** Whether `value` is a real calendar date written YYYY-MM-DD. */
export function isRealDate(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** SPEC 5 "exactly the given length": the fields that have one, by their name in forms and services. */
export const EXACT_LENGTHS = { code: 6, memberId: 10, memberPin: 4 } as const;

/**
 * A string of exactly `EXACT_LENGTHS[field]` digits: empty is required, another length says so
 * (`validation:exactLength`), the right length with other characters gets the field's `formatKey`.
 */
export const exactDigits = (field: keyof typeof EXACT_LENGTHS, formatKey: string) =>
  z.string().min(1, 'validation:required').length(EXACT_LENGTHS[field], 'validation:exactLength').regex(/^\d+$/, formatKey);

/** The values a message key interpolates for a field: `{ max }`, `{ length }` for lengths, `{ date }` (YYYY-MM-DD) for date bounds. */
export function messageParams(field: string, key: string, now: Date = new Date()): Record<string, string | number> {
  if (key === 'validation:maxLengthOf' && field in PROFILE_LIMITS) return { max: PROFILE_LIMITS[field as keyof typeof PROFILE_LIMITS] };
  if (key === 'validation:exactLength' && field in EXACT_LENGTHS) return { length: EXACT_LENGTHS[field as keyof typeof EXACT_LENGTHS] };
  if (key === 'validation:dateMin') return { date: BIRTH_DATE_MIN };
  if (key === 'validation:dateMax') return { date: today(now) };
  return {};
}

const blankToNull = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? null : value);

/** A text the user must give: trimmed, not empty, at most `max` characters. */
const requiredText = (max: number) =>
  z.string({ error: 'validation:required' }).trim().min(1, 'validation:required').max(max, 'validation:maxLengthOf');

/** A text the user may leave out: trimmed, blank is null. */
const optionalText = (max: number) =>
  z.preprocess(blankToNull, z.string({ error: 'validation:required' }).trim().max(max, 'validation:maxLengthOf').nullable()).optional();

const phone = z.string({ error: 'validation:phone' }).transform((value, context) => {
  const normalised = normalisePhone(value);
  if (normalised) return normalised;
  context.addIssue({ code: 'custom', message: 'validation:phone' });
  return z.NEVER;
});

const birthDate = z
  .string({ error: 'validation:date' })
  .trim()
  .refine(isRealDate, 'validation:date')
  .refine((value) => value > BIRTH_DATE_MIN, 'validation:dateMin')
  .refine((value) => value < today(), 'validation:dateMax');

const choice = <const Values extends readonly [string, ...string[]]>(values: Values) => z.enum(values, { error: 'validation:choice' });

const countryCode = z
  .string({ error: 'validation:required' })
  .trim()
  .min(1, 'validation:required')
  .transform((value) => value.toUpperCase())
  .refine(isCountryCode, 'validation:country');

const optional = <Schema extends z.ZodType>(schema: Schema) => z.preprocess(blankToNull, schema.nullable()).optional();

/** SPEC 5: the terms must be accepted; a checkbox sends `on`, GraphQL sends true. */
const acceptTerms = z.preprocess(
  (value) => value === true || value === 'on' || value === 'true',
  z.literal(true, { error: 'validation:acceptTerms' }),
);

/** Every profile field's rule, for forms that combine them differently. */
export const profileFields = {
  firstName: requiredText(PROFILE_LIMITS.firstName),
  lastName: requiredText(PROFILE_LIMITS.lastName),
  middleName: optionalText(PROFILE_LIMITS.middleName),
  phoneNumber: optional(phone),
  whatsappPhone: optional(phone),
  birthDate: optional(birthDate),
  gender: optional(choice(GENDERS)),
  locale: optional(choice(PROFILE_LOCALES)),
  acceptTerms,
};

/**
 * `updateUser` and the details form: every field optional; null (or blank) clears an optional
 * field; first and last names can be changed but not cleared.
 */
export const updateUserRules = z.object({
  firstName: profileFields.firstName.optional(),
  lastName: profileFields.lastName.optional(),
  middleName: profileFields.middleName,
  phoneNumber: profileFields.phoneNumber,
  whatsappPhone: profileFields.whatsappPhone,
  birthDate: profileFields.birthDate,
  gender: profileFields.gender,
  locale: profileFields.locale,
});

/** `onboardUser` and the onboarding form (SPEC 4.1, 6): names and the terms are required. */
export const onboardUserRules = z.object({
  firstName: profileFields.firstName,
  lastName: profileFields.lastName,
  phoneNumber: profileFields.phoneNumber,
  birthDate: profileFields.birthDate,
  gender: profileFields.gender,
  locale: profileFields.locale,
  acceptTerms: profileFields.acceptTerms,
});

/** A checkbox (`on`) or a boolean. */
const flag = z.preprocess((value) => value === true || value === 'on' || value === 'true', z.boolean());

/** SPEC 3.3: a postal address (`addUserAddress`, `updateUserAddress` and the address form). */
export const addressRules = z.object({
  nickname: optionalText(PROFILE_LIMITS.nickname),
  isDefault: flag.optional(),
  address1: requiredText(PROFILE_LIMITS.address1),
  address2: optionalText(PROFILE_LIMITS.address2),
  city: requiredText(PROFILE_LIMITS.city),
  state: optionalText(PROFILE_LIMITS.state),
  postalCode: optionalText(PROFILE_LIMITS.postalCode),
  countryCode,
});

export type UpdateUserInput = z.output<typeof updateUserRules>;
export type OnboardUserInput = z.output<typeof onboardUserRules>;
export type AddressInput = z.output<typeof addressRules>;

/** Field name → message key of a failed parse, the first problem of each field. */
export function fieldMessages(error: z.ZodError): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) fields[String(issue.path[0] ?? 'form')] ??= issue.message;
  return fields;
}
