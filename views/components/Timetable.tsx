import { useId, type ReactNode } from 'react';
import { useSite } from '../site-context.tsx';
import { useTrack } from './tracking.ts';
import { layoutTimetable, type TimedEntry } from './timetable-layout.ts';

/** One slot of a timetable: a performance, a session or a set. */
export interface TimetableEntry extends TimedEntry {
  id: string;
  title: string;
  /** Where the slot's own page (or card) is. */
  href?: string | null;
  /** A second line: the performers, the format... */
  detail?: string | null;
  /** Headliners and the like stand out. */
  featured?: boolean;
}

/** A stage and what happens on it that day. A null title is a timetable whose stages are not shown. */
export interface TimetableColumn {
  id: string;
  title: string | null;
  colour?: string | null;
}

interface TimetableProps<Entry extends TimetableEntry> {
  /** The festival day, YYYY-MM-DD in Riyadh. */
  day: string;
  /** The day as a heading, e.g. "Thursday, 10 December 2026". */
  heading: string;
  columns: (TimetableColumn & { entries: Entry[] })[];
  /** Something to do with an entry, such as adding it to a personal schedule; shown inside its box. */
  renderEntryAction?: (entry: Entry) => ReactNode;
}

/**
 * One festival day as a timetable. On a wide screen the stages are columns against a time axis
 * running down the page (the same in both reading directions; the columns follow the language's
 * direction), each slot sized by its length; overlapping slots on a stage share its width. On a
 * phone the same markup reads as a list of stages, each with its slots in order and their times.
 * The switch is CSS alone. Too many stages for a tablet's width scroll sideways inside the
 * timetable's own labelled region, never the page.
 */
export function Timetable<Entry extends TimetableEntry>({ day, heading, columns, renderEntryAction }: TimetableProps<Entry>) {
  const { t, format } = useSite();
  const track = useTrack();
  const id = useId();
  const layout = layoutTimetable(
    day,
    columns.map((column) => column.entries),
  );
  const span = layout.axis.end - layout.axis.start;
  return (
    <div className="timetable" style={{ '--columns': columns.length, '--span': span } as object}>
      <div className="timetable__heading">
        <h2 className="timetable__day" id={`${id}-day`}>
          {heading}
        </h2>
        <p className="timetable__zone">{t('programme:timetable.timeZone')}</p>
      </div>
      <div className="timetable__scroller" role="region" aria-labelledby={`${id}-day`} tabIndex={0}>
        <div className="timetable__grid">
          <div className="timetable__axis" aria-hidden="true">
            {layout.axis.hours.map((hour) => (
              <span className="timetable__hour" key={hour.offset} style={{ '--at': hour.offset } as object}>
                {format.time(hour.instant)}
              </span>
            ))}
          </div>
          {columns.map((column, index) => (
            <section
              className="timetable__stage"
              key={column.id}
              aria-labelledby={column.title ? `${id}-stage-${index}` : undefined}
              aria-label={column.title ? undefined : t('programme:timetable.allStages')}
              style={column.colour ? ({ '--stage-colour': column.colour } as object) : undefined}
            >
              {column.title ? (
                <h3 className="timetable__stage-title" id={`${id}-stage-${index}`}>
                  {column.title}
                </h3>
              ) : null}
              <ol className="timetable__track">
                {layout.columns[index]!.map(({ entry, start, end, lane, lanes }) => (
                  <li
                    className={entry.featured ? 'timetable__entry timetable__entry--featured' : 'timetable__entry'}
                    key={entry.id}
                    style={{ '--start': start, '--length': end - start, '--lane': lane, '--lanes': lanes } as object}
                  >
                    <p className="timetable__times">
                      <time dateTime={entry.startDatetime}>{format.time(entry.startDatetime)}</time>
                      <span aria-hidden="true">–</span>
                      <span className="visually-hidden">{t('programme:timetable.until')}</span>
                      <time dateTime={entry.endDatetime}>{format.time(entry.endDatetime)}</time>
                    </p>
                    <p className="timetable__title">
                      {entry.href ? (
                        <a
                          className="timetable__link"
                          href={entry.href}
                          {...track('link_clicked', { link_label: entry.title, link_url: entry.href, section_name: 'timetable' })}
                        >
                          {entry.title}
                        </a>
                      ) : (
                        entry.title
                      )}
                    </p>
                    {entry.detail ? <p className="timetable__detail">{entry.detail}</p> : null}
                    {renderEntryAction ? <div className="timetable__action">{renderEntryAction(entry)}</div> : null}
                  </li>
                ))}
              </ol>
            </section>
          ))}
        </div>
      </div>
    </div>
  );
}

export interface TimetableDayLink {
  date: string;
  number: number;
  href: string;
}

/** The festival days as tabs: links, so every day has its own address. */
export function TimetableDays({ days, current }: { days: TimetableDayLink[]; current: string }) {
  const { t, format } = useSite();
  const track = useTrack();
  return (
    <nav className="timetable-days" aria-label={t('programme:timetable.days')}>
      <ul className="timetable-days__list">
        {days.map((day) => {
          const { day: date, month } = format.dayAndMonth(`${day.date}T12:00:00+03:00`);
          return (
            <li key={day.date}>
              <a
                className="timetable-days__tab"
                href={day.href}
                aria-current={day.date === current ? 'page' : undefined}
                {...track('link_clicked', { link_label: day.date, link_url: day.href, section_name: 'timetable_days' })}
              >
                <span className="timetable-days__number">{t('programme:timetable.dayNumber', { number: day.number })}</span>
                <span className="timetable-days__date">
                  {date} {month}
                </span>
              </a>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
