import { gql, type TypedDocumentNode } from '@apollo/client';
import type { Request, Response } from 'express';
import type { i18n } from 'i18next';
import { createElement, type ComponentType, type ReactElement } from 'react';
import type { LayoutContent } from '#views/content.ts';
import { createFormatter, direction, type Locale } from '#views/format.ts';
import { ERROR_TEXTS, ErrorPage, type ErrorPageData } from '#views/pages/ErrorPage.tsx';
import { NotFoundPage, type NotFoundPageData } from '#views/pages/NotFoundPage.tsx';
import type { FormState } from '#views/site-context.tsx';
import type { PageProperties, TrackingContext } from './analytics/tracker.ts';
import { translatorFor } from './i18n.ts';
import { LAYOUT_QUERY } from './layout-content.ts';
import { acceptedEncoding } from './middleware/accepted-encoding.ts';
import type { Csrf } from './middleware/csrf.ts';
import type { PageContext, PageHead, PageModule } from './page.ts';
import { LINK_FIELDS } from './pages/content-fragments.ts';
import type { AssetManifest } from './render/asset-manifest.ts';
import { cacheControlFor, cachePolicyOf, carriesOnlyNeutralCookies, restrictCaching, type CachePolicy } from './render/cache-policy.ts';
import { PAGE_ENCODINGS, type PageCache } from './render/page-cache.ts';
import { analyticsAllowed } from './privacy/consent.ts';
import { renderDocument, renderFragment, type SiteValues } from './render/render-document.tsx';
import type { LayoutName } from './route-table.ts';
import type { SiteServices } from './services/site-services.ts';
import { createUrlBuilder, localizePath } from './urls.ts';

const NOT_FOUND_QUERY: TypedDocumentNode<NotFoundPageData, { locale: Locale }> = gql`
  query NotFoundPage($locale: Locale!) {
    notFoundPage(locale: $locale) {
      title
      description
      links {
        ...LinkFields
      }
    }
  }
  ${LINK_FIELDS}
`;

export interface SiteRendererOptions {
  services: SiteServices;
  i18n: i18n;
  csrf: Csrf;
  manifest: AssetManifest;
  baseUrl: string;
  /** Development only: error pages show what went wrong. */
  showErrorDetails: boolean;
  /** Rendered anonymous pages (decision 0014). */
  pageCache?: PageCache | undefined;
  /** Production with test payments (decision 0036): every page says TEST MODE. */
  testMode?: boolean;
  /** Origins pages may frame besides the embed providers (`FRAME_ORIGINS`). */
  frameOrigins?: readonly string[];
}

/** Turns page modules, their data and form states into responses: pages, fragments, 404s, errors. */
export class SiteRenderer {
  constructor(private readonly options: SiteRendererOptions) {}

  /** The request-scoped context a page module's loader and actions work with. */
  context(req: Request, res: Response, params: Record<string, string> = {}): PageContext {
    const preview = this.options.services.preview.isActive(req);
    // SPEC 1, 6: in preview every content query of the request includes drafts, and what it shows
    // must never be kept by any cache.
    const base = this.options.services;
    // The shop's limits per address (decision 0043): every commerce call of this request says whose it is.
    const commerce = base.commerce.scoped({ visitorAddress: req.ip || req.socket.remoteAddress });
    const services = preview ? { ...base, commerce, content: base.content.scoped({ preview: true }) } : { ...base, commerce };
    if (preview) restrictCaching(res, 'no-store');
    const locale = req.locale;
    const context: PageContext = {
      req,
      res,
      locale,
      params,
      t: translatorFor(this.options.i18n, locale),
      urls: createUrlBuilder({ baseUrl: this.options.baseUrl, locale, currentPath: req.sitePath }),
      services,
      viewer: services.auth.viewer(req),
      preview,
      accessToken: () =>
        services.auth.accessToken(req, (reason) => {
          context.viewer = null;
          // SPEC 8: a failed token refresh signs the visitor out and is tracked with its reason.
          services.tracker.track(
            'user_login_failed',
            trackingContext(req, { page_type: 'session', module_name: 'account' }),
            { provider: 'Default', reason_code: reason },
            '1.1',
          );
        }),
    };
    return context;
  }

