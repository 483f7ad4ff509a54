import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Browser, fieldValue, formAction } from './support/browser.ts';
import { DEMO_USER } from '#identity/service.ts';
import { startTestSite, TEST_ORIGIN } from './support/test-site.ts';

describe('the embedded defaults keep their state in DATA_DIR', () => {
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'nabd-data-'));
  });
  afterAll(() => rm(dataDir, { recursive: true, force: true }));

  test('a signed-in visitor is still signed in after the site restarts', async () => {
    const first = await startTestSite({ DATA_DIR: dataDir });
    const browser = new Browser(first.fetch);
    const loginPage = await browser.follow(await browser.get(`${TEST_ORIGIN}/account`), TEST_ORIGIN);
    const submitted = await browser.post(new URL(formAction(loginPage.html, '/login')!, loginPage.url), {
      _csrf: fieldValue(loginPage.html, '_csrf')!,
      email: DEMO_USER.email,
      password: DEMO_USER.password,
    });
    expect((await browser.follow(submitted, TEST_ORIGIN)).status).toBe(200);
    await first.close();

    const second = await startTestSite({ DATA_DIR: dataDir });
    try {
      const restarted = new Browser(second.fetch);
      restarted.setCookie('nabd.sid', browser.cookie('nabd.sid')!);
      const account = await restarted.get(`${TEST_ORIGIN}/account`);
      expect(account.status).toBe(200);
      expect(account.html).toContain('demo@nabd.example');
    } finally {
      await second.close();
    }
  });
});
