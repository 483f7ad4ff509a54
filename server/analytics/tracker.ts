import type { Logger } from '#platform/logger.ts';
import type { Locale } from '#views/format.ts';
import type { AnalyticsSink } from './analytics-sink.ts';
import { commonProperties, EVENT_PROPERTIES, type EventName } from './event-schemas.ts';

/** What a page says about itself in every event sent from it (SPEC 9.4). */
export interface PageProperties {
  page_type: string;
  module_name: string;
  submodule_name?: string | null | undefined;
  category?: string | null | undefined;
  category_name?: string | null | undefined;
  tab_name?: string | null | undefined;
}

/** Where the visitor is when the event happens. */
export interface TrackingContext {
  page: PageProperties;
  language: Locale;
  /** The current path, e.g. `/ar/events`. */
  pageName: string;
  /** SPEC 9.4: optional, null when unknown. */
  userCountry?: string | null | undefined;
  /** Decision 0051: the visitor agreed to analytics. Without it nothing is recorded. */
  analyticsConsent: boolean;
}

export class TrackingSchemaError extends Error {
  override name = 'TrackingSchemaError';
}

export interface TrackerOptions {
  sink: AnalyticsSink;
  logger: Logger;
  /** SPEC 5: in non-production strict mode a schema violation throws; otherwise it is logged. */
  strict: boolean;
  production: boolean;
  clock?: () => Date;
}

/** The one way events leave the site: only with the visitor's consent, common properties added, schema checked, sink fed. */
export class Tracker {
  constructor(private readonly options: TrackerOptions) {}

  /** `version` is fixed at 1.0 (SPEC 9.4) except where SPEC 7.4 says otherwise (sign-in failures: 1.1). */
  track(name: EventName, context: TrackingContext, properties: Record<string, unknown> = {}, version = '1.0'): void {
    const common = {
      page_type: context.page.page_type,
      category: context.page.category ?? null,
      category_name: context.page.category_name ?? null,
      tab_name: context.page.tab_name ?? null,
      user_country: context.userCountry ?? null,
      version,
      language: context.language,
      medium: 'web' as const,
      submodule_name: context.page.submodule_name ?? null,
      module_name: context.page.module_name,
      page_name: context.pageName,
    };
    const problems = this.validate(name, common, properties);
    if (problems) {
      const error = new TrackingSchemaError(`Analytics event ${name} does not match its schema: ${problems}`);
      if (this.options.strict && !this.options.production) throw error;
      this.options.logger.warn({ event: name, problems }, error.message);
      return;
    }
    // Checked first all the same: an event's shape does not depend on who agreed to it.
    if (!context.analyticsConsent) return;
    const occurredAt = (this.options.clock?.() ?? new Date()).toISOString();
    void this.options.sink.send([{ name, properties: { ...common, ...properties }, occurredAt }]);
  }

  private validate(name: EventName, common: Record<string, unknown>, properties: Record<string, unknown>): string | undefined {
    const schema = EVENT_PROPERTIES[name];
    if (!schema) return 'no schema is declared for this event';
    const issues = [...(commonProperties.safeParse(common).error?.issues ?? []), ...(schema.safeParse(properties).error?.issues ?? [])];
    return issues.length ? issues.map((issue) => `${issue.path.join('.') || '(event)'}: ${issue.message}`).join('; ') : undefined;
  }
}
