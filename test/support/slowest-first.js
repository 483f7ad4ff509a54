import { readFileSync } from 'node:fs';
import path from 'node:path';
import Sequencer from '@jest/test-sequencer';

/**
 * Runs the slowest test files first, so that no long file starts last while the other worker idles.
 * Jest orders by the durations it cached from earlier runs; a clean checkout (CI) has none, and jest
 * would fall back to file size, which puts a short file of many cases before a slow one of few.
 * There, the durations of a full run kept in test/durations.json stand in (scripts/test-durations.ts
 * refreshes them from a run's `--json` report; a file missing from them runs first, as jest runs new files).
 */
const recorded = JSON.parse(readFileSync(new URL('../durations.json', import.meta.url), 'utf8'));

export default class SlowestFirst extends Sequencer {
  time(test) {
    const cached = super.time(test);
    if (cached !== undefined) return cached;
    const seconds = recorded[path.relative(test.context.config.rootDir, test.path).split(path.sep).join('/')];
    return seconds === undefined ? undefined : seconds * 1000;
  }
}
