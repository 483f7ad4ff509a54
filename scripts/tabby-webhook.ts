/**
 * Registers the site's Tabby webhook (decision 0042), with the header Tabby is to send on every call,
 * for the merchant code and secret key the environment configures (INSTALMENT_PROVIDER=tabby and
 * TABBY_*); a webhook already registered at the site's address is updated instead:
 *
 *   npm run tabby:webhook              (or, in the image: node dist/server/tabby-webhook.js)
 *
 * Tabby keeps webhooks per merchant code and key (test keys for test payments): run it once for each,
 * and again after changing TABBY_WEBHOOK_SECRET. The site itself never calls Tabby at start.
 * Bundled by scripts/build.ts, like the content command.
 */
import { TabbyInstalments } from '#graphql/commerce/payments/tabby.ts';
import { createLogger } from '#platform/logger.ts';
import { loadConfig } from '#server/config.ts';

const config = loadConfig();
const tabby = config.payments.tabby;
if (!tabby) {
  console.error('Set INSTALMENT_PROVIDER=tabby and its TABBY_* settings first.');
  process.exit(2);
}
const url = `${config.baseUrl}/commerce/payments/tabby/webhook`;
const client = new TabbyInstalments({ ...tabby, logger: createLogger({ level: 'warn' }) });
const id = await client.registerWebhook(url, { title: tabby.webhookHeader, value: tabby.webhookSecret });
console.log(`Tabby webhook ${id}: ${url}, authenticated by its ${tabby.webhookHeader} header.`);
