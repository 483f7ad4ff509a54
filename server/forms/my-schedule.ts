import { gql, type TypedDocumentNode } from '@apollo/client';
import { MY_SCHEDULE_FORM, MyScheduleToggleFragment } from '#views/components/MyScheduleToggle.tsx';
import type { Locale } from '#views/format.ts';
import { safeReturnTo } from '../auth/session-auth.ts';
import type { FormAction } from '../page.ts';
import { markPerformance } from '../pages/lineup/my-schedule.ts';

interface SchedulablePerformanceQuery {
  performance: { id: string; title: string } | null;
  festivalLineup: { settingsHideTiming: boolean } | null;
  event: { config: { ended: boolean } } | null;
}

const SCHEDULABLE_PERFORMANCE: TypedDocumentNode<SchedulablePerformanceQuery, { locale: Locale; eventSlug: string; slug: string }> = gql`
  query SchedulablePerformance($locale: Locale!, $eventSlug: String!, $slug: String!) {
    performance(locale: $locale, slug: $slug, eventSlug: $eventSlug) {
      id
      title
    }
    festivalLineup(locale: $locale, eventSlug: $eventSlug) {
      settingsHideTiming
    }
    event(locale: $locale, slug: $eventSlug) {
      config {
        ended
      }
    }
  }
`;

/**
 * "Add to my schedule" (views/components/MyScheduleToggle.tsx), posted to the performance's page
 * from wherever the performance is listed. Without JavaScript the visitor goes back where they
 * were (POST-redirect-GET); with htmx the toggle alone comes back in its new state.
 */
export const myScheduleAction: FormAction = {
  form: MY_SCHEDULE_FORM,
  Fragment: MyScheduleToggleFragment,
  async handle(context, body) {
    const { services, locale, params, req, urls } = context;
    const eventSlug = params.eventSlug!;
    const performanceSlug = params.performanceSlug!;
    const here = urls.route('performance', { eventSlug, performanceSlug });
    const returnTo = safeReturnTo(body.returnTo, here);
    const marked = body.marked === 'true';
    const { performance, festivalLineup, event } = await services.content.query(SCHEDULABLE_PERFORMANCE, {
      locale,
      eventSlug,
      slug: performanceSlug,
    });
    const values = {
      eventSlug,
      performanceSlug,
      marked: String(!marked),
      returnTo,
      ...(performance ? { title: performance.title } : {}),
      ...(typeof body.toggleId === 'string' && /^[\w-]{1,120}$/.test(body.toggleId) ? { toggleId: body.toggleId } : {}),
    };
    // A schedule needs times (SPEC 3.2 settingsHideTiming) and an event still ahead.
    if (!performance || !festivalLineup || festivalLineup.settingsHideTiming || event?.config.ended) {
      return { kind: 'invalid', values, errors: {}, message: 'lineup:mySchedule.unavailable' };
    }
    try {
      if (!(await markPerformance(context, performance.id, marked))) {
        return { kind: 'invalid', values, errors: {}, message: 'lineup:mySchedule.full' };
      }
    } catch (error) {
      req.log.warn({ err: error }, 'My schedule could not be saved');
      return { kind: 'failed', values, message: 'lineup:mySchedule.failed', cause: error };
    }
    const htmx = req.get('HX-Request') === 'true';
    return {
      kind: 'succeeded',
      message: marked ? 'lineup:mySchedule.added' : 'lineup:mySchedule.removed',
      values: { ...values, marked: String(marked) },
      ...(htmx ? {} : { redirectTo: returnTo }),
    };
  },
};
