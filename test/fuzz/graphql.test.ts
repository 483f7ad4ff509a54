import fc from 'fast-check';
import {
  buildSchema,
  getNamedType,
  isEnumType,
  isInputObjectType,
  isLeafType,
  isListType,
  isNonNullType,
  isObjectType,
  isScalarType,
  print,
  type GraphQLField,
  type GraphQLInputType,
  type GraphQLSchema,
  type DocumentNode,
} from 'graphql';
import request from 'supertest';
import { databaseBackends } from '#test/support/backends.ts';
import { typeDefs as contentTypeDefs } from '#graphql/content/schema/index.ts';
import commerceTypeDefs from '#graphql/commerce/schema.graphql';
import userTypeDefs from '#graphql/user/schema.graphql';
import { startUserService, type RunningUserService } from '#graphql/user/test-support/user-fixture.ts';
import { DEVELOPMENT_SECRETS } from '#server/config.ts';
import { startTestSite, TEST_ORIGIN, type TestSite } from '../support/test-site.ts';
import { fuzzParameters, hostileStrings, leakIn, PROTOTYPE_NAMES } from './hostile-input.ts';

/*
 * Every operation of the three GraphQL schemas (content, user, commerce), found from the schemas
 * themselves, called with generated arguments: hostile strings, numbers out of range and of the
 * wrong type, missing and unknown fields, nulls, prototype names; and requests malformed as a
 * whole (invalid JSON, wrong content types, batches, hundreds of aliases, deep nesting). No answer
 * may be a 5xx or an INTERNAL_SERVER_ERROR, nor show SQL or a stack trace outside the development
 * `stacktrace` extension.
 */

interface Surface {
  name: string;
  schema: GraphQLSchema;
  send(body: string, contentType?: string): Promise<{ status: number; text: string }>;
}

let site: TestSite;
let users: RunningUserService;
const surfaces: Surface[] = [];

/** Ids of the demo data, so that some generated calls find something and go further in. */
const KNOWN_IDS = [
  'nabd-festival-2026',
  'event-nabd-festival-2026',
  'tkt_nabd_ga',
  'tkt_nabd_day_pass',
  'slot_nabd_day1',
  'WELCOME10',
  'en',
  'ar',
];

beforeAll(async () => {
  site = await startTestSite({ ANALYTICS_STRICT: 'false' });
  users = await startUserService(databaseBackends[0]!);
  const member = await users.signUp(`fuzz-${Date.now()}@nabd.example`);
  const guest = (await (
    await site.fetch(`${TEST_ORIGIN}/oidc/api/guest-credentials`, {
      method: 'POST',
      headers: {
        authorization: `Basic ${Buffer.from(`website:${DEVELOPMENT_SECRETS.OIDC_CLIENT_SECRET}`).toString('base64')}`,
        'content-type': 'application/json',
      },
      body: '{}',
    })
  ).json()) as { accessToken: string };
  const onSite =
    (path: string, token: string) =>
    async (body: string, contentType = 'application/json') => {
      const response = await request(site.app)
        .post(path)
        .set('authorization', `Bearer ${token}`)
        .set('content-type', contentType)
        .send(body);
      return { status: response.status, text: response.text };
    };
  surfaces.push(
    {
      name: 'content',
      schema: buildSchema(contentTypeDefs.join('\n')),
      send: onSite('/graphql/content', DEVELOPMENT_SECRETS.CONTENT_API_TOKEN),
    },
    { name: 'commerce', schema: buildSchema(commerceTypeDefs), send: onSite('/graphql/commerce', guest.accessToken) },
    {
      name: 'user',
      schema: buildSchema(userTypeDefs),
      async send(body, contentType = 'application/json') {
        const response = await request(users.app)
          .post('/graphql/user')
          .set('authorization', `Bearer ${member.accessToken}`)
          .set('content-type', contentType)
          .send(body);
        return { status: response.status, text: response.text };
      },
    },
  );
}, 120_000);

afterAll(async () => {
  await users?.close();
  await site?.close();
});

