import { SPEC_ANALYTICS_EVENTS } from '#test/support/spec-analytics-events.ts';
import { BROWSER_EVENTS } from './analytics-endpoint.ts';
import { EVENT_NAMES, EVENT_PROPERTIES } from './event-schemas.ts';

/** SPEC 9.4: the site knows every event of the SPEC, each with a schema, and no other. */
describe('the events of SPEC 9.4', () => {
  test('are the 45 the site sends, no more and no fewer', () => {
    expect(SPEC_ANALYTICS_EVENTS).toHaveLength(45);
    expect(new Set(SPEC_ANALYTICS_EVENTS).size).toBe(45);
    expect([...EVENT_NAMES].sort()).toEqual([...SPEC_ANALYTICS_EVENTS].sort());
  });

  test('each has a schema, so none is refused for want of one', () => {
    expect(SPEC_ANALYTICS_EVENTS.filter((name) => !EVENT_PROPERTIES[name])).toEqual([]);
  });

  test('what the browser may send is among them', () => {
    expect([...BROWSER_EVENTS].filter((name) => !(SPEC_ANALYTICS_EVENTS as readonly string[]).includes(name))).toEqual([]);
  });
});
