import { createLogger } from '#platform/logger.ts';
import type { AnalyticsSink, TrackedEvent } from './analytics-sink.ts';
import { Tracker, TrackingSchemaError } from './tracker.ts';

/** A sink that keeps what it is given, to read the events back. */
class KeepingSink implements AnalyticsSink {
  events: TrackedEvent[] = [];
  async send(events: TrackedEvent[]) {
    this.events.push(...events);
  }
  async close() {}
}

const context = {
  page: { page_type: 'event', module_name: 'events', submodule_name: 'event' },
  language: 'ar' as const,
  pageName: '/ar/events/x',
  analyticsConsent: true,
};
const tracker = (options: { strict: boolean; production: boolean }, sink = new KeepingSink()) =>
  [new Tracker({ sink, logger: createLogger({ level: 'silent' }), ...options }), sink] as const;

describe('the analytics core (SPEC 4.5, 9.4)', () => {
  test('every event carries the common properties', () => {
    const [analytics, sink] = tracker({ strict: true, production: false });
    analytics.track('page_viewed', context);
    expect(sink.events[0]).toMatchObject({
      name: 'page_viewed',
      properties: {
        page_type: 'event',
        category: null,
        category_name: null,
        tab_name: null,
        user_country: null,
        version: '1.0',
        language: 'ar',
        medium: 'web',
        submodule_name: 'event',
        module_name: 'events',
        page_name: '/ar/events/x',
      },
    });
  });

  test('sign-in failures carry version 1.1 (SPEC 7.4)', () => {
    const [analytics, sink] = tracker({ strict: true, production: false });
    analytics.track('user_login_failed', context, { provider: 'Default', reason_code: 'invalid_grant' }, '1.1');
    expect(sink.events[0]!.properties).toMatchObject({ version: '1.1', provider: 'Default', reason_code: 'invalid_grant' });
  });

  test('in non-production strict mode a schema violation throws (SPEC 5)', () => {
    const [analytics, sink] = tracker({ strict: true, production: false });
    expect(() =>
      analytics.track('view_promotion', context, {
        creative_name: 'x',
        creative_slot: '1',
        promotion_name: 'p',
        promotion_id: '1',
        items: 'not a list',
      }),
    ).toThrow(TrackingSchemaError);
    expect(() => analytics.track('page_viewed', context, { unexpected: true })).toThrow(/unexpected|Unrecognized/);
    expect(sink.events).toEqual([]);
  });

  test('without the visitor’s consent nothing is recorded, not even a valid event (decision 0051)', () => {
    const [analytics, sink] = tracker({ strict: true, production: false });
    analytics.track('page_viewed', { ...context, analyticsConsent: false });
    analytics.track('language_switched', { ...context, analyticsConsent: false }, { old_language_code: 'ar', new_language_code: 'en' });
    expect(sink.events).toEqual([]);
    // The event's shape is checked all the same.
    expect(() => analytics.track('page_viewed', { ...context, analyticsConsent: false }, { unexpected: true })).toThrow(
      TrackingSchemaError,
    );
  });

  test('otherwise a violation is logged and the event dropped', () => {
    for (const options of [
      { strict: false, production: false },
      { strict: true, production: true },
    ]) {
      const [analytics, sink] = tracker(options);
      expect(() => analytics.track('view_promotion', context, { items: [1] })).not.toThrow();
      expect(sink.events).toEqual([]);
    }
  });
});
