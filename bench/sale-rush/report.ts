import { percentile } from '../../graphql/commerce/test-support/sale-rush.ts';
import { PAGE_STEPS, type PageBuyerOutcome } from './html-buyer.ts';

/*
 * What a run of page buyers comes to, as the markdown tables `npm run bench:sale-rush -- --flow html`
 * prints: throughput, each request's latency by step, errors by kind, and the stock read back.
 */

/** A ticket's counters read back from the database after the run, with what its paid orders hold. */
export interface TicketStock {
  capacity: number;
  held: number;
  sold: number;
  /** Tickets in PAID orders of this ticket. */
  paidTickets: number;
  /** Tickets in orders still waiting for their payment. */
  pendingTickets: number;
}

export interface RushSummary {
  paidOrders: number;
  paidTickets: number;
  refused: number;
  failed: number;
  ordersPerMinute: number;
  ticketsPerMinute: number;
  /** Above capacity, or sold without a paid order, or paid without being counted sold: must all be 0. */
  oversold: number;
  /** Failures by step and reason, most frequent first. */
  errors: [string, number][];
  /** Per step: how many requests, and their p50, p95 and p99 in ms. */
  steps: { step: string; requests: number; p50: number; p95: number; p99: number }[];
  confirmationRefreshes: number;
}

export function summarise(
  outcomes: readonly PageBuyerOutcome[],
  seconds: number,
  stockBefore: TicketStock,
  stockAfter: TicketStock,
): RushSummary {
  const paid = outcomes.filter((outcome) => outcome.kind === 'PAID');
  const paidTickets = paid.reduce((sum, outcome) => sum + outcome.tickets, 0);
  const errors = new Map<string, number>();
  for (const outcome of outcomes) {
    if (outcome.kind !== 'FAILED') continue;
    const kind = `${outcome.at}: ${outcome.reason.slice(0, 120)}`;
    errors.set(kind, (errors.get(kind) ?? 0) + 1);
  }
  const byStep = new Map<string, number[]>();
  for (const outcome of outcomes) {
    for (const [step, ms] of outcome.timings) byStep.set(step, [...(byStep.get(step) ?? []), ms]);
  }
  const soldNow = stockAfter.sold - stockBefore.sold;
  const paidNow = stockAfter.paidTickets - stockBefore.paidTickets;
  const oversold =
    Math.max(0, stockAfter.held + stockAfter.sold - stockAfter.capacity) +
    // Every ticket sold is in a paid order, and every paid buyer's tickets were counted.
    Math.abs(soldNow - paidNow) +
    Math.max(0, paidTickets - paidNow);
  return {
    paidOrders: paid.length,
    paidTickets,
    refused: outcomes.filter((outcome) => outcome.kind === 'REFUSED').length,
    failed: outcomes.filter((outcome) => outcome.kind === 'FAILED').length,
    ordersPerMinute: (paid.length / seconds) * 60,
    ticketsPerMinute: (paidTickets / seconds) * 60,
    oversold,
    errors: [...errors].sort((a, b) => b[1] - a[1]),
    steps: PAGE_STEPS.filter((step) => byStep.has(step)).map((step) => {
      const values = byStep.get(step)!;
      return { step, requests: values.length, p50: percentile(values, 0.5), p95: percentile(values, 0.95), p99: percentile(values, 0.99) };
    }),
    confirmationRefreshes: paid.reduce((sum, outcome) => sum + outcome.confirmationRefreshes, 0),
  };
}

const whole = (value: number) => Math.round(value).toLocaleString('en-GB');
const ms = (value: number) => `${whole(value)} ms`;

/** The summary as markdown: the headline row, the steps, and the errors when there were any. */
export function summaryTables(summary: RushSummary, p95Goal = 500): string[] {
  const slowest = Math.max(0, ...summary.steps.map((step) => step.p95));
  return [
    '| Tickets/min | Orders/min | Paid orders | Tickets | Refused | Errors | Oversold | Slowest step p95 |',
    '| ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
    `| ${whole(summary.ticketsPerMinute)} | ${whole(summary.ordersPerMinute)} | ${summary.paidOrders} | ${summary.paidTickets} | ${summary.refused} | ${summary.failed} | ${summary.oversold} | ${ms(slowest)}${slowest > p95Goal ? ` (over ${p95Goal} ms)` : ''} |`,
    '',
    'Each request of the walk, timed at the buyer (a step with a form counts its GET and its POST; "guest checkout" is',
    'the sign-in-or-guest page and its "continue as a guest" POST; the PDF is the signed link and its redirect):',
    '',
    '| Step | Requests | p50 | p95 | p99 |',
    '| --- | ---: | ---: | ---: | ---: |',
    ...summary.steps.map((step) => `| ${step.step} | ${step.requests} | ${ms(step.p50)} | ${ms(step.p95)} | ${ms(step.p99)} |`),
    '',
    ...(summary.errors.length > 0
      ? [
          '| Error (step: what the buyer got) | Buyers |',
          '| --- | ---: |',
          ...summary.errors.map(([kind, count]) => `| ${kind.replaceAll('|', '\\|')} | ${count} |`),
          '',
        ]
      : ['No errors: every buyer was paid or clearly refused.', '']),
  ];
}

/** One ticket's counters and the tickets of its paid and pending orders; `$1` is the ticket's id. */
export const TICKET_STOCK_SQL = `
  select t.capacity, t.held, t.sold,
         coalesce(sum(i.quantity) filter (where o.state = 'PAID'), 0)::int as paid_tickets,
         coalesce(sum(i.quantity) filter (where o.state = 'PENDING_PAYMENT'), 0)::int as pending_tickets
  from commerce.tickets t
  left join commerce.order_items i on i.ticket_id = t.id
  left join commerce.orders o on o.id = i.order_id
  where t.id = $1
  group by t.id`;

export function ticketStockOf(row: Record<string, unknown>): TicketStock {
  return {
    capacity: Number(row.capacity),
    held: Number(row.held),
    sold: Number(row.sold),
    paidTickets: Number(row.paid_tickets),
    pendingTickets: Number(row.pending_tickets),
  };
}
