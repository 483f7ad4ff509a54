import { StructuredData } from './components/StructuredData.tsx';
import type { Locale } from './format.ts';

/** Open Graph's names for the site's locales. */
const OG_LOCALES: Record<Locale, string> = { en: 'en_GB', ar: 'ar_SA' };

export interface DocumentHeadProps {
  /** The full title, suffix included. */
  title: string;
  description?: string | null | undefined;
  canonicalUrl: string;
  alternates: { locale: Locale; url: string }[];
  image?: string | null | undefined;
  imageSize?: { width: number; height: number } | undefined;
  noIndex?: boolean | undefined;
  /**
   * Go on to this absolute URL after the pause, also without JavaScript; `onlyWithoutScript`: only
   * then (inside `<noscript>`), for a page whose script keeps it current.
   */
  refresh?: { seconds: number; url: string; onlyWithoutScript?: boolean | undefined } | undefined;
  /** The site's name (og:site_name). */
  siteName: string;
  openGraph: { type: string; publishedTime?: string | undefined; modifiedTime?: string | undefined };
  /** An RSS feed of the page's items, absolute. */
  alternateFeed?: { title: string; url: string } | undefined;
  /** schema.org objects (Organization, BreadcrumbList...) announced as JSON-LD. */
  structuredData: Record<string, unknown>[];
  stylesheets: string[];
  /** Font files to fetch at once, before the stylesheet names them. */
  /** Fonts to fetch before the stylesheet names them; `low` ones wait behind the stylesheet. */
  fontPreloads: { href: string; priority?: 'low' }[];
  modulePreloads: string[];
  locale: Locale;
  /** Present when the page uses htmx: its settings, read by htmx from a meta tag. */
  htmxConfig?: string | undefined;
  /** What the page says about itself in analytics events (SPEC 9.4), for events sent by script. */
  analyticsPage?: string | undefined;
}

function Refresh({ seconds, url, onlyWithoutScript }: NonNullable<DocumentHeadProps['refresh']>) {
  const meta = <meta httpEquiv="refresh" content={`${seconds};url=${url}`} />;
  return onlyWithoutScript ? <noscript>{meta}</noscript> : meta;
}

/**
 * SPEC 2.2 and SEO: title with the site suffix, description, canonical, hreflang, Open Graph and
 * Twitter cards for link previews, an RSS feed, JSON-LD.
 */
export function DocumentHead(props: DocumentHeadProps) {
  return (
    <head>
      <meta charSet="utf-8" />
      <meta name="viewport" content="width=device-width, initial-scale=1" />
      <title>{props.title}</title>
      {props.description ? <meta name="description" content={props.description} /> : null}
      {props.noIndex ? <meta name="robots" content="noindex" /> : null}
      {props.refresh ? <Refresh {...props.refresh} /> : null}
      <link rel="canonical" href={props.canonicalUrl} />
      {props.alternates.map((alternate) => (
        <link key={alternate.locale} rel="alternate" hrefLang={alternate.locale} href={alternate.url} />
      ))}
      {props.alternates[0] ? <link rel="alternate" hrefLang="x-default" href={props.alternates[0].url} /> : null}
      {props.alternateFeed ? (
        <link rel="alternate" type="application/rss+xml" title={props.alternateFeed.title} href={props.alternateFeed.url} />
      ) : null}
      <meta property="og:type" content={props.openGraph.type} />
      <meta property="og:site_name" content={props.siteName} />
      <meta property="og:title" content={props.title} />
      {props.description ? <meta property="og:description" content={props.description} /> : null}
      <meta property="og:url" content={props.canonicalUrl} />
      <meta property="og:locale" content={OG_LOCALES[props.locale]} />
      {props.alternates
        .filter((alternate) => alternate.locale !== props.locale)
        .map((alternate) => (
          <meta key={alternate.locale} property="og:locale:alternate" content={OG_LOCALES[alternate.locale]} />
        ))}
      {props.image ? <meta property="og:image" content={props.image} /> : null}
      {props.image && props.imageSize ? <meta property="og:image:width" content={String(props.imageSize.width)} /> : null}
      {props.image && props.imageSize ? <meta property="og:image:height" content={String(props.imageSize.height)} /> : null}
      {props.openGraph.publishedTime ? <meta property="article:published_time" content={props.openGraph.publishedTime} /> : null}
      {props.openGraph.modifiedTime ? <meta property="article:modified_time" content={props.openGraph.modifiedTime} /> : null}
      <meta name="twitter:card" content={props.image ? 'summary_large_image' : 'summary'} />
      <meta name="twitter:title" content={props.title} />
      {props.description ? <meta name="twitter:description" content={props.description} /> : null}
      {props.image ? <meta name="twitter:image" content={props.image} /> : null}
      {props.structuredData.map((data, index) => (
        <StructuredData key={index} data={data} />
      ))}
      <meta name="theme-color" content="#000000" />
      <meta name="color-scheme" content="dark" />
      <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
      {props.stylesheets.map((href) => (
        <link key={href} rel="stylesheet" href={href} />
      ))}
      {props.fontPreloads.map(({ href, priority }) => (
        <link key={href} rel="preload" href={href} as="font" type="font/woff2" crossOrigin="" fetchPriority={priority} />
      ))}
      {props.modulePreloads.map((href) => (
        <link key={href} rel="modulepreload" href={href} />
      ))}
      {props.htmxConfig ? <meta name="htmx-config" content={props.htmxConfig} /> : null}
      {props.analyticsPage ? <meta name="analytics-page" content={props.analyticsPage} /> : null}
    </head>
  );
}
