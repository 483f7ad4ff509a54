import type { ReactNode } from 'react';
import type { EventNavigationContent } from '../../components/EventNavigation.tsx';
import { Icon } from '../../components/Icon.tsx';
import { ResponsiveImage } from '../../components/ResponsiveImage.tsx';
import { useTrack } from '../../components/tracking.ts';
import { useSite } from '../../site-context.tsx';
import { ProgrammeFrame, sessionAnchor, type DayProgramContent, type NightProgramContent, type ProgrammeStage } from './ProgrammeFrame.tsx';

/** A programme's tab (a format of the day programme, a category of the night one) with its link. */
export interface ProgrammeTab {
  value: string;
  label: string;
  count: number;
  href: string;
}

export interface ProgrammeDayGroup<Session> {
  date: string;
  heading: string;
  sessions: Session[];
}

export interface ProgrammeListData<Session> {
  navigation: EventNavigationContent;
  /** All sessions first, then one tab per value the content uses. */
  tabs: ProgrammeTab[];
  /** The tab shown; '' for all. */
  tab: string;
  days: ProgrammeDayGroup<Session>[];
  /** The page of the edition's people (speakers by day, artists by night); each profile is an anchor there. */
  peopleHref: string;
}

export type DayProgrammePageData = ProgrammeListData<DayProgramContent>;

/** The tabs of a programme list: links, so every tab has its own address. */
export function ProgrammeTabs({ tabs, current, label }: { tabs: ProgrammeTab[]; current: string; label: string }) {
  const track = useTrack();
  return (
    <nav className="programme-tabs" aria-label={label}>
      <ul className="programme-tabs__list">
        {tabs.map((tab) => (
          <li key={tab.value}>
            <a
              className="programme-tabs__tab"
              href={tab.href}
              aria-current={tab.value === current ? 'page' : undefined}
              {...track('link_clicked', { link_label: tab.value || 'all', link_url: tab.href, section_name: 'programme_tabs' })}
            >
              {tab.label}
              <span className="programme-tabs__count">{tab.count}</span>
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** When and where: the times in Riyadh and the stage. */
export function SessionWhen({ session }: { session: { startDatetime: string; endDatetime: string; stage?: ProgrammeStage | null } }) {
  const { format } = useSite();
  return (
    <p className="session-card__when">
      <span className="session-card__time">
        <Icon name="clock" />
        <time dateTime={session.startDatetime}>{format.time(session.startDatetime)}</time>
        <span aria-hidden="true">–</span>
        <time dateTime={session.endDatetime}>{format.time(session.endDatetime)}</time>
      </span>
      {session.stage ? (
        <span
          className="session-card__stage"
          style={session.stage.titleColour ? ({ '--stage-colour': session.stage.titleColour } as object) : undefined}
        >
          <Icon name="pin" />
          {session.stage.title}
        </span>
      ) : null}
    </p>
  );
}

/** The days of a programme, each with its sessions as cards. */
export function ProgrammeDays<Session extends DayProgramContent | NightProgramContent>({
  days,
  renderSession,
}: {
  days: ProgrammeDayGroup<Session>[];
  renderSession: (session: Session) => ReactNode;
}) {
  return (
    <>
      {days.map((day) => (
        <section className="programme-day" key={day.date} aria-labelledby={`day-${day.date}`}>
          <h2 className="programme-day__heading" id={`day-${day.date}`}>
            {day.heading}
          </h2>
          <ol className="session-grid">{day.sessions.map(renderSession)}</ol>
        </section>
      ))}
    </>
  );
}

function DaySessionCard({ session, speakersHref }: { session: DayProgramContent; speakersHref: string }) {
  const { t } = useSite();
  return (
    <li className="session-card" id={sessionAnchor(session.id)}>
      {session.cover ? (
        <ResponsiveImage
          className="session-card__cover"
          asset={session.cover}
          alt=""
          sizes="(min-width: 80rem) 30vw, (min-width: 40rem) 50vw, 100vw"
        />
      ) : null}
      <div className="session-card__body">
        <p className="session-card__kind">
          <span className="session-card__format">{t(`programme:format.${session.format}`, { defaultValue: session.format })}</span>
          {session.isMusicProgram ? <span className="session-card__badge">{t('programme:day.musicProgram')}</span> : null}
        </p>
        <h3 className="session-card__title">{session.name}</h3>
        <SessionWhen session={session} />
        {session.description ? <p className="session-card__description">{session.description}</p> : null}
        {session.speakers.length ? (
          <ul className="session-card__people" aria-label={t('programme:day.speakersOf', { session: session.name })}>
            {session.speakers.map((speaker) => (
              <li key={speaker.id}>
                <a className="session-person" href={`${speakersHref}#speaker-${speaker.slug}`}>
                  {speaker.photo ? (
                    <img className="session-person__photo" src={speaker.photo.url} alt="" width={40} height={40} loading="lazy" />
                  ) : null}
                  <span className="session-person__name">{speaker.name}</span>
                  {speaker.role ? <span className="session-person__role">{speaker.role}</span> : null}
                </a>
              </li>
            ))}
          </ul>
        ) : null}
        {session.interests.length || session.brands.length ? (
          <div className="session-card__footer">
            {session.interests.length ? (
              <ul className="chips" aria-label={t('programme:day.interests')}>
                {session.interests.map((interest) => (
                  <li className="chip" key={interest}>
                    {t(`programme:interest.${interest}`, { defaultValue: interest })}
                  </li>
                ))}
              </ul>
            ) : null}
            {session.brands.length ? (
              <p className="session-card__brands">
                {t('programme:day.withBrands', { brands: session.brands.map((brand) => brand.name).join(t('programme:listSeparator')) })}
              </p>
            ) : null}
          </div>
        ) : null}
      </div>
    </li>
  );
}

/** SPEC 2.1 /events/{slug}/program/day and /program/day/{tab}: the sessions by day, a format per tab. */
export function DayProgrammePage({ data }: { data: DayProgrammePageData }) {
  const { t } = useSite();
  return (
    <ProgrammeFrame navigation={data.navigation} edition="day" current="programme">
      <ProgrammeTabs tabs={data.tabs} current={data.tab} label={t('programme:day.tabs')} />
      <ProgrammeDays
        days={data.days}
        renderSession={(session) => <DaySessionCard key={session.id} session={session} speakersHref={data.peopleHref} />}
      />
    </ProgrammeFrame>
  );
}
