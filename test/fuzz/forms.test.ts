import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { queryRows } from '#platform/database.ts';
import { ROUTES, type RouteId } from '#server/route-table.ts';
import { NEWSLETTER_INTENT } from '#views/components/NewsletterForm.tsx';
import { createAccount } from '#test/support/accounts.ts';
import { Browser, fieldValue, formAction, type Page } from '../support/browser.ts';
import { EXAMPLES } from '../support/route-examples.ts';
import { startTestSite, TEST_ORIGIN, type TestSite } from '../support/test-site.ts';
import { formBody, fuzzParameters, hostileFieldValue, hostileStrings, leakIn, overlongString, PROTOTYPE_NAMES } from './hostile-input.ts';

/*
 * Every HTML form of the route table, sent malformed input by an anonymous visitor, a guest with a
 * cart and a signed-in member: overlong text, NUL, unpaired surrogates, direction overrides, fields
 * sent twice or left out, numbers out of range, prototype names, other encodings, too many fields.
 * The forms are found from the route table (each route's page module names its form intents; the
 * route's example page shows each form's fields), so a new form is fuzzed without a line here.
 * No answer may be a 5xx or show a stack trace or SQL, and nothing refused may be stored.
 */

/** The layouts' own form, handled on every page that shows it (server/page-router.ts). */
const LAYOUT_INTENTS = [NEWSLETTER_INTENT];
const PASSWORD = 'Fuzz-password-2026!';

type VisitorKind = 'anonymous' | 'guest' | 'member';

interface FormTarget {
  route: RouteId;
  /** The example URL of the route, which the form posts back to. */
  path: string;
  intent: string;
  /** The form's fields, with the values the page filled them with (hidden ids, tokens). */
  fields: Record<string, string>;
  /** No page showed this form: its fields are every other form's. */
  seenOnOtherForms?: boolean;
}

let site: TestSite;
const visitors = new Map<VisitorKind, Browser>();
/** The signed-in member's form token (bound to their session): a new member after a sign-out has another. */
let memberToken = '';
let members = 0;
let targets: FormTarget[] = [];

/** The fields and values of every form of a page, by its intent. */
function formsOf(html: string): Map<string, Record<string, string>> {
  const forms = new Map<string, Record<string, string>>();
  for (const [form] of html.matchAll(/<form[\s\S]*?<\/form>/g)) {
    const fields: Record<string, string> = {};
    for (const [control] of form.matchAll(/<(?:input|select|textarea|button)\b[^>]*>/g)) {
      const name = /\sname="([^"]+)"/.exec(control)?.[1];
      if (!name) continue;
      fields[name] = (/\svalue="([^"]*)"/.exec(control)?.[1] ?? '').replaceAll('&amp;', '&');
    }
    if (fields.intent) forms.set(fields.intent, { ...forms.get(fields.intent), ...fields });
  }
  return forms;
}

async function signedInMember(): Promise<Browser> {
  members += 1;
  const email = `fuzz-${members}-${Date.now()}@nabd.example`;
  await createAccount(site.database.db, { email, password: PASSWORD, givenName: 'Fuzz', familyName: 'Member' });
  const browser = new Browser(site.fetch);
  const loginPage = await browser.follow(await browser.get(`${TEST_ORIGIN}/account`), TEST_ORIGIN);
  const action = new URL(formAction(loginPage.html, '/login')!, loginPage.url);
  const account = await browser.follow(
    await browser.post(action, { _csrf: fieldValue(loginPage.html, '_csrf')!, email, password: PASSWORD }),
    TEST_ORIGIN,
  );
  expect(account.status).toBe(200);
  memberToken = fieldValue(account.html, '_csrf') ?? '';
  return browser;
}

async function guestWithCart(): Promise<Browser> {
  const browser = new Browser(site.fetch);
  const added = await browser.post(`${TEST_ORIGIN}/events/nabd-festival-2026/tickets`, {
    intent: 'add',
    ticketId: 'tkt_nabd_ga',
    quantity: '1',
  });
  expect(added.status).toBe(303);
  return browser;
}