  /**
   * Answers a GET from the page cache when an anonymous visitor asks for a page rendered recently;
   * otherwise notes the key, so that the page rendered for this request is kept if it may be shared.
   * A page nothing is kept for that another request is rendering is waited for, not rendered again.
   */
  async answerFromCache(req: Request, res: Response): Promise<boolean> {
    const cache = this.options.pageCache;
    let key = cache?.keyOf(req);
    if (!cache || !key) return false;
    let cached = cache.get(key);
    const renderUnderWay = cached ? undefined : cache.renderUnderWay(key);
    if (renderUnderWay) {
      await renderUnderWay;
      // That render may have taught the cache which parameters matter: the key can be another.
      key = cache.keyOf(req)!;
      cached = cache.get(key);
    }
    if (!cached) {
      const lookupKey = key;
      res.locals.pageCacheKey = lookupKey;
      cache.watchQuery(req);
      cache.renderStarted(lookupKey);
      // Whatever else this request ends in (a redirect, an error), the next one may render the page.
      res.once('close', () => {
        if (res.locals.pageCacheKey) cache.release(lookupKey);
        cache.renderEnded(lookupKey);
      });
      return false;
    }
    res.status(cached.status).set(cached.headers);
    // Compressed once and kept, rather than by the compression middleware on every answer (which
    // leaves a response it finds already encoded alone); a HEAD is answered as that middleware would.
    const encoding = req.method === 'GET' ? acceptedEncoding(req, PAGE_ENCODINGS) : undefined;
    if (encoding) res.vary('Accept-Encoding').set('Content-Encoding', encoding);
    // The locale cookie may have been set for this visitor: then this answer is theirs alone.
    res
      .set('Cache-Control', cacheControlFor(res.getHeader('set-cookie') ? 'private' : 'shared'))
      .send(encoding ? cache.bodyIn(cached, encoding) : cached.body);
    this.options.services.tracker.track('page_viewed', trackingContext(req, cached.analytics));
    return true;
  }

  /** Loads and renders a page; follows the loader's redirect or not-found answer. */
  async page(
    context: PageContext,
    module: PageModule,
    layout: LayoutName,
    forms: Record<string, FormState> = {},
    status = 200,
  ): Promise<void> {
    const { res } = context;
    if (module.fragments) res.vary('HX-Request').vary('HX-Target');
    const Fragment = requestedFragment(context.req, module);
    const [layoutContent, loaded] = await Promise.all([Fragment ? null : this.layoutContent(context), module.load(context)]);
    if (loaded.kind === 'redirect') return res.redirect(loaded.status, loaded.location);
    if (loaded.kind === 'notFound') return this.notFound(context);
    if (loaded.kind === 'file') {
      // Files follow the pages' cache policy: a signed-in visitor's download is theirs alone.
      res.type(loaded.contentType).set('Cache-Control', cacheControlFor(this.pagePolicy(context, 200)));
      return void (loaded.inline ? res : res.attachment(loaded.filename)).send(loaded.body);
    }
    if (Fragment) {
      this.fragment(context, status, createElement(Fragment, { data: loaded.data }), forms);
    } else {
      this.send(context, loaded.status ?? status, {
        layout,
        layoutContent: layoutContent!,
        head: loaded.head,
        forms,
        page: createElement(module.View, { data: loaded.data }),
        analytics: loaded.analytics,
      });
    }
    // A fragment answers a navigation (new filters in the URL) that without JavaScript is a whole
    // page: it is a page view all the same.
    this.options.services.tracker.track('page_viewed', trackingContext(context.req, loaded.analytics));
  }

  /** SPEC 3.2: status 404 with the content-managed not-found page. */
  async notFound(context: PageContext): Promise<void> {
    const [layoutContent, data] = await Promise.all([
      this.layoutContent(context),
      context.services.content.query(NOT_FOUND_QUERY, { locale: context.locale }),
    ]);
    this.send(context, 404, {
      layout: 'default',
      layoutContent,
      head: { title: data.notFoundPage.title, description: data.notFoundPage.description, noIndex: true },
      forms: {},
      page: createElement(NotFoundPage, { data }),
      analytics: { page_type: 'notFound', module_name: 'notFound' },
    });
    this.options.services.tracker.track('page_viewed', trackingContext(context.req, { page_type: 'notFound', module_name: 'notFound' }));
  }

  /**
   * SPEC 2.4: the error page with "try again". Rendered without asking any service, in the
   * visitor's language, with the request id to quote; details only in development.
   */
  error(context: PageContext, status: ErrorPageData['status'], error?: unknown): void {
    const data: ErrorPageData = {
      status,
      retryUrl: (context.req.method !== 'GET' && this.ownPage(context.req.get('referer'))) || context.urls.current(context.locale),
      requestId: String(context.req.id ?? ''),
      detail: this.options.showErrorDetails && error instanceof Error ? (error.stack ?? error.message) : undefined,
    };
    this.send(context, status, {
      layout: 'onboarding',
      layoutContent: null,
      head: {
        title: context.t(`errors:${ERROR_TEXTS[status]}.title`),
        noIndex: true,
      },
      siteTitleSuffix: context.t('brand.name'),
      forms: {},
      page: createElement(ErrorPage, { data }),
    });
  }

