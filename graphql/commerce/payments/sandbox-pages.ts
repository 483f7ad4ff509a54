import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { fromRoot } from '#platform/paths.ts';
import { createFormatter } from '#views/format.ts';
import { formatAmount } from '../money.ts';
import { splitInstalments } from './instalments.ts';

/**
 * The payment sandbox's hosted pages (decision 0028): plain HTML with no script, in the order's
 * language, under their own content security policy. The sandbox's routes decide which page to
 * show; this module only writes them.
 */

/** What a hosted page shows of a sandbox payment. */
export interface HostedPayment {
  id: string;
  order_id: string;
  /** In halalas. */
  amount: number;
  locale: 'en' | 'ar';
}

/** What the visitor typed on the card page, shown again beside its problems. */
export type CardForm = { cardNumber?: string; expiry?: string; cvc?: string };

const texts = Object.fromEntries(
  (['en', 'ar'] as const).map((locale) => [
    locale,
    JSON.parse(readFileSync(fromRoot('locales', locale, 'sandbox.json'), 'utf8')) as Record<string, string>,
  ]),
) as Record<'en' | 'ar', Record<string, string>>;

const translate = (locale: 'en' | 'ar', key: string, values: Record<string, string | number> = {}) =>
  (texts[locale][key] ?? key).replace(/\{\{(\w+)\}\}/g, (_match, name: string) => String(values[name] ?? ''));

/**
 * A string of the pages as HTML: the text escaped, its `{{name}}` places filled with HTML made
 * here, such as an isolated left-to-right run.
 */
const translateHtml = (locale: 'en' | 'ar', key: string, html: Record<string, string> = {}) =>
  escape(texts[locale][key] ?? key).replace(/\{\{(\w+)\}\}/g, (_match, name: string) => html[name] ?? '');

/** Card numbers, codes and "3-D Secure" read left to right inside Arabic text, not reordered by it. */
const leftToRight = (text: string) => `<bdi dir="ltr">${escape(text)}</bdi>`;

const THREE_D_SECURE = '3-D Secure';

/** An amount in halalas as the site writes it in the page's language: "SAR 1,190.00", "1,190.00 ر.س.". */
const amountText = (locale: 'en' | 'ar', halalas: number) => createFormatter(locale).money(formatAmount(halalas));

const escape = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const STYLE = `
body{margin:0;background:#0b0b10;color:#f2f2f5;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Tahoma,sans-serif;display:flex;justify-content:center;padding:24px 12px}
main{width:100%;max-width:420px;background:#17171f;border:1px solid #2c2c38;border-radius:16px;padding:24px}
.badge{display:inline-block;background:#ffcc00;color:#111;font-weight:700;letter-spacing:.08em;border-radius:6px;padding:2px 10px;font-size:13px}
.notice{color:#b8b8c6;font-size:14px}h1{font-size:22px;margin:12px 0}
dl{display:grid;grid-template-columns:auto 1fr;gap:4px 12px;margin:0 0 16px}dt{color:#9a9aab}dd{margin:0;font-weight:600}
label{display:block;margin:12px 0 4px;font-weight:600}input{width:100%;box-sizing:border-box;padding:12px;border-radius:10px;border:1px solid #3a3a48;background:#0f0f15;color:#fff;font-size:18px}
input[aria-invalid=true]{border-color:#ff6b6b}.error{color:#ff8a8a;font-size:14px;margin:4px 0 0}
button{width:100%;margin-top:16px;padding:14px;border:0;border-radius:10px;background:#6d4aff;color:#fff;font-size:17px;font-weight:700;cursor:pointer}
button.secondary{background:#2c2c38}table{width:100%;border-collapse:collapse;font-size:14px}td{padding:6px 0;border-bottom:1px solid #2c2c38}td+td{padding-inline-start:16px}
code{direction:ltr;unicode-bidi:embed;font-size:14px;white-space:nowrap}a{color:#b9a8ff}
`;

/**
 * The hosted pages' own policy, replacing the site's (which allows no inline style): nothing but
 * this one style sheet, posting to the sandbox itself, never framed.
 */
export const PAGE_POLICY = [
  "default-src 'none'",
  `style-src 'sha256-${createHash('sha256').update(STYLE).digest('base64')}'`,
  "form-action 'self'",
  "frame-ancestors 'none'",
  "base-uri 'none'",
].join('; ');

function layout(locale: 'en' | 'ar', title: string, body: string): string {
  const t = (key: string) => escape(translate(locale, key));
  return `<!doctype html>
<html lang="${locale}" dir="${locale === 'ar' ? 'rtl' : 'ltr'}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex">
<title>${escape(title)} · ${t('badge')}</title>
<style>${STYLE}</style></head>
<body><main><span class="badge">${t('badge')}</span><p class="notice">${t('notice')}</p>${body}</main></body></html>`;
}

const summary = (row: HostedPayment) =>
  `<dl><dt>${escape(translate(row.locale, 'order'))}</dt><dd><code>${escape(row.order_id)}</code></dd>` +
  `<dt>${escape(translate(row.locale, 'amount'))}</dt><dd>${escape(amountText(row.locale, row.amount))}</dd></dl>`;

