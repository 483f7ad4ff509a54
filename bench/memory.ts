/**
 * What one process of the built site holds in memory, at start and after rounds of load: its
 * resident set, JavaScript heap and external memory, read from its own `/metrics`. The site runs as
 * the embedded default does (production mode, PGlite in a fresh DATA_DIR, one process), with the
 * page cache off so that every request renders. See docs/benchmarks.md, "Memory of one process".
 *
 *   npm run build && npm run bench:memory [-- --rounds 3 --duration 6 --connections 20]
 */
import autocannon from 'autocannon';
import { parseArgs } from 'node:util';
import { BenchmarkRun, figures, log, markdownTable, PRODUCTION_SITE, secret } from './support.ts';

const { values: options } = parseArgs({
  options: {
    rounds: { type: 'string', default: '3' },
    duration: { type: 'string', default: '6' },
    connections: { type: 'string', default: '20' },
  },
});
const rounds = Number(options.rounds);
const duration = Number(options.duration);
const connections = Number(options.connections);
const PAGES = ['/', '/ar', '/events/nabd-festival-2026', '/events/nabd-festival-2026/lineup'];
const megabytes = (bytes: number) => `${Math.round(bytes / 1e6)} MB`;

const run = new BenchmarkRun();
try {
  const metricsToken = secret();
  const origin = await run.startSite({ PAGE_CACHE_ENTRIES: '0', METRICS_TOKEN: metricsToken });
  const memory = async (): Promise<string[]> => {
    const text = await (await fetch(`${origin}/metrics`, { headers: { authorization: `Bearer ${metricsToken}` } })).text();
    const metric = (name: string) => Number(new RegExp(`^${name} (\\S+)$`, 'm').exec(text)?.[1]);
    return [
      'process_resident_memory_bytes',
      'nodejs_heap_size_total_bytes',
      'nodejs_heap_size_used_bytes',
      'nodejs_external_memory_bytes',
    ].map((name) => megabytes(metric(name)));
  };
  const rows = [['at start', ...(await memory())]];
  for (let round = 1; round <= rounds; round++) {
    for (const page of PAGES) await autocannon({ url: origin + page, connections, duration });
    rows.push([`after round ${round}`, ...(await memory())]);
    log(`Round ${round}: ${rows.at(-1)!.slice(1).join(', ')}`);
  }
  process.stdout.write(
    [
      `## Memory of one process, ${new Date().toISOString().slice(0, 10)}`,
      '',
      ...run.machineLines(`${PRODUCTION_SITE}, page cache off`),
      `- Each round: autocannon, ${connections} connections for ${duration} s on each of ${PAGES.join(', ')}`,
      '',
      ...markdownTable([{ title: 'When' }, ...figures('Resident set', 'JS heap (total)', 'JS heap (used)', 'External')], rows),
      '',
    ].join('\n'),
  );
} finally {
  await run.stop();
}
