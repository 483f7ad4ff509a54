/** Unit and route tests (jest + swc); the browser tests have their own config in test/e2e. */
const swc = [
  '@swc/jest',
  {
    jsc: {
      parser: { syntax: 'typescript', tsx: true },
      transform: { react: { runtime: 'automatic' } },
      target: 'es2024',
    },
    module: { type: 'es6' },
  },
];

export default {
  testEnvironment: 'node',
  extensionsToTreatAsEsm: ['.ts', '.tsx', '.graphql', '.sql'],
  moduleFileExtensions: ['ts', 'tsx', 'js', 'mjs', 'cjs', 'json', 'graphql', 'sql'],
  transform: {
    '^.+\\.(t|j)sx?$': swc,
    '^.+\\.(graphql|sql)$': '<rootDir>/test/support/text-file-transform.cjs',
  },
  testMatch: ['<rootDir>/{server,views,client,graphql,identity,platform,test}/**/*.test.{ts,tsx}'],
  testPathIgnorePatterns: ['/node_modules/', '<rootDir>/test/e2e/'],
  // Decision 0024: the key of the prepared database test sites start from, computed once per run.
  globalSetup: '<rootDir>/test/support/global-setup.ts',
  // Decision 0046: the slowest files first, also on a clean checkout without jest's cache.
  testSequencer: '<rootDir>/test/support/slowest-first.js',
  // Two workers share two cores: a file that starts two sites (service topology) needs the headroom.
  testTimeout: 120_000,
};
