import type { CSSProperties } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '#platform/database.ts';
import { EmailLayout, emailStyles } from '#platform/mail/email-layout.tsx';
import type { Mailer } from '#platform/mail/mailer.ts';
import { createFormatter, direction, type Locale } from '#views/format.ts';
import { formatAmount, VAT_BASIS_POINTS } from './money.ts';
import type { Translate } from './order-translations.ts';
import { signedDownloadUrl } from './ticket-links.ts';

export interface ConfirmationEmailsOptions {
  db: Database;
  mailer: Mailer;
  translations: (locale: Locale) => Translate;
  secret: string;
  baseUrl: string;
  clock: () => Date;
  /** A staging site in production mode with test payments (decision 0036): every e-mail says TEST MODE. */
  testMode?: boolean;
}

export interface ConfirmationEmail {
  to: string;
  subject: string;
  text: string;
  html: string;
  messageId: string;
}

interface OrderForEmail {
  id: string;
  customer_id: string;
  secret_uuid: string;
  customer: { email: string; firstName: string };
  locale: Locale;
  return_url: string;
  subtotal: number;
  products_discount: number;
  coupons_discount: number;
  /** Loyalty points' value (decision 0039): with the other discounts, subtotal − discount = total. */
  loyalty_discount: number;
  total: number;
  vat: number;
  event_name_en: string;
  event_name_ar: string;
}

/**
 * The order confirmation (SPEC 2.4): in the order's language, the order id, its items and totals
 * with VAT, each ticket's download link (signed, an hour) and the link to the order, which gives
 * fresh ones. Plain text for every mail program and a small HTML version in the brand's dark look
 * (the identity e-mails' style): inline styles only, no images, no tracking.
 */
export class ConfirmationEmails {
  constructor(private readonly options: ConfirmationEmailsOptions) {}

  /** Sends the order's confirmation; false when the order is not (or no longer) paid. */
  async sendConfirmation(orderId: string): Promise<boolean> {
    const email = await this.compose(orderId);
    if (email) await this.options.mailer.send(email);
    return email !== undefined;
  }

  /**
   * One Message-ID per order: the e-mail is sent at least once (decision 0032), and a copy sent
   * again after a crash between sending and recording it is the same message to mail programs.
   */
  messageId(orderId: string): string {
    return `<order-${orderId.toLowerCase()}.confirmation@${new URL(this.options.baseUrl).hostname}>`;
  }

  /**
   * The order's page: the confirmation URL the checkout gave as its return address, with the order
   * and, for a guest, its secret (SPEC 2.4: the guest's link). An address that is not the site's
   * own falls back to the home page.
   */
  orderLink(order: Pick<OrderForEmail, 'id' | 'customer_id' | 'secret_uuid' | 'return_url'>): string {
    const site = new URL(this.options.baseUrl);
    let link: URL;
    try {
      link = new URL(order.return_url);
      if (link.origin !== site.origin) link = new URL(site);
    } catch {
      link = new URL(site);
    }
    link.searchParams.set('order', order.id);
    if (order.customer_id.startsWith('guest_')) link.searchParams.set('secret', order.secret_uuid);
    else link.searchParams.delete('secret');
    return link.toString();
  }

