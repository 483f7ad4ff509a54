import { createContext, useContext } from 'react';
import type { TFunction } from 'i18next';
import type { UrlBuilder } from '#server/urls.ts';
import type { Formatter, Locale } from './format.ts';
import type { PrivacyConsent } from '#platform/privacy-consent.ts';

/** What a form shows after a submission: the values typed and the messages (locale keys). */
export interface FormState {
  status: 'invalid' | 'failed' | 'succeeded';
  values: Record<string, string>;
  /** Field name → message key, e.g. `{ email: 'validation:email' }`. */
  errors: Record<string, string>;
  /** A message for the whole form (a locale key), such as a SPEC 8 failure. */
  message?: string;
}

export interface Viewer {
  firstName: string;
  lastName: string;
}

/** Client assets a rendered page asked for: the document links exactly these. */
export interface AssetCollector {
  use(entry: ClientEntry): void;
}

/**
 * A browser entry a view needs: `htmx`, or the file name of an island (`client/islands/<name>.tsx`,
 * hydrated React) or of an enhancement (`client/enhancements/<name>.ts`, a small script). The build
 * finds them; asking for one that does not exist fails the render.
 */
export type ClientEntry = string;

export interface SiteContextValue {
  locale: Locale;
  dir: 'ltr' | 'rtl';
  t: TFunction;
  format: Formatter;
  urls: UrlBuilder;
  /** The locale-neutral path of this page, for forms that post back to it. */
  path: string;
  csrfToken: string;
  viewer: Viewer | null;
  forms: Record<string, FormState | undefined>;
  /** SPEC 2.3, 6: inside the mobile app the header and footer are hidden. */
  embeddedApp: boolean;
  /** SPEC 1, 6: an editor is previewing drafts; every layout shows the preview banner. */
  preview?: boolean;
  /** A production site taking test payments (a staging site, decision 0036): every layout says TEST MODE. */
  testMode?: boolean;
  /** Origins besides the embed providers that pages may frame (`FRAME_ORIGINS`, views/embed-origins.ts). */
  frameOrigins?: readonly string[];
  /** Decision 0044: a visitor admitted from a sale's waiting room may shop until then (ISO 8601). */
  shopWindowEndsAt?: string | null;
  /** Decision 0051: the visitor's privacy choice; null until they answer, and the banner shows. */
  privacyConsent?: PrivacyConsent | null;
  assets: AssetCollector;
}

const SiteContext = createContext<SiteContextValue | null>(null);

export const SiteProvider = SiteContext.Provider;

export function useSite(): SiteContextValue {
  const site = useContext(SiteContext);
  if (!site) throw new Error('useSite() outside a SiteProvider');
  return site;
}

export const useFormState = (name: string): FormState | undefined => useSite().forms[name];
