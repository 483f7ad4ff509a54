import type { ReactNode } from 'react';
import type { RouteId } from '#server/route-table.ts';
import type { Asset } from '../../content.ts';
import { EventNavigation, type EventNavigationContent } from '../../components/EventNavigation.tsx';
import { PageHero } from '../../components/PageHero.tsx';
import { useSite } from '../../site-context.tsx';

/** The day edition (conference style) and the night edition of an experience event (SPEC 2.1). */
export type Edition = 'day' | 'nite';
export type ProgrammeSection = 'programme' | 'speakers' | 'brands' | 'artists' | 'timetable';

const SECTIONS: Record<Edition, Partial<Record<ProgrammeSection, RouteId>>> = {
  day: { programme: 'programDay', speakers: 'programDaySpeakers', brands: 'programDayBrands', timetable: 'programDayTimetable' },
  nite: { programme: 'programNite', artists: 'programNiteArtists', timetable: 'programNiteTimetable' },
};

export interface ProgrammeStage {
  id: string;
  title: string;
  titleColour?: string | null;
}

export interface DayProgramContent {
  id: string;
  name: string;
  description?: string | null;
  cover?: Asset | null;
  isMusicProgram: boolean;
  startDatetime: string;
  endDatetime: string;
  stage?: ProgrammeStage | null;
  format: string;
  interests: string[];
  speakers: { id: string; slug: string; name: string; role?: string | null; photo?: Asset | null }[];
  brands: { id: string; slug: string; name: string }[];
}

export interface NightProgramContent {
  id: string;
  name: string;
  description?: string | null;
  startDatetime: string;
  endDatetime: string;
  stage?: ProgrammeStage | null;
  genre?: string | null;
  category?: string | null;
  artists: { id: string; slug: string; name: string; cover?: Asset | null }[];
}

/** An anchor for a session's card on its programme page, which the timetable and profiles link to. */
export const sessionAnchor = (id: string) => `session-${id}`;

/** The programme's sections as tabs: the programme, its people (speakers, brands or artists) and the timetable. */
export function ProgrammeNavigation({ edition, slug, current }: { edition: Edition; slug: string; current: ProgrammeSection }) {
  const { t, urls } = useSite();
  return (
    <nav className="programme-nav" aria-label={t('programme:nav.label', { programme: t(`programme:${edition}.title`) })}>
      <ul className="programme-nav__list">
        {Object.entries(SECTIONS[edition]).map(([section, route]) => (
          <li key={section}>
            <a className="programme-nav__tab" href={urls.route(route, { slug })} aria-current={section === current ? 'page' : undefined}>
              {t(`programme:nav.${section}`)}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** Every programme page: the event's navigation, the programme's title and its sections. */
export function ProgrammeFrame({
  navigation,
  edition,
  current,
  children,
}: {
  navigation: EventNavigationContent;
  edition: Edition;
  current: ProgrammeSection;
  children: ReactNode;
}) {
  const { t, format } = useSite();
  const { event } = navigation;
  const accent = event.config.colourAccent;
  return (
    <article
      className={`programme programme--${edition}${current === 'programme' ? '' : ' programme--section'}`}
      style={{ '--accent': accent } as object}
    >
      <EventNavigation navigation={navigation} />
      <PageHero
        header={{
          title: t(`programme:${edition}.title`),
          subtitle: `${event.title} · ${format.dateRange(event.config.startDatetime, event.config.endDatetime)}`,
        }}
        accent={accent}
      >
        {current === 'programme' ? <p className="programme__lead">{t(`programme:${edition}.lead`)}</p> : null}
      </PageHero>
      <ProgrammeNavigation edition={edition} slug={event.slug} current={current} />
      <div className="section programme__body">{children}</div>
    </article>
  );
}
