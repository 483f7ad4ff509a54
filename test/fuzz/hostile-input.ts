import fc from 'fast-check';

/**
 * What the fuzz suite sends: input a careless or hostile client sends, and a browser's form never
 * does. Every run is seeded (FUZZ_SEED) so that a failure reproduces, and bounded (FUZZ_RUNS cases
 * per surface, 1,000 by default; more by hand).
 */
export const FUZZ_RUNS = Number(process.env.FUZZ_RUNS ?? 1000);
export const FUZZ_SEED = Number(process.env.FUZZ_SEED ?? 20261127);

/** A property's settings: this run's seed and budget, the first failure shrunk and reported. */
export const fuzzParameters = (runs = FUZZ_RUNS): fc.Parameters<unknown> => ({ seed: FUZZ_SEED, numRuns: runs, endOnFailure: true });

/** Names an object already has: a form field or a key with one of them must never reach a prototype. */
export const PROTOTYPE_NAMES = ['__proto__', 'constructor', 'prototype', 'toString', 'hasOwnProperty', 'valueOf'];

const hostileStrings = fc.oneof(
  {
    weight: 6,
    arbitrary: fc.constantFrom(
      '',
      ' ',
      'a\u0000b',
      '\u0000',
      'a\ud800b',
      '\udfff',
      '\u202eevil\u202c',
      '\u200f\u200e',
      '💥🎫',
      "' or 1=1 --",
      '"; drop table commerce.orders; --',
      '<script>alert(1)</script>',
      '<img src=x onerror=alert(1)>',
      'javascript:alert(1)',
      '//evil.example',
      '/\t/evil.example',
      '../../etc/passwd',
      '%00',
      '%E0%A4%A',
      '{{7*7}}',
      '${7*7}',
      'NaN',
      'Infinity',
      '-1',
      '0',
      '35',
      '-99999999999999999999',
      '1e309',
      '9007199254740993',
      '0x1F',
      '1.5',
      'true',
      'null',
      'undefined',
      '[]',
      '{}',
      ...PROTOTYPE_NAMES,
    ),
  },
  { weight: 3, arbitrary: fc.string({ maxLength: 40 }) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.integer().map(String) },
  { weight: 1, arbitrary: fc.double().map(String) },
);

/** Overlong: 100 KB of one character, of Arabic, or with a NUL at its end (one field of a case at most). */
export const overlongString = fc.constantFrom('a'.repeat(100_000), 'ن'.repeat(50_000), `${'x'.repeat(70_000)}\u0000`);

/** One field's value in a form body: usually hostile text, sometimes sent twice, sometimes left out. */
export const hostileFieldValue: fc.Arbitrary<string | string[] | undefined> = fc.oneof(
  { weight: 8, arbitrary: hostileStrings },
  { weight: 1, arbitrary: fc.array(hostileStrings, { minLength: 2, maxLength: 3 }) },
  { weight: 1, arbitrary: fc.constant(undefined) },
);

export { hostileStrings };

/** A form body as `application/x-www-form-urlencoded`: repeated fields repeat. */
export function formBody(fields: Record<string, string | string[] | undefined>): string {
  const body = new URLSearchParams();
  for (const [name, value] of Object.entries(fields)) {
    if (value === undefined) continue;
    for (const single of Array.isArray(value) ? value : [value]) body.append(name, single);
  }
  return body.toString();
}

/** A frame of a Node stack trace: `at fn (/path/file.ts:1:2)`, `at file:///…:1:2`, `at node:internal/…`. */
const STACK_FRAME =
  /\bat (?:[\w.<>$\[\] ]+ )?\((?:file:\/\/|node:|\/)[^)\s]+:\d+:\d+\)|\bat (?:file:\/\/|node:internal|\/(?:work|app|home|usr)\/)[^\s)]+:\d+:\d+/;
/** PostgreSQL's own words, or a table named with its schema: never in a page or an API answer. */
const SQL_TEXT =
  /Failed query|syntax error at or near|relation "[^"]+" does not exist|invalid byte sequence for encoding|violates (?:check|foreign key|unique|not-null) constraint|duplicate key value|\b(?:from|into|update|join)\s+"?(?:commerce|users|identity|content|payment_sandbox|web|analytics|loyalty_sandbox)"?\."?\w+/i;

/** What an answer must never show: a stack trace or SQL text (`stacktrace` extensions of development GraphQL excepted). */
export function leakIn(body: string): string | undefined {
  if (STACK_FRAME.test(body)) return 'a stack trace';
  if (SQL_TEXT.test(body)) return 'SQL text';
  return undefined;
}
