import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';

/**
 * The ticket catalogue as files an operator owns (catalogue/README.md, decision 0037): one folder
 * per event holding `event.json` (the event, its waves and categories) and `tickets.json` (its
 * tickets with their perks, extras and timeslots); `coupons.json` for the shop's coupons; and
 * `demo-sales.json`, the made-up sales the demo starts with outside production. Reading checks
 * every rule the commerce tables and the shop rely on, so that an import meets no surprise, and
 * names the file and field of each problem.
 */

export const PAYMENT_METHODS = ['CREDIT_CARD', 'MOBILE_WALLET', 'INSTALMENTS'] as const;

/** The largest amount a column holds (integer halalas): 21 474 836.47 SAR. */
const LARGEST = 2_147_483_647;

type Issue = { input?: unknown; code?: string; keys?: string[] };

/** A message for a missing field, and `what` for a field of the wrong kind. */
const required = (what: string) => ({ error: (issue: Issue) => (issue.input === undefined ? 'is required' : what) });

/** An object whose unknown fields (often a typo) are named. */
function record<Shape extends z.ZodRawShape>(shape: Shape) {
  return z.strictObject(shape, {
    error: (issue: Issue) =>
      issue.code === 'unrecognized_keys'
        ? `has unknown field${issue.keys!.length > 1 ? 's' : ''} ${issue.keys!.join(', ')}`
        : issue.input === undefined
          ? 'is required'
          : 'must be an object { … }',
  });
}

const identifier = z
  .string(required('must be text'))
  .regex(/^[a-z0-9][a-z0-9_.-]*$/, 'may hold only lowercase letters, digits, dots, dashes and underscores');

const text = z.string(required('must be text')).refine((value) => value.trim() !== '', 'must not be empty');

/** Everything a visitor reads exists in both languages. */
const bilingual = record({ en: text, ar: text });

/** A picture the site serves (`/media/…`) or one on another https host. */
const image = z
  .string(required('must be text'))
  .regex(/^(\/|https:\/\/)\S+$/, 'must be a path such as "/media/events/x.svg" or an https:// address');

/**
 * An exact decimal in hundredths: "595.00" SAR is 59 500 halalas, "12.5" percent is 1250 basis
 * points. Written as a string, never a JSON number, so that no float ever holds money.
 */
function hundredths(example: string) {
  return z.string(required(`must be written as a string, such as "${example}"`)).transform((value, context) => {
    const match = /^(-?)(\d+)(?:\.(\d+))?$/.exec(value.trim());
    const problem = (message: string) => {
      context.addIssue({ code: 'custom', message });
      return z.NEVER;
    };
    if (!match) return problem(`"${value}" is not an amount such as "${example}"`);
    if (match[1]) return problem(`must not be negative ("${value}")`);
    const decimals = match[3] ?? '';
    if (decimals.length > 2) return problem(`has more than two decimals ("${value}")`);
    const amount = Number(match[2]) * 100 + Number(decimals.padEnd(2, '0'));
    if (amount > LARGEST) return problem(`is too large ("${value}")`);
    return amount;
  });
}

/** SAR, to the halala. */
const money = hundredths('595.00');

/** A moment: ISO 8601 with its offset, as epoch milliseconds. */
const time = z.iso
  .datetime({ offset: true, ...required('must be an ISO 8601 time with its offset, such as "2026-12-10T15:00:00+03:00"') })
  .transform((value) => Date.parse(value));

const count = z.int(required('must be a whole number')).min(0, 'must not be negative').max(LARGEST, 'is too large');
const order = z.int(required('must be a whole number')).optional();

const paymentMethods = z
  .array(z.enum(PAYMENT_METHODS, required(`must be one of ${PAYMENT_METHODS.join(', ')}`)), required('must be a list'))
  .min(1, 'must name at least one payment method')
  .refine((methods) => new Set(methods).size === methods.length, 'names a payment method twice');

const waveSchema = record({ id: identifier, label: bilingual, startsAt: time, endsAt: time, order });

const categorySchema = record({
  id: identifier,
  parent: identifier.optional(),
  name: bilingual,
  description: bilingual.optional(),
  promoLabel: bilingual.optional(),
  order,
});

/**
 * A sale's waiting room (decision 0044): from `saleOpensAt` visitors are let into the shop in the
 * order they arrived, `admissionsPerMinute` a minute, each with `checkoutMinutes` to buy.
 */
const waitingRoomSchema = record({
  saleOpensAt: time,
  admissionsPerMinute: z.int(required('must be a whole number')).min(1, 'must be at least 1').max(1_000_000, 'is too large'),
  checkoutMinutes: z.int(required('must be a whole number')).min(5, 'must be at least 5').max(240, 'must be at most 240').default(15),
});

