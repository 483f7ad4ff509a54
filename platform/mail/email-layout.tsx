import type { CSSProperties, ReactNode } from 'react';

const FONT = "'Inter', 'IBM Plex Sans Arabic', 'Segoe UI', Tahoma, Arial, sans-serif";

/** The brand's e-mail look: inline styles, since mail clients drop style sheets. */
export const emailStyles = {
  body: { margin: 0, padding: '24px 12px', background: '#000000', color: '#ffffff', fontFamily: FONT },
  card: { margin: '0 auto', padding: '28px 24px', background: '#121212', borderTop: '4px solid #ff2e93' },
  brand: { margin: '0 0 20px', fontSize: '20px', fontWeight: 800, letterSpacing: '0.08em', color: '#ff2e93' },
  button: {
    display: 'inline-block',
    padding: '12px 20px',
    background: '#ff2e93',
    color: '#000000',
    fontWeight: 700,
    textDecoration: 'none',
  },
  footer: { margin: '16px auto 0', fontSize: '12px', lineHeight: 1.5, color: '#9e9e9e' },
} satisfies Record<string, CSSProperties>;

/**
 * The frame of every e-mail the product sends (account codes, order confirmations): the brand on a
 * dark card, in the reader's language and direction, with a footer line under the card.
 */
export function EmailLayout({
  lang,
  dir,
  title,
  brand,
  footer,
  width,
  children,
}: {
  lang: string;
  dir: 'ltr' | 'rtl';
  title: string;
  brand: string;
  footer: string;
  /** The card's greatest width in pixels: wider for tables of items. */
  width: number;
  children: ReactNode;
}) {
  return (
    <html lang={lang} dir={dir}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="color-scheme" content="dark" />
        <title>{title}</title>
      </head>
      <body style={{ ...emailStyles.body, textAlign: dir === 'rtl' ? 'right' : 'left' }} dir={dir}>
        <div style={{ ...emailStyles.card, maxWidth: `${width}px` }}>
          <p style={emailStyles.brand}>{brand}</p>
          {children}
        </div>
        <p style={{ ...emailStyles.footer, maxWidth: `${width}px` }}>{footer}</p>
      </body>
    </html>
  );
}