  async compose(orderId: string): Promise<ConfirmationEmail | undefined> {
    const { db } = this.options;
    const [order] = await queryRows<OrderForEmail>(
      db,
      sql`select o.id, o.customer_id, o.secret_uuid::text as secret_uuid, o.customer, o.locale, o.return_url, o.subtotal,
                 o.products_discount, o.coupons_discount, o.loyalty_discount, o.total, o.vat, e.name_en as event_name_en, e.name_ar as event_name_ar
          from commerce.orders o join commerce.events e on e.id = o.event_id
          where o.id = ${orderId} and o.state = 'PAID'`,
    );
    if (!order) return undefined;
    const [items, tickets] = await Promise.all([
      queryRows<{ name_en: string; name_ar: string; quantity: number; total: number }>(
        db,
        sql`select name_en, name_ar, quantity, total from commerce.order_items where order_id = ${orderId} order by position, id`,
      ),
      queryRows<{ id: string; serial: number; name_en: string; name_ar: string }>(
        db,
        sql`select t.id::text as id, t.serial, i.name_en, i.name_ar from commerce.issued_tickets t
            join commerce.order_items i on i.id = t.order_item_id where t.order_id = ${orderId} order by t.serial`,
      ),
    ]);

    const locale: Locale = order.locale === 'ar' ? 'ar' : 'en';
    const t = this.options.translations(locale);
    const format = createFormatter(locale);
    const at = (key: string, values?: Record<string, string | number>) => t(`confirmation.${key}`, values);
    const amount = (halalas: number) => format.money(formatAmount(halalas));
    const nameIn = (row: { name_en: string; name_ar: string }) => (locale === 'ar' ? row.name_ar : row.name_en);
    const event = locale === 'ar' ? order.event_name_ar : order.event_name_en;
    const now = this.options.clock();

    const lines = items.map((item) => ({
      label: at('quantityOf', { quantity: item.quantity, name: nameIn(item) }),
      value: amount(item.total),
    }));
    const discount = order.products_discount + order.coupons_discount + order.loyalty_discount;
    const totals = [
      { label: at('subtotal'), value: amount(order.subtotal) },
      ...(discount > 0 ? [{ label: at('discount'), value: `−${amount(discount)}` }] : []),
      { label: at('total'), value: amount(order.total), strong: true },
      { label: at('vat', { rate: format.percent(VAT_BASIS_POINTS / 100) }), value: amount(order.vat) },
    ];
    const downloads = tickets.map((ticket) => ({
      label: at('ticket', { serial: ticket.serial, name: nameIn(ticket) }),
      action: at('download', { serial: ticket.serial }),
      href: signedDownloadUrl({ secret: this.options.secret, baseUrl: this.options.baseUrl, ticketId: ticket.id, now }),
    }));
    const orderLink = this.orderLink(order);
    const testMode = this.options.testMode === true;
    const subject = `${testMode ? `[${t('testMode.tag')}] ` : ''}${at('subject', { event, orderId: order.id })}`;
    const greeting = at('greeting', { name: order.customer.firstName });
    const intro = at('intro', { event });

    const text = [
      ...(testMode ? [`${t('testMode.tag')}: ${t('testMode.notice')}`, ''] : []),
      greeting,
      '',
      intro,
      '',
      `${at('order')}: ${order.id}`,
      ...lines.map((line) => `${line.label}: ${line.value}`),
      '',
      ...totals.map((line) => `${line.label}: ${line.value}`),
      '',
      at('tickets'),
      ...downloads.flatMap((download) => [`${download.label}`, download.href]),
      '',
      at('expiry'),
      `${at('viewOrder')}: ${orderLink}`,
      '',
      '—',
      at('footer'),
    ].join('\n');

    const html = `<!DOCTYPE html>${renderToStaticMarkup(
      <EmailLayout lang={locale} dir={direction(locale)} width={560} title={subject} brand={t('brand')} footer={at('footer')}>
        {testMode ? (
          <p style={styles.testMode}>
            <strong>{t('testMode.tag')}</strong>: {t('testMode.notice')}
          </p>
        ) : null}
        <p style={styles.paragraph}>{greeting}</p>
        <p style={styles.paragraph}>{intro}</p>
        <p style={styles.orderId}>
          {at('order')}: <span dir="ltr">{order.id}</span>
        </p>
        <table role="presentation" style={styles.table}>
          <tbody>
            {[...lines, ...totals].map((line) => (
              <tr key={line.label}>
                <td style={'strong' in line ? styles.totalLabel : styles.cell}>{line.label}</td>
                <td style={{ ...('strong' in line ? styles.totalLabel : styles.cell), ...styles.amount }}>{line.value}</td>
              </tr>
            ))}
          </tbody>
        </table>
        <h2 style={styles.heading}>{at('tickets')}</h2>
        {downloads.map((download) => (
          <p key={download.href} style={styles.paragraph}>
            {download.label}
            <br />
            <a href={download.href} style={styles.link}>
              {download.action}
            </a>
          </p>
        ))}
        <p style={styles.muted}>{at('expiry')}</p>
        <p style={styles.paragraph}>
          <a href={orderLink} style={emailStyles.button}>
            {at('viewOrder')}
          </a>
        </p>
      </EmailLayout>,
    )}`;
    return { to: order.customer.email, subject, text, html, messageId: this.messageId(order.id) };
  }
}

const styles = {
  paragraph: { margin: '0 0 16px', fontSize: '16px', lineHeight: 1.5, color: '#ffffff' },
  orderId: { margin: '0 0 16px', fontSize: '18px', fontWeight: 700, color: '#ffffff' },
  heading: { margin: '24px 0 12px', fontSize: '18px', color: '#ffffff' },
  muted: { margin: '0 0 16px', fontSize: '14px', lineHeight: 1.5, color: '#bdbdbd' },
  table: { width: '100%', borderCollapse: 'collapse', margin: '0 0 16px' },
  cell: { padding: '6px 0', fontSize: '15px', color: '#ffffff', borderBottom: '1px solid #2a2a2a' },
  totalLabel: { padding: '8px 0', fontSize: '16px', fontWeight: 700, color: '#ffffff', borderBottom: '1px solid #2a2a2a' },
  amount: { textAlign: 'end', whiteSpace: 'nowrap' },
  link: { color: '#ff2e93', fontWeight: 700 },
  // The sandbox pages' yellow: a test order must never pass for a real one.
  testMode: { margin: '0 0 20px', padding: '10px 12px', background: '#ffcc00', color: '#111111', fontSize: '15px', lineHeight: 1.4 },
} satisfies Record<string, CSSProperties>;
