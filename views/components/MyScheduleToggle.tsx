import { useFormState, useSite } from '../site-context.tsx';
import { FormToken } from './FormToken.tsx';

export const MY_SCHEDULE_FORM = 'my-schedule';
export const MY_SCHEDULE_INTENT = 'my-schedule';

export interface MyScheduleToggleProps {
  eventSlug: string;
  performanceSlug: string;
  /** In the visitor's schedule now. */
  marked: boolean;
  /** The performance's name, for the button's accessible name ("Add to my schedule: Barq"). */
  title?: string;
  /** An id for the button, unique on the page: focus then stays on it across the swap. */
  id?: string;
  /** An element id on this page to come back to after a submission without JavaScript. */
  returnAnchor?: string;
}

/** How the last submission went, shown inside the form (the in-place answer and the page after a refusal). */
interface ToggleStatus {
  kind: 'succeeded' | 'invalid' | 'failed';
  message: string;
}

/**
 * "Add to my schedule" for one performance, on any page that lists performances (line-up,
 * timetable, performance page). A POST form to the performance's page with the CSRF token, so it
 * works without JavaScript (POST-redirect-GET back to where the visitor was); with the `form-swap` script only this
 * form is swapped for its new state. It sends the state wanted, not "toggle", so a double submit
 * or a stale page cannot undo what the visitor meant.
 *
 * A page that shows toggles reads the visitor's marks in its loader with `readSchedule(context)`
 * (server/pages/lineup/my-schedule.ts: performance content ids) and passes `marked` for each.
 */
export function MyScheduleToggle(props: MyScheduleToggleProps) {
  const state = useFormState(MY_SCHEDULE_FORM);
  // A refused submission (a guest's full schedule, a service failure) is shown at the toggle it came from.
  const refused =
    state && state.status !== 'succeeded' && state.message && state.values.performanceSlug === props.performanceSlug
      ? { kind: state.status, message: state.message }
      : undefined;
  return <ToggleForm {...props} {...(refused ? { status: refused } : {})} />;
}

function ToggleForm({
  eventSlug,
  performanceSlug,
  marked,
  title,
  id,
  returnAnchor,
  status,
  returnTo: givenReturnTo,
}: MyScheduleToggleProps & { status?: ToggleStatus; returnTo?: string }) {
  const { t, urls, locale, assets } = useSite();
  assets.use('form-swap');
  const action = urls.route('performance', { eventSlug, performanceSlug });
  const returnTo = givenReturnTo ?? `${urls.current(locale)}${returnAnchor ? `#${returnAnchor}` : ''}`;
  return (
    <form
      className={marked ? 'schedule-toggle schedule-toggle--marked' : 'schedule-toggle'}
      method="post"
      action={action}
      data-form-swap=""
    >
      <FormToken />
      <input type="hidden" name="intent" value={MY_SCHEDULE_INTENT} />
      <input type="hidden" name="marked" value={marked ? 'false' : 'true'} />
      <input type="hidden" name="returnTo" value={returnTo} />
      {id ? <input type="hidden" name="toggleId" value={id} /> : null}
      <button type="submit" id={id} className="schedule-toggle__button" aria-pressed={marked}>
        <svg className="schedule-toggle__icon" viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
          {marked ? <path d="M5 12.5l4.5 4.5L19 7.5" /> : <path d="M12 5v14M5 12h14" />}
        </svg>
        <span className="schedule-toggle__text">{marked ? t('lineup:mySchedule.marked') : t('lineup:mySchedule.mark')}</span>
        {/* The visible words first, so the accessible name starts with what sighted users read. */}
        {title ? <span className="visually-hidden">{t('lineup:mySchedule.titleSuffix', { title })}</span> : null}
      </button>
      {status?.kind === 'succeeded' ? (
        <span className="visually-hidden" role="status">
          {t(status.message, { title: title ?? '' })}
        </span>
      ) : status ? (
        <p className="schedule-toggle__error" role="alert">
          {t(status.message)}
        </p>
      ) : null}
    </form>
  );
}

/**
 * What an in-place submission gets back (server/forms/my-schedule.ts): the toggle in its new state,
 * from the values the action answered with, and the outcome (announced, or shown when refused).
 */
export function MyScheduleToggleFragment() {
  const state = useFormState(MY_SCHEDULE_FORM);
  const values = state?.values ?? {};
  if (!state || !values.eventSlug || !values.performanceSlug) return null;
  return (
    <ToggleForm
      eventSlug={values.eventSlug}
      performanceSlug={values.performanceSlug}
      marked={values.marked === 'true'}
      {...(values.title ? { title: values.title } : {})}
      {...(values.toggleId ? { id: values.toggleId } : {})}
      {...(values.returnTo ? { returnTo: values.returnTo } : {})}
      {...(state.message ? { status: { kind: state.status, message: state.message } } : {})}
    />
  );
}