function field(row: HostedPayment, name: string, label: string, value: string, error: string | undefined, attributes: string): string {
  const t = (key: string) => escape(translate(row.locale, key));
  const errorId = `${name}-error`;
  return (
    `<label for="${name}">${t(label)}</label><input id="${name}" name="${name}" value="${escape(value)}" ${attributes}` +
    (error ? ` aria-invalid="true" aria-describedby="${errorId}"` : '') +
    ` required>` +
    (error ? `<p class="error" id="${errorId}">${t(error)}</p>` : '')
  );
}

export function cardPage(row: HostedPayment, form: CardForm, problems: Record<string, string>): string {
  const t = (key: string) => escape(translate(row.locale, key));
  const cards: [string, string][] = [
    ['4242 4242 4242 4242', 'cardSuccess'],
    ['4000 0000 0000 0002', 'cardDeclined'],
    ['4000 0000 0000 9995', 'cardInsufficient'],
    ['4000 0000 0000 3220', 'cardChallenge'],
  ];
  return layout(
    row.locale,
    translate(row.locale, 'cardTitle'),
    `<h1>${t('cardTitle')}</h1>${summary(row)}
<form method="post" action="/sandbox/payments/${escape(row.id)}" novalidate>
${field(row, 'cardNumber', 'cardNumber', form.cardNumber ?? '', problems.cardNumber, 'inputmode="numeric" autocomplete="cc-number" dir="ltr"')}
${field(row, 'expiry', 'expiry', form.expiry ?? '', problems.expiry, 'inputmode="numeric" autocomplete="cc-exp" placeholder="MM/YY" dir="ltr"')}
${field(row, 'cvc', 'cvc', '', problems.cvc, 'inputmode="numeric" autocomplete="cc-csc" maxlength="3" dir="ltr"')}
<button type="submit">${escape(translate(row.locale, 'pay', { amount: amountText(row.locale, row.amount) }))}</button>
</form>
<h2>${t('testCards')}</h2><table>${cards
      .map(
        ([number, key]) =>
          `<tr><td><code>${leftToRight(number)}</code></td><td>${translateHtml(row.locale, key, { threeDSecure: leftToRight(THREE_D_SECURE) })}</td></tr>`,
      )
      .join('')}</table>`,
  );
}

export function challengePage(row: HostedPayment): string {
  const t = (key: string) => escape(translate(row.locale, key));
  return layout(
    row.locale,
    translate(row.locale, 'challengeTitle', { threeDSecure: THREE_D_SECURE }),
    `<h1>${translateHtml(row.locale, 'challengeTitle', { threeDSecure: leftToRight(THREE_D_SECURE) })}</h1><p>${t('challengeText')}</p>${summary(row)}
<form method="post" action="/sandbox/payments/${escape(row.id)}/challenge">
<button type="submit" name="decision" value="approve">${t('approve')}</button>
<button type="submit" name="decision" value="fail" class="secondary">${t('fail')}</button>
</form>`,
  );
}

export function walletPage(row: HostedPayment): string {
  const t = (key: string) => escape(translate(row.locale, key));
  return layout(
    row.locale,
    translate(row.locale, 'walletTitle'),
    `<h1>${t('walletTitle')}</h1>${summary(row)}
<form method="post" action="/sandbox/wallet/${escape(row.id)}">
<button type="submit" name="wallet" value="funded">${t('walletPay')}</button>
<button type="submit" name="wallet" value="empty" class="secondary">${t('walletNoFunds')}</button>
</form>`,
  );
}

export function instalmentsPage(row: HostedPayment): string {
  const t = (key: string, values?: Record<string, string | number>) => escape(translate(row.locale, key, values));
  const rows = splitInstalments(row.amount)
    .map(
      (amount, index) =>
        `<tr><td>${t('instalmentDue', { number: index + 1 })}</td><td>${index === 0 ? t('instalmentToday') : t('instalmentInMonths', { count: index })}</td><td>${escape(amountText(row.locale, amount))}</td></tr>`,
    )
    .join('');
  return layout(
    row.locale,
    translate(row.locale, 'instalmentsTitle'),
    `<h1>${t('instalmentsTitle')}</h1>${summary(row)}<table>${rows}</table>
<form method="post" action="/sandbox/instalments/${escape(row.id)}">
<button type="submit" name="decision" value="approve">${t('instalmentsApprove')}</button>
<button type="submit" name="decision" value="reject" class="secondary">${t('instalmentsReject')}</button>
</form>`,
  );
}

export function closedPage(row: HostedPayment, returnUrl: string): string {
  const t = (key: string) => escape(translate(row.locale, key));
  return layout(
    row.locale,
    translate(row.locale, 'closed'),
    `<h1>${t('closed')}</h1>${summary(row)}<p><a href="${escape(returnUrl)}">${t('back')}</a></p>`,
  );
}

export const notFoundPage = (locale: 'en' | 'ar') =>
  layout(locale, translate(locale, 'notFound'), `<h1>${escape(translate(locale, 'notFound'))}</h1>`);