/** Where an event takes place, as its tickets print it: a name, an address and a map link. */
const venueSchema = record({
  name: bilingual,
  address: bilingual,
  mapUrl: z.url({ protocol: /^https$/, ...required('must be an https:// address') }).optional(),
});

const eventSchema = record({
  id: identifier,
  name: bilingual,
  /** When the event runs: its timeslots must fall inside. Tickets print the dates. */
  startsAt: time,
  endsAt: time,
  /** The time of day (Riyadh) the gates open on each day, "15:00". */
  gatesOpen: z
    .string(required('must be a time of day such as "15:00"'))
    .regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'must be a time of day such as "15:00"')
    .optional(),
  venue: venueSchema.optional(),
  logo: image.optional(),
  backgroundImage: image.optional(),
  paymentMethods: paymentMethods.default([...PAYMENT_METHODS]),
  /** Waves follow one another unless the event says that they may run at the same time. */
  overlappingWaves: z.boolean(required('must be true or false')).default(false),
  waves: z.array(waveSchema, required('must be a list')).default([]),
  categories: z.array(categorySchema, required('must be a list')).min(1, 'an event needs at least one category'),
  /** Absent: visitors go straight to the shop unless a rush turns the waiting room on by itself. */
  waitingRoom: waitingRoomSchema.optional(),
});

const perkSchema = record({
  id: identifier,
  name: bilingual,
  description: bilingual.optional(),
  coverImage: image.optional(),
  highlighted: z.boolean(required('must be true or false')).default(false),
  hiddenOnDetail: z.boolean(required('must be true or false')).default(false),
  order,
});

const extraSchema = record({
  id: identifier,
  name: bilingual,
  description: bilingual.optional(),
  price: money,
  discountedPrice: money.optional(),
  maxPerOrder: z.int(required('must be a whole number')).min(1, 'must be at least 1').max(LARGEST, 'is too large').default(10),
  /** Given with each ticket at no charge (a cart item's free items). */
  free: z.boolean(required('must be true or false')).default(false),
  /** Absent: not limited. */
  capacity: count.optional(),
  order,
});

const timeslotSchema = record({ id: identifier, startsAt: time, endsAt: time, capacity: count.optional() });

const ticketSchema = record({
  id: identifier,
  category: identifier,
  wave: identifier.optional(),
  name: bilingual,
  description: bilingual.optional(),
  coverImage: image.optional(),
  backgroundImage: image.optional(),
  logo: image.optional(),
  price: money,
  discountedPrice: money.optional(),
  // SPEC 5, 9.2: a cart holds at most 34 tickets.
  maxPerOrder: z.int(required('must be a whole number')).min(1, 'must be at least 1').max(34, 'must be at most 34').default(10),
  /** Requested through a form, never bought (SPEC 2.4). */
  callbackForm: z.enum(['GROUP', 'PREMIUM_BOX'], required('must be GROUP or PREMIUM_BOX')).optional(),
  delivery: z.enum(['DIGITAL', 'SHIPPED'], required('must be DIGITAL or SHIPPED')).default('DIGITAL'),
  /** Whether checkout asks for a shipping address; by default exactly when the ticket is shipped. */
  shippingRequired: z.boolean(required('must be true or false')).optional(),
  paymentMethods: paymentMethods.default([...PAYMENT_METHODS]),
  capacity: count,
  order,
  perks: z.array(perkSchema, required('must be a list')).default([]),
  extras: z.array(extraSchema, required('must be a list')).default([]),
  timeslots: z.array(timeslotSchema, required('must be a list')).default([]),
});

const ticketsFileSchema = record({ tickets: z.array(ticketSchema, required('must be a list')) });

const couponSchema = record({
  code: z
    .string(required('must be text'))
    .regex(/^[A-Z0-9][A-Z0-9_-]*$/, 'may hold only upper-case letters, digits, dashes and underscores (codes are upper case)'),
  /** Exactly one: `{ "percent": "10" }` or `{ "amount": "50.00" }` (SAR). */
  discount: record({ percent: hundredths('10').optional(), amount: money.optional() }),
  /** Only for this event's carts; absent: any event. */
  event: identifier.optional(),
  validFrom: time.optional(),
  validUntil: time.optional(),
  /** On the cart's discounted subtotal. */
  minimumSubtotal: money.optional(),
  /** Absent: no limit. */
  maxRedemptions: z.int(required('must be a whole number')).min(1, 'must be at least 1').max(LARGEST, 'is too large').optional(),
});