beforeAll(async () => {
  // Analytics schemas are checked strictly in development; production, which this plays, logs and goes on.
  site = await startTestSite({ ANALYTICS_STRICT: 'false' });
  visitors.set('anonymous', new Browser(site.fetch));
  visitors.set('guest', await guestWithCart());
  visitors.set('member', await signedInMember());

  // Every route whose page handles forms, at its example URL, with the fields its pages show.
  for (const [route, definition] of Object.entries(ROUTES) as [RouteId, (typeof ROUTES)[RouteId]][]) {
    const example = EXAMPLES[route];
    if (!definition.page || !example) continue;
    const module = (await definition.page()).default;
    const intents = [...Object.keys(module.actions ?? {}), ...LAYOUT_INTENTS];
    if (intents.length === LAYOUT_INTENTS.length && route !== 'home') continue;
    const seen = new Map<string, Record<string, string>>();
    for (const visitor of visitors.values()) {
      const page = await visitor.get(`${TEST_ORIGIN}${example.found}`);
      for (const [intent, fields] of formsOf(page.html)) seen.set(intent, { ...seen.get(intent), ...fields });
    }
    for (const intent of intents) targets.push({ route, path: example.found, intent, fields: seen.get(intent) ?? { intent } });
  }
  // A form its page shows only in some state (a checkout step, an address being edited) is sent
  // fields of every form seen: whichever of them it reads is fuzzed all the same.
  const everyField = Object.fromEntries(targets.flatMap((target) => Object.entries(target.fields)));
  for (const target of targets) {
    if (Object.keys(target.fields).length <= 1)
      Object.assign(target, { fields: { ...everyField, intent: target.intent }, seenOnOtherForms: true });
  }
}, 180_000);

afterAll(() => site?.close());

test('the route table offers its forms to fuzz, with the fields their pages show', () => {
  expect(targets.length).toBeGreaterThan(40);
  expect(targets.map((target) => target.route)).toEqual(
    expect.arrayContaining(['tickets', 'ticketsCart', 'ticketsCheckout', 'accountAddresses']),
  );
  const shown = targets.find((target) => target.route === 'accountAddresses' && target.intent === 'add-address');
  expect(Object.keys(shown!.fields)).toEqual(expect.arrayContaining(['address1', 'city', 'countryCode', '_csrf']));
});

/** One case: which form, as whom, with what in each field, and how the body is sent. */
const formCase = fc.integer({ min: 0, max: 10_000 }).chain((index) => {
  const target = targets[index % targets.length]!;
  // Mostly what the page filled in, or hostile input; the form token stays right most of the time,
  // so that most cases reach the form's own checks. A field seen only on other forms is mostly left out.
  const field = (name: string, value: string): fc.Arbitrary<string | string[] | undefined> => {
    if (name === 'intent') return fc.constant(value);
    if (name === '_csrf') return fc.oneof({ weight: 9, arbitrary: fc.constant(value) }, { weight: 1, arbitrary: hostileFieldValue });
    if (target.seenOnOtherForms)
      return fc.oneof({ weight: 4, arbitrary: fc.constant(undefined) }, { weight: 1, arbitrary: hostileFieldValue });
    return fc.oneof({ weight: 2, arbitrary: fc.constant(value) }, { weight: 3, arbitrary: hostileFieldValue });
  };
  return fc.record({
    target: fc.constant(target),
    visitor: fc.constantFrom<VisitorKind>('anonymous', 'guest', 'member', 'member'),
    fields: fc.record(Object.fromEntries(Object.entries(target.fields).map(([name, value]) => [name, field(name, value)]))),
    overlong: fc.oneof(
      { weight: 9, arbitrary: fc.constant(null) },
      { weight: 1, arbitrary: fc.tuple(fc.constantFrom(...Object.keys(target.fields)), overlongString) },
    ),
    extra: fc.dictionary(
      fc.constantFrom(...PROTOTYPE_NAMES, 'quantity', 'price', 'total', 'discountedPrice', 'customerId', 'amount'),
      hostileFieldValue,
      { maxKeys: 3 },
    ),
    intent: fc.oneof(
      { weight: 9, arbitrary: fc.constant(target.intent) },
      { weight: 1, arbitrary: fc.oneof(fc.constantFrom(...PROTOTYPE_NAMES), hostileStrings) },
    ),
    encoding: fc.constantFrom('form', 'form', 'form', 'form', 'form', 'form', 'json', 'evil-charset', 'too-many-fields', 'multipart'),
  });
});

