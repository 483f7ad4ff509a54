import { readFileSync } from 'node:fs';
import { fromRoot } from '#platform/paths.ts';
import { createFormatter } from '#views/format.ts';
import { Browser } from './support/browser.ts';
import { databaseBackends, sessionBackends } from './support/backends.ts';
import { newSignedInVisitor, textOf, type SignedInVisitor } from './support/signed-in-visitor.ts';
import { startTestSite, TEST_ORIGIN, type TestSite } from './support/test-site.ts';

/**
 * Loyalty points through the real site without JavaScript (SPEC 2.4, 3.3, 4.3, 6, 8; decision
 * 0039), in both languages: the points account in the account area and the overview's card. The
 * sandbox programme's test members (README) stand for the outside programme.
 */

const database = databaseBackends.at(-1)!;
const sessions = sessionBackends.at(-1)!;

let site: TestSite;
let drop: () => Promise<void>;
beforeAll(async () => {
  const created = await database.create({ startedSite: true });
  drop = created.drop;
  site = await startTestSite({ DATABASE_URL: created.url, REDIS_URL: sessions.redisUrl });
});
afterAll(async () => {
  await site.close();
  await drop();
});

type Locale = 'en' | 'ar';
const LOYALTY = { en: loyaltyTexts('en'), ar: loyaltyTexts('ar') };
function loyaltyTexts(locale: Locale) {
  return JSON.parse(readFileSync(fromRoot('locales', locale, 'loyalty.json'), 'utf8'));
}
const path = (locale: Locale, sitePath: string) => (locale === 'ar' ? `/ar${sitePath}` : sitePath);

/** Each language links its own test members, so the two runs never meet. */
const MEMBERS = {
  en: { spender: ['9000000001', '1234', 5000], spare: ['9000000006', '6666'] },
  ar: { spender: ['9000000005', '5555', 2000], spare: ['9000000007', '7777'] },
} as const;

async function link(visitor: SignedInVisitor, locale: Locale, memberId: string, memberPin: string) {
  return visitor.submit(path(locale, '/account/loyalty'), { intent: 'loyalty-link', memberId, memberPin });
}

describe.each(['en', 'ar'] as const)('the points account in %s', (locale) => {
  const texts = LOYALTY[locale];
  const [memberId, pin, balance] = MEMBERS[locale].spender;
  const points = (count: number) =>
    texts[count === 1 ? 'points_one' : 'points_other'].replace('{{points}}', createFormatter(locale).number(count));

  test('an anonymous visitor is sent to sign in and back', async () => {
    const page = await new Browser(site.fetch).get(`${TEST_ORIGIN}${path(locale, '/account/loyalty')}`);
    expect(page.status).toBe(302);
    expect(page.location).toBe(`${path(locale, '/account/login')}?returnTo=${encodeURIComponent(path(locale, '/account/loyalty'))}`);
  });

  test('a wrong PIN is refused with SPEC 8’s message; the right one links the member, shown with balance and statuses', async () => {
    const visitor = await newSignedInVisitor(site, path(locale, '/account/loyalty'));
    expect(textOf(visitor.page)).toContain(texts.account.linkTitle);

    const wrong = await link(visitor, locale, memberId, '0000');
    expect(wrong.status).toBe(422);
    expect(textOf(wrong)).toContain(texts.errors.pinIncorrect);
    expect(textOf(wrong)).toContain(`value="${memberId}"`);

    const linked = await visitor.landing(await link(visitor, locale, memberId, pin));
    const shown = textOf(linked);
    expect(shown).toContain(texts.account.linked);
    expect(shown).toContain(memberId);
    expect({ balance: shown.includes(points(balance)) }).toEqual({ balance: true });
    expect(shown).toContain(texts.account.membershipACTIVE);
    expect(shown).toContain(texts.account.verifiedVERIFIED);
    expect(shown).not.toContain('name="memberPin"');

    // SPEC 2.4: the overview's card says where the points account stands.
    const overview = textOf(await visitor.get(path(locale, '/account')));
    expect(overview).toContain(texts.overview.linked.replace('{{memberId}}', memberId));

    // SPEC 4.3: unlinking asks first; the confirmation is a step of the page.
    const confirm = await visitor.get(path(locale, '/account/loyalty?unlink=confirm'));
    expect(textOf(confirm)).toContain(texts.account.unlinkConfirmTitle);
    const unlinked = await visitor.landing(
      await visitor.submit(path(locale, '/account/loyalty?unlink=confirm'), { intent: 'loyalty-unlink' }),
    );
    expect(unlinked.url).toBe(`${TEST_ORIGIN}${path(locale, '/account/loyalty')}`);
    expect(textOf(unlinked)).toContain(texts.account.unlinked);
    expect(textOf(unlinked)).toContain(texts.account.linkTitle);
    expect(textOf(await visitor.get(path(locale, '/account')))).toContain(texts.overview.notLinked);
  });

  test('an unknown member, a malformed id, a member of another account and the programme down each get their message', async () => {
    const [spareId, sparePin] = MEMBERS[locale].spare;
    const owner = await newSignedInVisitor(site, path(locale, '/account/loyalty'));
    await owner.landing(await link(owner, locale, spareId, sparePin));

    const visitor = await newSignedInVisitor(site, path(locale, '/account/loyalty'));
    const unknown = await link(visitor, locale, '9000004444', '1234');
    expect([unknown.status, textOf(unknown).includes(texts.errors.memberNotFound)]).toEqual([422, true]);
    const malformed = await link(visitor, locale, 'abc', '12345');
    expect(malformed.status).toBe(422);
    expect(textOf(malformed)).toContain(texts.errors.memberIdFormat);
    expect(textOf(malformed)).toContain(texts.errors.pinFormat);
    const taken = await link(visitor, locale, spareId, sparePin);
    expect([taken.status, textOf(taken).includes(texts.errors.alreadyLinked)]).toEqual([409, true]);
    const down = await link(visitor, locale, '9000000099', '0000');
    expect([down.status, textOf(down).includes(texts.errors.unavailable)]).toEqual([503, true]);
    // Nothing was linked by any of them.
    expect(textOf(await visitor.get(path(locale, '/account/loyalty')))).toContain(texts.account.linkTitle);
    await owner.submit(path(locale, '/account/loyalty?unlink=confirm'), { intent: 'loyalty-unlink' });
  });

  test('PIN attempts are limited: after five wrong ones the form says to wait', async () => {
    const visitor = await newSignedInVisitor(site, path(locale, '/account/loyalty'));
    // Unknown members count like wrong PINs (guessing ids is guessing too) and lock no real member.
    for (let attempt = 0; attempt < 5; attempt += 1) expect((await link(visitor, locale, `900000500${attempt}`, '1111')).status).toBe(422);
    const limited = await link(visitor, locale, '9000000008', '8888');
    expect(limited.status).toBe(429);
    expect(textOf(limited)).toContain(texts.errors.tooManyRequests);
  });
});