  /** The page a form was sent from, when it is one of ours: "try again" never leads off the site. */
  private ownPage(referer: string | undefined): string | undefined {
    if (!referer || !URL.canParse(referer)) return undefined;
    return new URL(referer).origin === new URL(this.options.baseUrl).origin ? referer : undefined;
  }

  /** An htmx answer: one component in its new state, without the page around it. */
  fragment(context: PageContext, status: number, fragment: ReactElement, forms: Record<string, FormState>): void {
    context.res
      .status(status)
      .type('html')
      .set('Cache-Control', 'no-store')
      .send(renderFragment(this.siteValues(context, forms), fragment));
  }

  layoutContent(context: PageContext): Promise<LayoutContent> {
    return context.services.content.query(LAYOUT_QUERY, { locale: context.locale });
  }

  private send(
    context: PageContext,
    status: number,
    parts: {
      layout: LayoutName;
      layoutContent: LayoutContent | null;
      head: PageHead;
      forms: Record<string, FormState>;
      page: ReactElement;
      siteTitleSuffix?: string;
      analytics?: PageProperties;
    },
  ): void {
    const html = renderDocument({
      site: this.siteValues(context, parts.forms),
      layout: parts.layout,
      layoutContent: parts.layoutContent,
      head: parts.head,
      siteTitleSuffix: parts.siteTitleSuffix ?? parts.layoutContent?.globalConfig.siteTitleSuffix ?? '',
      page: parts.page,
      manifest: this.options.manifest,
      analytics: parts.analytics,
    });
    const { res } = context;
    const policy = this.pagePolicy(context, status);
    // A cookie set on this response (the locale, say) is this visitor's, whatever the page.
    const responsePolicy = policy === 'shared' && res.getHeader('set-cookie') ? 'private' : policy;
    res.status(status).type('html').set('Cache-Control', cacheControlFor(responsePolicy)).send(html);

    const lookupKey = res.locals.pageCacheKey as string | undefined;
    if (lookupKey && parts.analytics && policy === 'shared' && (status === 200 || status === 404)) {
      const cache = this.options.pageCache!;
      res.locals.pageCacheKey = undefined;
      const headers: Record<string, string> = { 'Content-Type': String(res.getHeader('content-type')) };
      const vary = res.getHeader('vary');
      if (vary) headers.Vary = String(vary);
      const key = cache.keyAfterRender(context.req);
      cache.set(key, { status, body: html, headers, analytics: parts.analytics });
      // Kept under a key of the parameters that mattered: a stale copy under the old one may refresh again.
      if (key !== lookupKey) cache.release(lookupKey);
      cache.renderEnded(lookupKey);
    }
  }

  /**
   * Who may keep this page (decision 0014): shared by default; the visitor's own once they are
   * signed in or carry a cookie that changes the page; never kept when it answers a form or fails.
   */
  private pagePolicy({ req, res, viewer }: PageContext, status: number): CachePolicy {
    if (req.method === 'POST' || (status >= 400 && status !== 404)) restrictCaching(res, 'no-store');
    if (viewer || !carriesOnlyNeutralCookies(req)) restrictCaching(res, 'private');
    return cachePolicyOf(res);
  }

  private siteValues(context: PageContext, forms: Record<string, FormState>): SiteValues {
    const { req, res, locale } = context;
    return {
      locale,
      dir: direction(locale),
      t: context.t,
      format: createFormatter(locale),
      urls: context.urls,
      path: req.sitePath,
      csrfToken: this.options.csrf.token(req, res),
      viewer: context.viewer,
      forms,
      embeddedApp: req.embeddedApp,
      preview: context.preview,
      testMode: this.options.testMode === true,
      frameOrigins: this.options.frameOrigins ?? [],
      shopWindowEndsAt: (res.locals.shopWindowEndsAt as string | undefined) ?? null,
      privacyConsent: req.privacyConsent ?? null,
    };
  }
}

/**
 * The part of the page an htmx GET asks for (PageModule.fragments): named by `HX-Target`, never for
 * a history restore, which needs the whole page.
 */
export function requestedFragment<Data>(req: Request, module: PageModule<Data>): ComponentType<{ data: Data }> | undefined {
  if (!module.fragments || (req.method !== 'GET' && req.method !== 'HEAD')) return undefined;
  if (req.get('HX-Request') !== 'true' || req.get('HX-History-Restore-Request') === 'true') return undefined;
  const target = req.get('HX-Target');
  return target && Object.hasOwn(module.fragments, target) ? module.fragments[target] : undefined;
}

/** Where an event happens: the page it describes itself as, in the visitor's language and path. */
export function trackingContext(req: Request, page: PageProperties): TrackingContext {
  return {
    page,
    language: req.locale,
    pageName: localizePath(req.sitePath.split('?')[0]!, req.locale),
    userCountry: req.visitorCountry ?? null,
    analyticsConsent: analyticsAllowed(req),
  };
}
