import { jobsTableSql } from '#platform/job-queue.ts';
import type { Migration } from '#platform/migrations.ts';
import commerce from './migrations/0001_commerce.sql';
import paymentLinks from './migrations/0002_payment_links.sql';
import durableFulfilment from './migrations/0004_durable_fulfilment.sql';
import catalogueWithdrawn from './migrations/0005_catalogue_withdrawn.sql';
import loyalty from './migrations/0006_loyalty.sql';
import waitingRoom from './migrations/0007_waiting_room.sql';
import affiliateCode from './migrations/0008_affiliate_code.sql';
import ticketEventDetails from './migrations/0009_ticket_event_details.sql';
import catalogueVersion from './migrations/0010_catalogue_version.sql';

export const COMMERCE_SCHEMA = 'commerce';

/** Each area of the service adds its own files after 0001 (`0002_…`), named after what they add. */
export const commerceMigrations: Migration[] = [
  { name: '0001_commerce', sql: commerce },
  { name: '0002_payment_links', sql: paymentLinks },
  // Work recorded with the change that calls for it and run by any process (decision 0032).
  { name: '0003_jobs', sql: jobsTableSql(COMMERCE_SCHEMA) },
  { name: '0004_durable_fulfilment', sql: durableFulfilment },
  // What the catalogue files no longer hold is withdrawn, not deleted (decision 0037).
  { name: '0005_catalogue_withdrawn', sql: catalogueWithdrawn },
  // Loyalty points: cart points, burns, accruals and claim periods (decision 0039).
  { name: '0006_loyalty', sql: loyalty },
  // A sale's waiting room, set in the catalogue files (decision 0044).
  { name: '0007_waiting_room', sql: waitingRoom },
  // The partner credited with an order (SPEC 7.4).
  { name: '0008_affiliate_code', sql: affiliateCode },
  // The event's dates, gate time and venue, which its tickets print (decision 0047).
  { name: '0009_ticket_event_details', sql: ticketEventDetails },
  // The catalogue's description is read once per process and version (decision 0062).
  { name: '0010_catalogue_version', sql: catalogueVersion },
];
