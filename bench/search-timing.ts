/**
 * How long the content service takes to answer the site search over the demo content (decision
 * 0017), against the built server running the content service alone, on PGlite: the search over
 * its precomputed documents, and for comparison a list filter that normalizes every row's text
 * per query (`articles(filter: { search })`, one type only). Sequential requests, so the numbers
 * are latencies, not throughput.
 *
 *   npm run build && node bench/search-timing.ts [--rounds 50]
 *   node bench/search-timing.ts --origin http://localhost:3303 --token dev-content-token   (a site already running)
 */
import { parseArgs } from 'node:util';
import { performance } from 'node:perf_hooks';
import { BenchmarkRun, fetchPage, log, secret } from './support.ts';

const { values: options } = parseArgs({
  options: { rounds: { type: 'string', default: '50' }, origin: { type: 'string' }, token: { type: 'string' } },
});
const rounds = Number(options.rounds);

const search = (locale: string, query: string) =>
  `{ search(locale: ${locale}, query: ${JSON.stringify(query)}) { total counts { kind count } items { kind slug collection title publishedAt startDatetime seo { description image { responsiveUrl } } } } }`;

const QUERIES: Record<string, string> = {
  'floor: contentVersion (one tiny statement)': '{ contentVersion { version } }',
  'search en "festival" (page of 20, counts per kind)': search('en', 'festival'),
  'search en "desert festival guides"': search('en', 'desert festival guides'),
  'search ar "مهرجان"': search('ar', 'مهرجان'),
  'search ar "ايقاعات جده"': search('ar', 'ايقاعات جده'),
  'for comparison: articles(filter: { search: "festival" }), normalized per row':
    '{ articles(locale: en, first: 20, filter: { search: "festival" }) { total items { slug title } } }',
};

const run = new BenchmarkRun();
const token = options.token ?? secret();
try {
  const origin = options.origin ?? (await run.startSite({ SERVICES: 'content', CONTENT_API_TOKEN: token }));
  const url = `${origin}/graphql/content`;
  const headers = { 'content-type': 'application/json', authorization: `Bearer ${token}` };
  const lines: string[] = [];
  for (const [name, query] of Object.entries(QUERIES)) {
    const body = JSON.stringify({ query });
    const ask = async () => {
      const answer = JSON.parse((await fetchPage(url, { method: 'POST', headers, body })).toString());
      if (answer.errors) throw new Error(`${name}: ${JSON.stringify(answer.errors)}`);
    };
    for (let round = 0; round < 5; round += 1) await ask();
    const times: number[] = [];
    for (let round = 0; round < rounds; round += 1) {
      const started = performance.now();
      await ask();
      times.push(performance.now() - started);
    }
    times.sort((a, b) => a - b);
    const line = `| ${name} | ${times[Math.floor(rounds / 2)]!.toFixed(1)} ms | ${times[Math.floor(rounds * 0.9)]!.toFixed(1)} ms |`;
    log(line);
    lines.push(line);
  }
  process.stdout.write(['| Query | p50 | p90 |', '| --- | ---: | ---: |', ...lines, ''].join('\n'));
} finally {
  await run.stop();
}
