/**
 * Records how long each test file took in jest `--json` reports into test/durations.json, which
 * orders the files of a run without jest's cache (CI) slowest first (test/support/slowest-first.js):
 *   npm run test:jest -- --json --outputFile=/tmp/jest.json
 *   npm run test:browser -- --json --outputFile=/tmp/browser.json
 *   node scripts/test-durations.ts /tmp/jest.json /tmp/browser.json
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

interface Report {
  testResults: { name: string; startTime: number; endTime: number }[];
}

const root = path.resolve(import.meta.dirname, '..');
const file = path.join(root, 'test', 'durations.json');
const durations: Record<string, number> = JSON.parse(readFileSync(file, 'utf8'));

for (const report of process.argv.slice(2)) {
  const { testResults } = JSON.parse(readFileSync(report, 'utf8')) as Report;
  for (const result of testResults) {
    // A file that failed before its first test (a timed-out setup) reports no time: keep what was recorded.
    if (!(result.endTime > result.startTime)) continue;
    durations[path.relative(root, result.name).split(path.sep).join('/')] = Math.round((result.endTime - result.startTime) / 100) / 10;
  }
}

const sorted = Object.fromEntries(Object.entries(durations).sort(([a], [b]) => a.localeCompare(b)));
writeFileSync(file, `${JSON.stringify(sorted, null, 2)}\n`);
console.log(`${Object.keys(sorted).length} files' durations in ${path.relative(root, file)}`);