const integers = fc.oneof(
  fc.integer({ min: -5, max: 40 }),
  fc.constantFrom(0, -1, 35, 2 ** 31, -(2 ** 31) - 1, 2 ** 53 + 1, 1e21, 0.5, Number.MAX_SAFE_INTEGER),
);
/** A plausible value half of the time; otherwise text, numbers or structures of another type. */
const wrongType = fc.oneof(hostileStrings, integers, fc.boolean(), fc.constant(null), fc.constant([]), fc.constant({ __proto__: 'x' }));

/** A value for an argument or input field of `type`, usually of its type, sometimes not. */
function valueFor(type: GraphQLInputType, depth: number): fc.Arbitrary<unknown> {
  if (isNonNullType(type))
    return fc.oneof({ weight: 9, arbitrary: valueFor(type.ofType, depth) }, { weight: 1, arbitrary: fc.constant(null) });
  if (isListType(type)) {
    return fc.oneof(
      { weight: 8, arbitrary: fc.array(valueFor(type.ofType, depth + 1), { maxLength: depth > 1 ? 2 : 5 }) },
      { weight: 1, arbitrary: fc.constant(Array.from({ length: 200 }, () => 'x')) },
      { weight: 1, arbitrary: wrongType },
    );
  }
  if (isEnumType(type)) {
    const values = type.getValues().map((value) => value.name);
    return fc.oneof({ weight: 8, arbitrary: fc.constantFrom(...values) }, { weight: 2, arbitrary: wrongType });
  }
  if (isInputObjectType(type)) {
    if (depth > 3) return fc.constant({});
    const fields = Object.values(type.getFields());
    const record = fc.record(Object.fromEntries(fields.map((field) => [field.name, valueFor(field.type, depth + 1)])), {
      requiredKeys: fields.filter((field) => isNonNullType(field.type)).map((field) => field.name),
    });
    return fc.oneof(
      { weight: 7, arbitrary: record },
      {
        weight: 1,
        arbitrary: fc
          .tuple(record, fc.constantFrom(...PROTOTYPE_NAMES, 'unknownField'), hostileStrings)
          .map(([value, key, extra]) => ({ ...value, [key]: extra })),
      },
      { weight: 1, arbitrary: fc.constant({}) },
      { weight: 1, arbitrary: wrongType },
    );
  }
  if (isScalarType(type)) {
    switch (type.name) {
      case 'Int':
        return fc.oneof({ weight: 8, arbitrary: integers }, { weight: 2, arbitrary: wrongType });
      case 'Float':
        return fc.oneof({ weight: 8, arbitrary: fc.double() }, { weight: 2, arbitrary: wrongType });
      case 'Boolean':
        return fc.oneof({ weight: 8, arbitrary: fc.boolean() }, { weight: 2, arbitrary: wrongType });
      default:
        return fc.oneof(
          { weight: 3, arbitrary: fc.constantFrom(...KNOWN_IDS) },
          { weight: 6, arbitrary: hostileStrings },
          { weight: 1, arbitrary: wrongType },
        );
    }
  }
  return wrongType;
}

/** `{ a b c }` of the field's leaf fields that take no required argument; `__typename` otherwise. */
function selectionOf(field: GraphQLField<unknown, unknown>): string {
  const named = getNamedType(field.type);
  if (isLeafType(named)) return '';
  if (!isObjectType(named)) return '{ __typename }';
  const leaves = Object.values(named.getFields())
    .filter((child) => isLeafType(getNamedType(child.type)) && child.args.every((arg) => !isNonNullType(arg.type)))
    .map((child) => child.name);
  return `{ __typename ${leaves.join(' ')} }`;
}

