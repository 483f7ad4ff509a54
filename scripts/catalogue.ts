/**
 * `npm run catalogue:check`: validates catalogue/ (format, references, money, dates, capacities)
 * without a database, naming the file and field of every problem; exits 1 on any. The import
 * (`npm run catalogue:import`, scripts/catalogue-cli.ts) checks the same before writing anything.
 */
import path from 'node:path';
import { readCatalogueFolder } from '../graphql/commerce/catalogue-files.ts';

const folder = path.resolve(process.argv[2] ?? path.join(import.meta.dirname, '..', 'catalogue'));
const { catalogue, problems } = await readCatalogueFolder(folder).catch((error: Error) => {
  console.error(`${folder} cannot be read: ${error.message}`);
  process.exit(1);
});
if (problems.length) {
  console.error(`${problems.length} problem${problems.length === 1 ? '' : 's'} in ${path.basename(folder)}/:\n  ${problems.join('\n  ')}`);
  process.exit(1);
}
const tickets = catalogue.events.flatMap((event) => event.tickets);
const count = (items: readonly unknown[], noun: string) => `${items.length} ${noun}${items.length === 1 ? '' : 's'}`;
const extras = tickets.flatMap((ticket) => ticket.extras);
const timeslots = tickets.flatMap((ticket) => ticket.timeslots);
const summary = [count(catalogue.events, 'event'), count(tickets, 'ticket'), count(extras, 'extra'), count(timeslots, 'timeslot')];
console.log(`${path.basename(folder)}/ is valid: ${[...summary, count(catalogue.coupons, 'coupon')].join(', ')}.`);
for (const { event, tickets: ofEvent } of catalogue.events) console.log(`  ${event.id}: ${event.name.en}, ${count(ofEvent, 'ticket')}`);