const couponsFileSchema = record({ coupons: z.array(couponSchema, required('must be a list')) });

const demoSalesSchema = record({ sold: z.record(identifier, count, required('must be an object { "<id>": sold }')) });

export type EventFile = z.output<typeof eventSchema>;
export type WaitingRoomFile = z.output<typeof waitingRoomSchema>;
export type WaveFile = z.output<typeof waveSchema>;
export type CategoryFile = z.output<typeof categorySchema>;
export type TicketFile = z.output<typeof ticketSchema>;
export type PerkFile = z.output<typeof perkSchema>;
export type ExtraFile = z.output<typeof extraSchema>;
export type TimeslotFile = z.output<typeof timeslotSchema>;
export type CouponFile = z.output<typeof couponSchema>;

/** One event's files: `<folder>/event.json` and `<folder>/tickets.json`. */
export interface CatalogueEvent {
  /** The event's folder, which is its id. */
  folder: string;
  event: EventFile;
  tickets: TicketFile[];
}

export interface CatalogueFiles {
  events: CatalogueEvent[];
  coupons: CouponFile[];
  /** Demo only (outside production): sold counts by ticket, extra or timeslot id. */
  demoSales: Record<string, number>;
}

export const EVENT_FILE = 'event.json';
export const TICKETS_FILE = 'tickets.json';
export const COUPONS_FILE = 'coupons.json';
export const DEMO_SALES_FILE = 'demo-sales.json';

export class CatalogueFileError extends Error {
  override name = 'CatalogueFileError';
  readonly problems: string[];
  constructor(problems: string[]) {
    super(`The catalogue files have ${problems.length} problem${problems.length === 1 ? '' : 's'}:\n  ${problems.join('\n  ')}`);
    this.problems = problems;
  }
}

/** `tickets[tkt_nabd_ga].extras[extra_nabd_parking].price`: list items named by their id (or code) when they have one. */
function describePath(raw: unknown, issuePath: readonly PropertyKey[]): string {
  let label = '';
  let value = raw;
  for (const key of issuePath) {
    if (typeof key === 'number') {
      const item = Array.isArray(value) ? (value[key] as Record<string, unknown> | undefined) : undefined;
      const name = item && typeof item === 'object' ? (item.id ?? item.code) : undefined;
      label += `[${typeof name === 'string' ? name : key}]`;
    } else label += label ? `.${String(key)}` : String(key);
    value = value && typeof value === 'object' ? (value as Record<PropertyKey, unknown>)[key] : undefined;
  }
  return label;
}

/** Reads and parses one JSON file; its problems are added to `problems`, each naming the file and field. */
async function parseFile<Schema extends z.ZodType>(
  file: string,
  label: string,
  schema: Schema,
  problems: string[],
): Promise<z.output<Schema> | undefined> {
  let raw: unknown;
  try {
    raw = JSON.parse(await readFile(file, 'utf8'));
  } catch (error) {
    problems.push(`${label}: not valid JSON (${(error as Error).message})`);
    return undefined;
  }
  const parsed = schema.safeParse(raw);
  if (parsed.success) return parsed.data;
  for (const issue of parsed.error.issues) {
    const where = describePath(raw, issue.path);
    problems.push(`${label}: ${where ? `${where}: ` : ''}${issue.message}`);
  }
  return undefined;
}

/**
 * Reads a catalogue folder and checks it whole: each file's format, then the rules between files
 * (checkCatalogue). Every problem is listed; `catalogue` holds what could be read.
 */