function encode(fields: Record<string, string | string[] | undefined>, encoding: string): { body: string; contentType: string } {
  switch (encoding) {
    case 'json':
      return { body: JSON.stringify(fields), contentType: 'application/json' };
    case 'evil-charset':
      return { body: formBody(fields), contentType: 'application/x-www-form-urlencoded; charset=x-evil' };
    case 'too-many-fields':
      return {
        body: formBody({ ...fields, ...Object.fromEntries(Array.from({ length: 250 }, (_, index) => [`extra${index}`, 'x'])) }),
        contentType: 'application/x-www-form-urlencoded',
      };
    case 'multipart':
      return {
        body: '--b\r\nContent-Disposition: form-data; name="intent"\r\n\r\nx\r\n--b--',
        contentType: 'multipart/form-data; boundary=b',
      };
    default:
      return { body: formBody(fields), contentType: 'application/x-www-form-urlencoded' };
  }
}

const statuses = new Map<number, number>();

test('no form answers a 5xx, a stack trace or SQL, whatever it is sent', async () => {
  await fc.assert(
    fc.asyncProperty(formCase, async ({ target, visitor, fields, overlong, extra, intent, encoding }) => {
      let browser = visitors.get(visitor)!;
      // The form's token as the page gave it is the current member's, so that most cases reach the action.
      const sent = visitor === 'member' && fields._csrf === target.fields._csrf ? { ...fields, _csrf: memberToken } : fields;
      const body = encode({ ...extra, ...sent, ...(overlong ? { [overlong[0]]: overlong[1] } : {}), intent }, encoding);
      const answer: Page = await browser.postRaw(`${TEST_ORIGIN}${target.path}`, body.body, body.contentType);
      statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
      const where = `${visitor} ${encoding} POST ${target.path} intent=${JSON.stringify(intent).slice(0, 60)}`;
      if (answer.status >= 500) throw new Error(`${where} answered ${answer.status}`);
      const leak = leakIn(answer.html);
      if (leak) throw new Error(`${where} showed ${leak}`);
      // Signed out or deleted by the case: the next member case signs a new member in.
      if (visitor === 'member' && (intent === 'sign-out' || intent === 'delete-account')) {
        browser = await signedInMember();
        visitors.set('member', browser);
      }
    }),
    fuzzParameters(),
  );
  // The figures of the run, for whoever reads the test output.
  process.stdout.write(
    `Forms fuzzed: ${[...statuses]
      .sort(([a], [b]) => a - b)
      .map(([status, count]) => `${status} ×${count}`)
      .join(', ')}\n`,
  );
}, 600_000);

test('nothing that should have been refused was stored', async () => {
  const db = site.database.db;
  const [carts] = await queryRows<{ over: number }>(
    db,
    sql`select count(*)::int as over from (select cart_id from commerce.cart_items group by cart_id having sum(quantity) > 34) as full_carts`,
  );
  expect(carts!.over).toBe(0);
  const [perTicket] = await queryRows<{ over: number }>(
    db,
    sql`select count(*)::int as over from (
          select i.cart_id, i.ticket_id from commerce.cart_items i join commerce.tickets t on t.id = i.ticket_id
          group by i.cart_id, i.ticket_id, t.max_per_order having sum(i.quantity) > t.max_per_order) as too_many`,
  );
  expect(perTicket!.over).toBe(0);
  const [addresses] = await queryRows<{ over: number }>(
    db,
    sql`select count(*)::int as over from (select user_id from users.addresses group by user_id having count(*) > 20) as books`,
  );
  expect(addresses!.over).toBe(0);
  // Prices are the catalogue's: an order line's unit price is its ticket's (or the wave's discount), never what a form sent.
  const [prices] = await queryRows<{ tampered: number }>(
    db,
    sql`select count(*)::int as tampered from commerce.order_items i join commerce.tickets t on t.id = i.ticket_id
        where i.original_price <> t.price`,
  );
  expect(prices!.tampered).toBe(0);
});