/** One call of one operation: its document with a variable per argument, and generated variables. */
function operationCase(surface: Surface): fc.Arbitrary<{ body: string; contentType: string; what: string }> {
  const roots = [
    ['query', surface.schema.getQueryType()],
    ['mutation', surface.schema.getMutationType()],
  ] as const;
  const operations = roots.flatMap(([kind, root]) => Object.values(root?.getFields() ?? {}).map((field) => ({ kind, field })));
  const call = fc.constantFrom(...operations).chain(({ kind, field }) => {
    const variables = field.args.map((arg, index) => `$a${index}: ${arg.type.toString()}`);
    const argumentsText = field.args.map((arg, index) => `${arg.name}: $a${index}`);
    const query = `${kind} Fuzz${variables.length ? `(${variables.join(', ')})` : ''} { ${field.name}${
      argumentsText.length ? `(${argumentsText.join(', ')})` : ''
    } ${selectionOf(field)} }`;
    return fc
      .record(Object.fromEntries(field.args.map((arg, index) => [`a${index}`, valueFor(arg.type, 0)])), { requiredKeys: [] })
      .map((values) => ({
        body: JSON.stringify({ query, variables: values }),
        contentType: 'application/json',
        what: `${kind} ${field.name}`,
      }));
  });
  const first = operations[0]!.field;
  const malformed = fc.constantFrom(
    { body: '{"query": "query { ', contentType: 'application/json', what: 'invalid JSON' },
    { body: JSON.stringify({ query: '{ __typename }' }), contentType: 'text/plain', what: 'text/plain' },
    { body: JSON.stringify({ query: '{ __typename }' }), contentType: 'application/json; charset=x-evil', what: 'unknown charset' },
    { body: JSON.stringify([{ query: '{ __typename }' }, { query: '{ __typename }' }]), contentType: 'application/json', what: 'a batch' },
    { body: JSON.stringify({ query: 42 }), contentType: 'application/json', what: 'a query that is a number' },
    { body: JSON.stringify({ query: '{ __typename }', variables: 'nope' }), contentType: 'application/json', what: 'variables as text' },
    {
      body: JSON.stringify({ query: `{ ${Array.from({ length: 1500 }, (_, index) => `a${index}: __typename`).join(' ')} }` }),
      contentType: 'application/json',
      what: '1,500 aliases',
    },
    {
      body: JSON.stringify({
        query: `query { ${Array.from({ length: 300 }, (_, index) => `a${index}: ${first.name}${first.args.length ? '(x: 1)' : ''} ${selectionOf(first)}`).join(' ')} }`,
      }),
      contentType: 'application/json',
      what: '300 aliased calls',
    },
    {
      body: JSON.stringify({
        query: `{ ${'__schema { types { fields { type { ofType { ofType { ofType { ofType { name } } } } } } } '.repeat(1)}}`,
      }),
      contentType: 'application/json',
      what: 'deep introspection',
    },
    {
      body: JSON.stringify({ query: `{ __typename ${'@skip(if: false) '.repeat(500)}}` }),
      contentType: 'application/json',
      what: '500 directives',
    },
    { body: 'x'.repeat(200_000), contentType: 'application/json', what: '200 KB of nothing' },
  );
  return fc.oneof({ weight: 9, arbitrary: call }, { weight: 1, arbitrary: malformed });
}

/** An answer's text without the development `stacktrace` extensions, which production never sends. */
function withoutDevelopmentTraces(text: string): string {
  try {
    return JSON.stringify(JSON.parse(text), (key, value) => (key === 'stacktrace' ? undefined : value));
  } catch {
    return text;
  }
}

describe.each(['content', 'user', 'commerce'])('the %s schema', (name) => {
  test('no operation answers a 5xx, an internal error, SQL or a stack trace, whatever its arguments', async () => {
    const surface = surfaces.find((candidate) => candidate.name === name)!;
    const statuses = new Map<number, number>();
    await fc.assert(
      fc.asyncProperty(operationCase(surface), async ({ body, contentType, what }) => {
        const answer = await surface.send(body, contentType);
        statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
        if (answer.status >= 500) throw new Error(`${what} answered ${answer.status}: ${answer.text.slice(0, 300)}`);
        if (answer.text.includes('INTERNAL_SERVER_ERROR')) throw new Error(`${what} failed inside: ${answer.text.slice(0, 500)}`);
        const leak = leakIn(withoutDevelopmentTraces(answer.text));
        if (leak) throw new Error(`${what} showed ${leak}: ${answer.text.slice(0, 500)}`);
      }),
      fuzzParameters(),
    );
    process.stdout.write(
      `GraphQL ${name} fuzzed: ${[...statuses]
        .sort(([a], [b]) => a - b)
        .map(([status, count]) => `${status} ×${count}`)
        .join(', ')}\n`,
    );
  }, 600_000);
});
