import cluster from 'node:cluster';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { clusterExposition } from './cluster-metrics.ts';

/**
 * What an operator graphs and alerts on during a sale (decision 0038), in the Prometheus format.
 * Each process keeps its own figures; the workers of one node answer together (decision 0043,
 * platform/cluster-metrics.ts), and Prometheus scrapes every node and adds them up. Figures read from the database (orders, tickets, queues) are the same from every
 * process, and read at most once per `figuresMaxAgeMs`, so scrapes cannot load the database.
 *
 * Labels are bounded by construction: a route is the route table's id or a mount point, never a
 * URL; an event is a catalogue event; a queue and a kind are names from the code.
 */

export type StatusClass = '1xx' | '2xx' | '3xx' | '4xx' | '5xx' | 'aborted';

/** The node-postgres pool as `pg.Pool` counts it; the embedded engine has none. */
export interface PoolFigures {
  /** Connections open, idle or checked out. */
  total: number;
  idle: number;
  /** Queries waiting for a connection. */
  waiting: number;
  max: number;
}

/** What the commerce service reads from its own tables for operators. */
export interface SalesFigures {
  ordersByState: Record<string, number>;
  /** Per catalogue event: tickets sold (paid orders) and held (pending orders). */
  tickets: { eventId: string; sold: number; held: number }[];
  /** Pending orders whose hold is still running. */
  activeHolds: number;
}

/** A job queue's numbers per kind of job (platform/job-queue.ts). */
export interface JobKindFigures {
  waiting: number;
  running: number;
  scheduled: number;
  failing: number;
  failed: number;
  oldestWaitingSeconds: number;
}

/** Per queue (`commerce`, `payment_sandbox`), per kind of job. */
export type JobQueueFigures = Record<string, Record<string, JobKindFigures>>;

export type PaymentOutcome = 'paid' | 'failed' | 'voided' | 'recorded';
/** Who brought the provider's word: its callback, our question to it (reconciliation, expiry), a wallet's answer. */
export type PaymentSource = 'callback' | 'provider_check' | 'wallet';

export interface SiteMetricsOptions {
  /** How long figures read from the database are reused; 15 s by default. */
  figuresMaxAgeMs?: number;
  /** How long a scrape waits for such a reading before it leaves those figures out. */
  figuresDeadlineMs?: number;
}

const HTTP_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
/** A healthy pool hands out connections in under a millisecond; 1.5 s is where a query gives up (decision 0033). */
const CONNECTION_WAIT_BUCKETS = [0.001, 0.005, 0.01, 0.05, 0.1, 0.25, 0.5, 1, 1.5, 2.5];
const JOB_STATES = ['waiting', 'running', 'scheduled', 'failing', 'failed'] as const;
const PAYMENT_OUTCOMES: PaymentOutcome[] = ['paid', 'failed', 'voided', 'recorded'];
const PAYMENT_SOURCES: PaymentSource[] = ['callback', 'provider_check', 'wallet'];
const SHED_REASONS = ['event_loop_delay', 'in_flight'] as const;
const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

/** What became of a place in a sale's waiting room (decision 0044). */
export type WaitingRoomOutcome = 'joined' | 'rejoined' | 'admitted' | 'refused';

export class SiteMetrics {
  readonly registry = new Registry();
  readonly #options: Required<SiteMetricsOptions>;
  readonly #requests: Counter<'route' | 'method' | 'status_class'>;
  readonly #requestSeconds: Histogram<'route' | 'method' | 'status_class'>;
  readonly #connectionWait: Histogram;
  readonly #redisErrors: Counter<'client' | 'kind'>;
  readonly #refusals: Counter<'limit'>;
  readonly #payments: Counter<'outcome' | 'source'>;
  readonly #unavailable: Counter<'source'>;
  readonly #waitingRoom: Counter<'event' | 'outcome'>;
  readonly #shed: Counter<'reason'>;
  /** In a worker of a cluster (decision 0043): the node's figures, gathered by the primary. */
  readonly #exposition: (() => Promise<{ contentType: string; body: string }>) | undefined;

