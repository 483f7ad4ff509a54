/**
 * How fast the content service answers the queries pages make, measured over HTTP against the
 * built server running the content service alone (no web-tier cache in front), in production mode
 * on PGlite. See docs/benchmarks.md.
 *
 *   npm run build && npm run bench:content [-- --duration 5 --connections 10]
 */
import autocannon, { type Result } from 'autocannon';
import { parseArgs } from 'node:util';
import { BenchmarkRun, fetchPage, format, log, milliseconds, secret } from './support.ts';

const { values: options } = parseArgs({
  options: {
    duration: { type: 'string', default: '5' },
    connections: { type: 'string', default: '10' },
  },
});
const duration = Number(options.duration);
const connections = Number(options.connections);

/** Queries like the site's page loaders make them (server/pages, server/layout-content.ts). */
const QUERIES: Record<string, string> = {
  'Layout (menus, footer, config, stations)':
    '{ navigation(locale: ar) { menus { id kind title link { id title url page { entityType slug } } items { id title url page { entityType slug } } currentEvents { slug title config { startDatetime endDatetime city colourAccent cover { url width blurDataUrl } } } pastEvents { slug title } } } footer(locale: ar) { sections { id title items { id title url } } socials { links { network url } } partners { id name url logo { url } } } globalConfig(locale: ar) { siteTitleSuffix } stations(locale: ar) { id name streamUrl } }',
  'Home page':
    '{ homePage(locale: ar) { title seo { title description } header { title cover { responsiveUrl width height blurDataUrl } } blocks { __typename ... on EventListBlock { events { slug title } } ... on ContentGridBlock { items { __typename } } } } eventCards(locale: ar, filter: { timeframe: upcoming }, first: 6) { total items { slug title config { startDatetime endDatetime city cover { responsiveUrl } } } } }',
  'Event page':
    '{ event(locale: ar, slug: "nabd-festival-2026") { title seo { title } header { title cover { responsiveUrl } } body blocks { __typename } config { startDatetime endDatetime city venue { name } navigationItems { title } } customPages { slug title } } }',
  'Festival line-up (108 sets)':
    '{ festivalLineup(locale: ar, eventSlug: "nabd-festival-2026") { stages { title } days { date } headliners { name } items { headliner startDatetime endDatetime performer { name slug cover { responsiveUrl blurDataUrl } } stage { title } performance { slug categories { label colour } } } } }',
  'Article page':
    '{ article(locale: ar, slug: "what-to-bring-to-a-desert-festival") { title summary body body2 cover { responsiveUrl } author { name } category { title slug } moreInCategory { slug title } } }',
  'XP Feed list (12)':
    '{ articles(locale: ar, first: 12) { total items { slug title summary firstPublishedAt cover { responsiveUrl blurDataUrl } category { slug title } } } }',
  'Radio schedule':
    '{ radioSchedule(locale: ar, id: "station-nabd-radio") { station { name } days { day shows { startTime endTime show { title presenters { name } } } } } }',
};

interface Measurement {
  name: string;
  result: Result;
}

const run = new BenchmarkRun();
const token = secret();
try {
  const origin = await run.startSite({ SERVICES: 'content', CONTENT_API_TOKEN: token });
  const url = `${origin}/graphql/content`;
  const headers = { 'content-type': 'application/json', authorization: `Bearer ${token}` };
  const measurements: Measurement[] = [];
  for (const [name, query] of Object.entries(QUERIES)) {
    const body = JSON.stringify({ query });
    const answer = JSON.parse((await fetchPage(url, { method: 'POST', headers, body })).toString());
    if (answer.errors) throw new Error(`${name}: ${JSON.stringify(answer.errors)}`);
    await autocannon({ url, method: 'POST', headers, body, connections, duration: 1 });
    log(`Measuring ${name} for ${duration} s with ${connections} connections…`);
    const result = await autocannon({ url, method: 'POST', headers, body, connections, duration });
    log(`  p50 ${result.latency.p50} ms, ${Math.round(result.requests.average)} requests/s`);
    measurements.push({ name, result });
  }
  process.stdout.write(
    [
      `## Content query benchmark, ${new Date().toISOString().slice(0, 10)}`,
      '',
      ...run.machineLines('the content service alone (SERVICES=content), NODE_ENV=production, PGlite'),
      `- autocannon: ${connections} connections, ${duration} s per query after a 1 s warm-up; POST over HTTP on loopback`,
      '',
      '| Query | Requests/s | Latency p50 | Latency p99 | Errors |',
      '| --- | ---: | ---: | ---: | --- |',
      ...measurements.map(({ name, result }) => {
        const problems = result.errors + result.timeouts + result.non2xx;
        return `| ${name} | ${format(result.requests.average)} | ${milliseconds(result.latency.p50)} | ${milliseconds(result.latency.p99)} | ${problems ? `**${problems}**` : 'none'} |`;
      }),
      '',
    ].join('\n'),
  );
} finally {
  await run.stop();
}
