import { sql } from 'drizzle-orm';
import { queryRows, type Database, type DatabaseHandle } from '#platform/database.ts';
import { unavailableDependency } from '#platform/dependency-errors.ts';
import { migrate, type Migration } from '#platform/migrations.ts';
import type { Logger } from '#platform/logger.ts';
import { OutageLog } from '#platform/outage-log.ts';
import createEventsTable from './migrations/0001_events.sql';

export interface TrackedEvent {
  name: string;
  properties: Record<string, unknown>;
  occurredAt: string;
}

/**
 * Where analytics events go (SPEC 4.5, 7.4). The analytics service cannot be reached from here, so
 * the default is a sandbox that keeps the events in its own table, where tests and developers can
 * read exactly what would have been sent. A real sink is one more implementation of this interface.
 */
export interface AnalyticsSink {
  send(events: TrackedEvent[]): Promise<void>;
  close(): Promise<void>;
}

export const ANALYTICS_SCHEMA = 'analytics_sandbox';
export const analyticsMigrations: Migration[] = [{ name: '0001_events', sql: createEventsTable }];

export async function createSandboxAnalyticsSink(database: DatabaseHandle): Promise<SandboxAnalyticsSink> {
  await migrate(database, ANALYTICS_SCHEMA, analyticsMigrations);
  return new SandboxAnalyticsSink(database.db);
}

export class SandboxAnalyticsSink implements AnalyticsSink {
  constructor(private readonly db: Database) {}

  async send(events: TrackedEvent[]): Promise<void> {
    if (events.length === 0) return;
    const rows = events.map((event) => sql`(${event.name}, ${JSON.stringify(event.properties)}::jsonb, ${event.occurredAt}::timestamptz)`);
    await this.db.execute(sql`insert into analytics_sandbox.events (name, properties, occurred_at) values ${sql.join(rows, sql`, `)}`);
  }

  /** What the sandbox received, newest last: for tests and for developers checking tracking. */
  async received(name?: string): Promise<TrackedEvent[]> {
    const rows = await queryRows<{ name: string; properties: Record<string, unknown>; occurred_at: string }>(
      this.db,
      sql`select name, properties, occurred_at from analytics_sandbox.events ${name ? sql`where name = ${name}` : sql``} order by id`,
    );
    return rows.map((row) => ({
      name: row.name,
      properties: row.properties,
      occurredAt: new Date(row.occurred_at).toISOString(),
    }));
  }

  async close(): Promise<void> {}
}

/**
 * Batches events so a page view never waits on the sink: they are sent every second, or as soon
 * as 50 are waiting, and whatever is left goes out on close.
 */
export class BufferedAnalyticsSink implements AnalyticsSink {
  private buffer: TrackedEvent[] = [];
  private readonly timer: NodeJS.Timeout;
  private sending = Promise.resolve();
  private readonly outages: OutageLog;

  constructor(
    private readonly target: AnalyticsSink,
    private readonly logger: Logger,
    private readonly options = { maxBatch: 50, intervalMs: 1000 },
  ) {
    this.outages = new OutageLog(logger);
    this.timer = setInterval(() => void this.flush(), options.intervalMs);
    this.timer.unref();
  }

  async send(events: TrackedEvent[]): Promise<void> {
    this.buffer.push(...events);
    if (this.buffer.length >= this.options.maxBatch) void this.flush();
  }

  /** Sends what is waiting; resolves when everything queued so far has been handed over. */
  flush(): Promise<void> {
    const batch = this.buffer;
    this.buffer = [];
    this.sending = this.sending.then(async () => {
      if (batch.length === 0) return;
      try {
        await this.target.send(batch);
      } catch (error) {
        // Sent every second: an outage of the sink is reported once a minute, not at every batch.
        const dependency = unavailableDependency(error);
        if (dependency) this.outages.report(dependency, error, { task: 'analytics', dropped: batch.length });
        else this.logger.warn({ err: error, dropped: batch.length }, 'Analytics events could not be sent');
      }
    });
    return this.sending;
  }

  async close(): Promise<void> {
    clearInterval(this.timer);
    await this.flush();
    await this.target.close();
  }
}