  constructor(options: SiteMetricsOptions = {}) {
    this.#options = { figuresMaxAgeMs: options.figuresMaxAgeMs ?? 15_000, figuresDeadlineMs: options.figuresDeadlineMs ?? 2_000 };
    // CPU, memory, handles, garbage collection and event-loop lag (nodejs_eventloop_lag_*).
    collectDefaultMetrics({ register: this.registry });
    const registers = [this.registry];
    this.#requests = new Counter({
      name: 'nabd_http_requests_total',
      help: 'Requests answered, by route (route table id or mount point), method and status class.',
      labelNames: ['route', 'method', 'status_class'],
      registers,
    });
    this.#requestSeconds = new Histogram({
      name: 'nabd_http_request_duration_seconds',
      help: 'Time from a request arriving to its answer being sent, by route, method and status class.',
      labelNames: ['route', 'method', 'status_class'],
      buckets: HTTP_BUCKETS,
      registers,
    });
    this.#connectionWait = new Histogram({
      name: 'nabd_database_connection_wait_seconds',
      help: 'Time queries waited for a PostgreSQL connection from the pool (failures at the deadline included).',
      buckets: CONNECTION_WAIT_BUCKETS,
      registers,
    });
    this.#redisErrors = new Counter({
      name: 'nabd_redis_errors_total',
      help: 'Redis failures by client (sessions, rate_limits) and kind (connection: the client lost or could not reach Redis; command: a call failed or missed its deadline).',
      labelNames: ['client', 'kind'],
      registers,
    });
    this.#refusals = new Counter({
      name: 'nabd_rate_limit_refusals_total',
      help: 'Requests refused by a rate limit (platform/rate-limits.ts), by limit.',
      labelNames: ['limit'],
      registers,
    });
    this.#payments = new Counter({
      name: 'nabd_payment_outcomes_total',
      help: "Payments settled by this process, by outcome (paid, failed, voided: a success too late, recorded: nothing else changed) and by what brought the provider's word.",
      labelNames: ['outcome', 'source'],
      registers,
    });
    for (const outcome of PAYMENT_OUTCOMES) for (const source of PAYMENT_SOURCES) this.#payments.labels(outcome, source).inc(0);
    this.#waitingRoom = new Counter({
      name: 'nabd_waiting_room_places_total',
      help: "Sale waiting rooms' places by event and outcome (joined: a new place; rejoined: back in line after a checkout window; admitted; refused: the address's limit), decision 0044.",
      labelNames: ['event', 'outcome'],
      registers,
    });
    this.#shed = new Counter({
      name: 'nabd_shed_requests_total',
      help: 'Requests refused with 503 because the process was past its capacity (decision 0043), by reason: event_loop_delay or in_flight.',
      labelNames: ['reason'],
      registers,
    });
    for (const reason of SHED_REASONS) this.#shed.labels(reason).inc(0);
    this.#exposition = cluster.isWorker ? clusterExposition(this.registry) : undefined;
    this.#unavailable = new Counter({
      name: 'nabd_metrics_source_failures_total',
      help: 'Scrapes that left out figures read from the database (sales, jobs) because the reading failed or took too long.',
      labelNames: ['source'],
      registers,
    });
  }

  /** Starts every rate limit's refusal count at zero, so that rates exist before the first refusal. */
  knowRateLimits(names: readonly string[]): void {
    for (const name of names) this.#refusals.labels(name).inc(0);
  }

  requestAnswered(route: string, method: string, statusClass: StatusClass, seconds: number): void {
    const labels = { route, method: METHODS.has(method) ? method : 'other', status_class: statusClass };
    this.#requests.inc(labels);
    this.#requestSeconds.observe(labels, seconds);
  }

  connectionWaited(seconds: number): void {
    this.#connectionWait.observe(seconds);
  }

  redisFailed(client: 'sessions' | 'rate_limits', kind: 'connection' | 'command'): void {
    this.#redisErrors.inc({ client, kind });
  }

  rateLimitRefused(limit: string): void {
    this.#refusals.inc({ limit });
  }

  waitingRoomPlace(event: string, outcome: WaitingRoomOutcome): void {
    this.#waitingRoom.inc({ event, outcome });
  }

  requestShed(reason: (typeof SHED_REASONS)[number]): void {
    this.#shed.inc({ reason });
  }

  /** What load shedding reads (decision 0043): requests in flight and the event loop's delay, per process. */
  watchLoad(read: () => { inFlight: number; eventLoopDelayMs: number }): void {
    const registers = [this.registry];
    new Gauge({
      name: 'nabd_requests_in_flight',
      help: 'Requests being answered at the moment (health probes, metrics and static files left out).',
      registers,
      collect() {
        this.set(read().inFlight);
      },
    });
    new Gauge({
      name: 'nabd_event_loop_delay_seconds',
      help: 'The event-loop delay load shedding last read (the worse of the mean delay and one long block).',
      // Across the workers of a node (decision 0043): the worst one is what an operator needs to see.
      aggregator: 'max',
      registers,
      collect() {
        this.set(read().eventLoopDelayMs / 1000);
      },
    });
  }

  paymentSettled(outcome: PaymentOutcome, source: PaymentSource): void {
    this.#payments.inc({ outcome, source });
  }

  /** The database engine, and the pool's numbers at each scrape when it has one. */
  watchDatabase(engine: 'pglite' | 'postgres', pool: () => PoolFigures | undefined): void {
    const registers = [this.registry];
    const info = new Gauge({
      name: 'nabd_database_info',
      aggregator: 'first',
      help: 'The database engine: pglite (embedded, one connection, no pool) or postgres.',
      labelNames: ['engine'],
      registers,
    });
    info.labels(engine).set(1);
    const poolGauge = (name: string, help: string, read: (figures: PoolFigures) => number) =>
      new Gauge({
        name,
        help,
        registers,
        collect() {
          const figures = pool();
          if (figures) this.set(read(figures));
        },
      });
    if (engine !== 'postgres') return;
    poolGauge('nabd_database_pool_connections', 'PostgreSQL connections open in the pool, idle or in use.', (figures) => figures.total);
    poolGauge('nabd_database_pool_idle_connections', 'PostgreSQL connections open and idle.', (figures) => figures.idle);
    poolGauge('nabd_database_pool_waiting_queries', 'Queries waiting for a PostgreSQL connection.', (figures) => figures.waiting);
    poolGauge('nabd_database_pool_max_connections', 'The most connections the pool opens.', (figures) => figures.max);
  }

  /** Orders by state, tickets sold and held per event, active holds: read on scrape, shared by the gauges. */
  watchSales(read: () => Promise<SalesFigures>): void {
    const reading = this.#freshFor('sales', read);
    const registers = [this.registry];
    new Gauge({
      name: 'nabd_orders',
      // Read from the database every worker shares: the same figure from each, not theirs to add up.
      aggregator: 'first',
      help: 'Orders by state (PENDING_PAYMENT, PAID, PAYMENT_FAILED, EXPIRED, CANCELLED), from the commerce tables.',
      labelNames: ['state'],
      registers,
      async collect() {
        const figures = await reading();
        this.reset();
        if (figures) for (const [state, count] of Object.entries(figures.ordersByState)) this.labels(state).set(count);
      },
    });
    new Gauge({
      name: 'nabd_tickets_sold',
      // Read from the database every worker shares: the same figure from each, not theirs to add up.
      aggregator: 'first',
      help: 'Tickets sold (paid orders) per catalogue event.',
      labelNames: ['event'],
      registers,
      async collect() {
        const figures = await reading();
        this.reset();
        if (figures) for (const { eventId, sold } of figures.tickets) this.labels(eventId).set(sold);
      },
    });
    new Gauge({
      name: 'nabd_tickets_held',
      // Read from the database every worker shares: the same figure from each, not theirs to add up.
      aggregator: 'first',
      help: 'Tickets held by pending orders per catalogue event (decision 0027).',
      labelNames: ['event'],
      registers,
      async collect() {
        const figures = await reading();
        this.reset();
        if (figures) for (const { eventId, held } of figures.tickets) this.labels(eventId).set(held);
      },
    });
    new Gauge({
      name: 'nabd_active_holds',
      // Read from the database every worker shares: the same figure from each, not theirs to add up.
      aggregator: 'first',
      help: 'Pending orders whose hold on stock is still running.',
      registers,
      async collect() {
        const figures = await reading();
        this.reset();
        if (figures) this.set(figures.activeHolds);
      },
    });
  }

  /** The job queues' backlog per kind (decision 0032). */
  watchJobQueues(read: () => Promise<JobQueueFigures>): void {
    const reading = this.#freshFor('jobs', read);
    const registers = [this.registry];
    const perKind = (figures: JobQueueFigures | undefined) =>
      Object.entries(figures ?? {}).flatMap(([queue, kinds]) => Object.entries(kinds).map(([kind, stats]) => ({ queue, kind, stats })));
    new Gauge({
      name: 'nabd_jobs',
      // Read from the database every worker shares: the same figure from each, not theirs to add up.
      aggregator: 'first',
      help: 'Queued jobs by queue, kind and state: waiting (due, not taken), running, scheduled (later), failing (last try failed), failed (given up: an operator looks).',
      labelNames: ['queue', 'kind', 'state'],
      registers,
      async collect() {
        const figures = await reading();
        this.reset();
        for (const { queue, kind, stats } of perKind(figures))
          for (const state of JOB_STATES) this.labels(queue, kind, state).set(stats[state]);
      },
    });
    new Gauge({
      name: 'nabd_jobs_oldest_waiting_seconds',
      // Read from the database every worker shares: the same figure from each, not theirs to add up.
      aggregator: 'first',
      help: 'How long the job due longest has waited for a runner, by queue and kind.',
      labelNames: ['queue', 'kind'],
      registers,
      async collect() {
        const figures = await reading();
        this.reset();
        for (const { queue, kind, stats } of perKind(figures)) this.labels(queue, kind).set(stats.oldestWaitingSeconds);
      },
    });
  }

  /** The text Prometheus reads, and its content type. */
  async exposition(): Promise<{ contentType: string; body: string }> {
    if (this.#exposition) return this.#exposition();
    return { contentType: this.registry.contentType, body: await this.registry.metrics() };
  }

  /**
   * One reading shared by every gauge of a scrape and reused for `figuresMaxAgeMs`; a reading that
   * fails or misses the deadline leaves those figures out of this scrape (counted), never stale.
   */
  #freshFor<Figures>(source: string, read: () => Promise<Figures>): () => Promise<Figures | undefined> {
    let last: { at: number; figures: Figures } | undefined;
    let pending: Promise<Figures | undefined> | undefined;
    this.#unavailable.labels(source).inc(0);
    return () => {
      if (last && Date.now() - last.at < this.#options.figuresMaxAgeMs) return Promise.resolve(last.figures);
      pending ??= withinDeadline(read(), this.#options.figuresDeadlineMs)
        .then(
          (figures) => {
            last = { at: Date.now(), figures };
            return figures;
          },
          () => {
            last = undefined;
            this.#unavailable.labels(source).inc();
            return undefined;
          },
        )
        .finally(() => (pending = undefined));
      return pending;
    };
  }
}

function withinDeadline<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`No answer within ${ms} ms`)), ms);
  });
  return Promise.race([work, deadline]).finally(() => clearTimeout(timer));
}