export async function readCatalogueFolder(folder: string): Promise<{ catalogue: CatalogueFiles; problems: string[] }> {
  const base = path.basename(path.resolve(folder));
  const problems: string[] = [];
  const catalogue: CatalogueFiles = { events: [], coupons: [], demoSales: {} };
  // Events whose files could not be read: what refers to them is not reported as well.
  const unreadable = new Set<string>();
  const entries = (await readdir(folder, { withFileTypes: true })).filter((entry) => !entry.name.startsWith('.'));
  entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  for (const entry of entries) {
    const location = path.join(folder, entry.name);
    if (entry.isDirectory()) {
      const files = (await readdir(location)).filter((name) => !name.startsWith('.'));
      for (const name of files) {
        if (name !== EVENT_FILE && name !== TICKETS_FILE) {
          problems.push(`${base}/${entry.name}/${name}: an event folder holds only ${EVENT_FILE} and ${TICKETS_FILE}`);
        }
      }
      if (!files.includes(EVENT_FILE)) {
        problems.push(`${base}/${entry.name}: ${EVENT_FILE} is missing`);
        unreadable.add(entry.name);
        continue;
      }
      const event = await parseFile(path.join(location, EVENT_FILE), `${base}/${entry.name}/${EVENT_FILE}`, eventSchema, problems);
      // An event whose tickets are not written yet has none.
      const tickets = files.includes(TICKETS_FILE)
        ? await parseFile(path.join(location, TICKETS_FILE), `${base}/${entry.name}/${TICKETS_FILE}`, ticketsFileSchema, problems)
        : { tickets: [] };
      if (event && tickets) catalogue.events.push({ folder: entry.name, event, tickets: tickets.tickets });
      else unreadable.add(entry.name);
    } else if (entry.name === COUPONS_FILE) {
      catalogue.coupons = (await parseFile(location, `${base}/${entry.name}`, couponsFileSchema, problems))?.coupons ?? [];
    } else if (entry.name === DEMO_SALES_FILE) {
      catalogue.demoSales = (await parseFile(location, `${base}/${entry.name}`, demoSalesSchema, problems))?.sold ?? {};
    } else if (!entry.name.endsWith('.md')) {
      problems.push(
        `${base}/${entry.name}: not part of a catalogue (a folder per event, ${COUPONS_FILE}, ${DEMO_SALES_FILE}, notes in .md files)`,
      );
    }
  }
  problems.push(...checkCatalogue(catalogue, base, unreadable));
  return { catalogue, problems };
}

/** The catalogue of a folder, or CatalogueFileError listing every problem. */
export async function loadCatalogueFolder(folder: string): Promise<CatalogueFiles> {
  const { catalogue, problems } = await readCatalogueFolder(folder);
  if (problems.length) throw new CatalogueFileError(problems);
  return catalogue;
}

const iso = (epochMs: number) => new Date(epochMs).toISOString();

