import type { Locale } from './format.ts';

export interface DocumentHeadProps {
  /** The full title, suffix included. */
  title: string;
  description?: string | null | undefined;
  canonicalUrl: string;
  alternates: { locale: Locale; url: string }[];
  image?: string | null | undefined;
  noIndex?: boolean | undefined;
  stylesheets: string[];
  modulePreloads: string[];
  locale: Locale;
  /** Present when the page uses htmx: its settings, read by htmx from a meta tag. */
  htmxConfig?: string | undefined;
  /** What the page says about itself in analytics events (SPEC 9.4), for events sent by script. */
  analyticsPage?: string | undefined;
}

/** SPEC 2.2 and SEO basics: title with the site suffix, description, canonical, hreflang. */
export function DocumentHead(props: DocumentHeadProps) {
  return (
    <head>
      <meta charSet="utf-8" />
      <meta name="viewport" content="width=device-width, initial-scale=1" />
      <title>{props.title}</title>
      {props.description ? <meta name="description" content={props.description} /> : null}
      {props.noIndex ? <meta name="robots" content="noindex" /> : null}
      <link rel="canonical" href={props.canonicalUrl} />
      {props.alternates.map((alternate) => (
        <link key={alternate.locale} rel="alternate" hrefLang={alternate.locale} href={alternate.url} />
      ))}
      {props.alternates[0] ? <link rel="alternate" hrefLang="x-default" href={props.alternates[0].url} /> : null}
      <meta property="og:title" content={props.title} />
      {props.description ? <meta property="og:description" content={props.description} /> : null}
      <meta property="og:url" content={props.canonicalUrl} />
      <meta property="og:locale" content={props.locale === 'ar' ? 'ar_SA' : 'en_GB'} />
      {props.image ? <meta property="og:image" content={props.image} /> : null}
      <meta name="theme-color" content="#000000" />
      <meta name="color-scheme" content="dark" />
      <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
      {props.stylesheets.map((href) => (
        <link key={href} rel="stylesheet" href={href} />
      ))}
      {props.modulePreloads.map((href) => (
        <link key={href} rel="modulepreload" href={href} />
      ))}
      {props.htmxConfig ? <meta name="htmx-config" content={props.htmxConfig} /> : null}
      {props.analyticsPage ? <meta name="analytics-page" content={props.analyticsPage} /> : null}
    </head>
  );
}
