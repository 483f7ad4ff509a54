/** Browser tests: Playwright driving Debian's Chromium against a real listening site. */
import base from '../../jest.config.js';

export default {
  ...base,
  rootDir: '../..',
  testMatch: ['<rootDir>/test/e2e/**/*.test.ts'],
  testPathIgnorePatterns: ['/node_modules/'],
  // One Chromium for the whole run, which every test file connects to (decision 0046).
  globalSetup: '<rootDir>/test/e2e/support/global-setup.ts',
  globalTeardown: '<rootDir>/test/e2e/support/global-teardown.ts',
  // A page visit with its checks takes seconds on a busy two-core runner: a hung test still fails.
  testTimeout: 120_000,
};
