import type { ComponentType } from 'react';
import type { Request, Response } from 'express';
import type { TFunction } from 'i18next';
import type { Locale } from '#views/format.ts';
import type { FormState, Viewer } from '#views/site-context.tsx';
import type { PageProperties } from './analytics/tracker.ts';
import type { SiteServices } from './services/site-services.ts';
import type { UrlBuilder } from './urls.ts';

/**
 * A page module: a loader that asks the services for what the page shows, the view that renders
 * it, and the actions that handle its forms. Views never fetch; loaders never render.
 */
export interface PageModule<Data = any> {
  /** SPEC 6: account pages need sign-in; others are sent through it and brought back. */
  requiresSignIn?: boolean;
  load(context: PageContext): Promise<Loaded<Data>>;
  View: ComponentType<{ data: Data }>;
  /** Form handlers by their `intent` field. The layout's forms (newsletter) work on every page. */
  actions?: Record<string, FormAction>;
  /**
   * Parts of the page that htmx may ask for alone, by the id of the element they fill. A GET
   * carrying `HX-Request: true` and an `HX-Target` naming one of them runs the loader as usual and
   * answers with just that component, without the layout (history restores still get the page).
   * The same URL thus serves a page and its fragments, so such pages answer with
   * `Vary: HX-Request, HX-Target`. See `requestedFragment` in server/site-renderer.tsx.
   */
  fragments?: Record<string, ComponentType<{ data: Data }>>;
}

export interface PageContext {
  req: Request;
  res: Response;
  locale: Locale;
  params: Record<string, string>;
  t: TFunction;
  urls: UrlBuilder;
  services: SiteServices;
  viewer: Viewer | null;
  /**
   * SPEC 1, 6: an editor previewing drafts. `services.content` then asks for drafts on every call
   * and the response is never stored by any cache.
   */
  preview: boolean;
  /** The signed-in visitor's access token, refreshed when near expiry; undefined for guests. */
  accessToken(): Promise<string | undefined>;
}

export interface PageHead {
  title: string;
  description?: string | null | undefined;
  /** An absolute or site-relative image for link previews. */
  image?: string | null | undefined;
  /** The image's size in pixels, when known (og:image:width and height). */
  imageSize?: { width: number; height: number } | undefined;
  noIndex?: boolean;
  /** Open Graph type: `website` unless the page is an article (with its dates) or similar. */
  openGraph?: { type: 'website' | 'article' | 'music.song' | 'music.album' | 'profile'; publishedTime?: string; modifiedTime?: string };
  /**
   * Where the page sits, home excluded, each with its locale-neutral path (the page itself last):
   * rendered as BreadcrumbList JSON-LD by the document. (A path already in the page's language,
   * `/ar/...`, is taken as it is.)
   */
  breadcrumbs?: { name: string; path: string }[];
  /** A feed of this page's items (RSS), announced in the head; its path like the breadcrumbs'. */
  alternateFeed?: { title: string; path: string };
  /** Sends the browser on after a pause, without JavaScript (`<meta http-equiv="refresh">`); a path of ours. */
  refresh?: { seconds: number; path: string; /** Only for visitors without JavaScript (`<noscript>`). */ onlyWithoutScript?: boolean };
}

export type Loaded<Data> =
  /** `status` for pages that answer something else than 200, such as a refusal (401). */
  | { kind: 'page'; data: Data; head: PageHead; analytics: PageProperties; status?: number }
  | { kind: 'notFound' }
  /** 301 and 308 for a page that moved for good (an article under its real category). */
  | { kind: 'redirect'; location: string; status: 301 | 302 | 303 | 308 }
  /**
   * A file instead of a page: a download (an iCalendar file), or with `inline` a document the
   * browser shows or a reader subscribes to (an RSS feed).
   */
  | { kind: 'file'; filename: string; contentType: string; body: string; inline?: boolean };

export const page = <Data>(data: Data, head: PageHead, analytics: PageProperties, status?: number): Loaded<Data> => ({
  kind: 'page',
  data,
  head,
  analytics,
  ...(status ? { status } : {}),
});
export const notFound = (): Loaded<never> => ({ kind: 'notFound' });
export const redirect = (location: string, status: 301 | 302 | 303 | 308 = 302): Loaded<never> => ({ kind: 'redirect', location, status });
export const file = (filename: string, contentType: string, body: string, options: { inline?: boolean } = {}): Loaded<never> => ({
  kind: 'file',
  filename,
  contentType,
  body,
  ...(options.inline ? { inline: true } : {}),
});

export interface FormAction {
  /** The form's name: its state reaches the view as `useFormState(form)`. */
  form: string;
  handle(context: PageContext, body: Record<string, string>): Promise<FormOutcome>;
  /** What an htmx submission gets back instead of the page: the form alone, in its new state. */
  Fragment?: ComponentType;
}

export type FormOutcome =
  /** Done: POST-redirect-GET back to the page (or elsewhere), with a message for the form. */
  | {
      kind: 'succeeded';
      message?: string;
      redirectTo?: string;
      /** What an htmx fragment needs to show the form in its new state (never kept across a redirect). */
      values?: Record<string, string>;
      /**
       * A form in steps that keeps its state in the page: the page again (200) with `values`, which
       * the view carries on as hidden fields, instead of a redirect.
       */
      nextStep?: boolean;
    }
  /** The visitor's input needs fixing: the page again with the values and messages, 422. */
  | {
      kind: 'invalid';
      values: Record<string, string>;
      errors: Record<string, string>;
      message?: string;
      /** 422 unless the refusal has a more exact status: 400 (not what our forms send), 409 (already exists), 429 (too many requests). */
      status?: 400 | 409 | 429;
    }
  /**
   * A service failed: the page again with the values and a SPEC 8 message, 503. With the failure
   * as `cause`, an unavailable dependency also tells the client when to retry (decision 0033).
   */
  | { kind: 'failed'; values: Record<string, string>; message: string; cause?: unknown };

export const formStateOf = (outcome: Exclude<FormOutcome, { kind: 'succeeded' }>): FormState => ({
  status: outcome.kind,
  values: outcome.values,
  errors: outcome.kind === 'invalid' ? outcome.errors : {},
  ...(outcome.message ? { message: outcome.message } : {}),
});