/** Every rule between fields and files that the format alone cannot say. */
export function checkCatalogue(catalogue: CatalogueFiles, base = 'catalogue', unreadable: ReadonlySet<string> = new Set()): string[] {
  const problems: string[] = [];
  // Ids are the tables' primary keys: unique across the whole catalogue, per kind.
  const seen = new Map<string, string>();
  const unique = (kind: string, id: string, where: string) => {
    const key = `${kind}\u0000${id}`;
    const first = seen.get(key);
    if (first) problems.push(`${where}: the ${kind} id ${id} is already used at ${first}`);
    else seen.set(key, where);
  };
  const stock = new Map<string, { capacity: number | undefined; where: string }>();

  for (const { folder, event, tickets } of catalogue.events) {
    const eventFile = `${base}/${folder}/${EVENT_FILE}`;
    const ticketsFile = `${base}/${folder}/${TICKETS_FILE}`;
    if (event.id !== folder) problems.push(`${eventFile}: id ${event.id} must be the folder's name, ${folder}`);
    unique('event', event.id, eventFile);
    if (event.endsAt <= event.startsAt) problems.push(`${eventFile}: endsAt must come after startsAt`);

    const waves = new Map(event.waves.map((wave) => [wave.id, wave]));
    for (const wave of event.waves) {
      unique('wave', wave.id, `${eventFile} waves[${wave.id}]`);
      if (wave.endsAt <= wave.startsAt) problems.push(`${eventFile}: waves[${wave.id}].endsAt must come after its startsAt`);
    }
    if (!event.overlappingWaves) {
      const sorted = [...event.waves].sort((a, b) => a.startsAt - b.startsAt);
      for (let index = 1; index < sorted.length; index += 1) {
        const before = sorted[index - 1]!;
        const wave = sorted[index]!;
        if (wave.startsAt < before.endsAt) {
          problems.push(
            `${eventFile}: waves[${wave.id}] starts (${iso(wave.startsAt)}) before waves[${before.id}] ends (${iso(before.endsAt)}); ` +
              'waves follow one another unless the event sets "overlappingWaves": true',
          );
        }
      }
    }

    const categories = new Map(event.categories.map((category) => [category.id, category]));
    for (const category of event.categories) {
      unique('category', category.id, `${eventFile} categories[${category.id}]`);
      if (category.parent === undefined) continue;
      if (!categories.has(category.parent)) {
        problems.push(`${eventFile}: categories[${category.id}].parent: ${category.parent} is not a category of ${event.id}`);
        continue;
      }
      // A parent chain must end at a top category.
      const chain = new Set([category.id]);
      for (let parent = categories.get(category.parent); parent; parent = parent.parent ? categories.get(parent.parent) : undefined) {
        if (chain.has(parent.id)) {
          problems.push(`${eventFile}: categories[${category.id}].parent: its parents lead back to ${parent.id}`);
          break;
        }
        chain.add(parent.id);
      }
    }

    for (const ticket of tickets) {
      const at = `${ticketsFile}: tickets[${ticket.id}]`;
      unique('ticket', ticket.id, `${ticketsFile} tickets[${ticket.id}]`);
      stock.set(ticket.id, { capacity: ticket.capacity, where: `${ticketsFile} tickets[${ticket.id}]` });
      if (!categories.has(ticket.category))
        problems.push(`${at}.category: ${ticket.category} is not a category of ${event.id} (${EVENT_FILE})`);
      if (ticket.wave !== undefined && !waves.has(ticket.wave)) {
        problems.push(`${at}.wave: ${ticket.wave} is not a wave of ${event.id} (${EVENT_FILE})`);
      }
      if (ticket.discountedPrice !== undefined && ticket.discountedPrice > ticket.price) {
        problems.push(`${at}.discountedPrice must not be above its price`);
      }
      if (ticket.delivery === 'SHIPPED' && ticket.shippingRequired === false) {
        problems.push(`${at}.shippingRequired: a SHIPPED ticket needs a shipping address`);
      }
      for (const perk of ticket.perks) unique('perk', perk.id, `${ticketsFile} tickets[${ticket.id}].perks[${perk.id}]`);
      for (const extra of ticket.extras) {
        unique('extra', extra.id, `${ticketsFile} tickets[${ticket.id}].extras[${extra.id}]`);
        stock.set(extra.id, { capacity: extra.capacity, where: `${ticketsFile} tickets[${ticket.id}].extras[${extra.id}]` });
        if (extra.discountedPrice !== undefined && extra.discountedPrice > extra.price) {
          problems.push(`${at}.extras[${extra.id}].discountedPrice must not be above its price`);
        }
      }
      for (const slot of ticket.timeslots) {
        const slotAt = `${at}.timeslots[${slot.id}]`;
        unique('timeslot', slot.id, `${ticketsFile} tickets[${ticket.id}].timeslots[${slot.id}]`);
        stock.set(slot.id, { capacity: slot.capacity, where: `${ticketsFile} tickets[${ticket.id}].timeslots[${slot.id}]` });
        if (slot.endsAt <= slot.startsAt) problems.push(`${slotAt}.endsAt must come after its startsAt`);
        else if (slot.startsAt < event.startsAt || slot.endsAt > event.endsAt) {
          problems.push(
            `${slotAt}: ${iso(slot.startsAt)}–${iso(slot.endsAt)} is not inside the event ` +
              `(${iso(event.startsAt)}–${iso(event.endsAt)}, ${EVENT_FILE})`,
          );
        }
      }
    }
  }

  const couponsFile = `${base}/${COUPONS_FILE}`;
  const events = new Set(catalogue.events.map(({ event }) => event.id));
  for (const coupon of catalogue.coupons) {
    const at = `${couponsFile}: coupons[${coupon.code}]`;
    unique('coupon', coupon.code, `${couponsFile} coupons[${coupon.code}]`);
    const { percent, amount } = coupon.discount;
    if ((percent === undefined) === (amount === undefined)) {
      problems.push(`${at}.discount must give either "percent" or "amount", not ${percent === undefined ? 'neither' : 'both'}`);
    }
    if (percent !== undefined && (percent <= 0 || percent > 10_000))
      problems.push(`${at}.discount.percent must be above 0 and at most 100`);
    if (amount !== undefined && amount <= 0) problems.push(`${at}.discount.amount must be above 0.00`);
    if (coupon.event !== undefined && !events.has(coupon.event) && !unreadable.has(coupon.event))
      problems.push(`${at}.event: ${coupon.event} is not an event of the catalogue`);
    if (coupon.validFrom !== undefined && coupon.validUntil !== undefined && coupon.validUntil <= coupon.validFrom) {
      problems.push(`${at}.validUntil must come after its validFrom`);
    }
  }

  const salesFile = `${base}/${DEMO_SALES_FILE}`;
  for (const [id, sold] of Object.entries(catalogue.demoSales)) {
    const row = stock.get(id);
    if (!row) {
      if (!unreadable.size) problems.push(`${salesFile}: sold.${id}: no ticket, extra or timeslot has this id`);
    } else if (row.capacity !== undefined && sold > row.capacity) {
      problems.push(`${salesFile}: sold.${id}: ${sold} sold is more than its capacity, ${row.capacity} (${row.where})`);
    }
  }
  return problems;
}
