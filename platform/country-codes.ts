import { COUNTRY_CODES } from './profile-rules.ts';

/*
 * The countries an address may be in (SPEC 3.3: ISO 3166-1 codes, the profile rules' list), named
 * in the visitor's language through Intl.DisplayNames.
 */

/** SPEC 9.1: the product is Saudi; its country leads every list. */
export const HOME_COUNTRY = 'SA';

const optionsByLocale = new Map<string, { code: string; name: string }[]>();

/** The countries by name in the visitor's language, the home country first. */
export function countryOptions(locale: string): { code: string; name: string }[] {
  let options = optionsByLocale.get(locale);
  if (!options) {
    const collator = new Intl.Collator(locale);
    const named = COUNTRY_CODES.map((code) => ({ code, name: countryName(code, locale) }));
    const home = named.find((option) => option.code === HOME_COUNTRY)!;
    options = [home, ...named.filter((option) => option !== home).sort((a, b) => collator.compare(a.name, b.name))];
    optionsByLocale.set(locale, options);
  }
  return options;
}

/** A country's name in the visitor's language. */
export const countryName = (code: string, locale: string): string => new Intl.DisplayNames([locale], { type: 'region' }).of(code) ?? code;
