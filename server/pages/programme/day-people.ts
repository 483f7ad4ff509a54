import { gql, type TypedDocumentNode } from '@apollo/client';
import type { Locale } from '#views/format.ts';
import type { BrandContent, ProfileSession, SpeakerContent } from '#views/pages/programme/ProgrammePeoplePages.tsx';
import { notFound, page, type Loaded, type PageContext } from '../../page.ts';
import { navigationForStatus, type EventNavigationWithStatus } from '../events/ended-events.ts';
import { EVENT_NAVIGATION_FIELDS } from '../events/event-navigation.ts';
import { ASSET_FIELDS } from '../content-fragments.ts';
import { programmeAnalytics, programmeHead } from './programme-fields.ts';

type Session = ProfileSession & { speakers: { id: string }[]; brands: { id: string }[] };
type DayPeopleQuery = {
  eventNavigation: EventNavigationWithStatus | null;
  speakers?: SpeakerContent[];
  brands?: BrandContent[];
  dayPrograms: Session[];
};

/**
 * The day programme's speakers or brands (SPEC 7.1 lists them by event; here by its slug) with the
 * sessions each takes part in, in one round trip.
 */
const DAY_PEOPLE_QUERY: TypedDocumentNode<DayPeopleQuery, { locale: Locale; slug: string; speakers: boolean; brands: boolean }> = gql`
  query DayProgrammePeople($locale: Locale!, $slug: String!, $speakers: Boolean!, $brands: Boolean!) {
    eventNavigation(locale: $locale, slug: $slug) {
      ...EventNavigationFields
      event {
        config {
          ended
          unlistedEvent
        }
      }
    }
    speakers(locale: $locale, eventSlug: $slug) @include(if: $speakers) {
      id
      slug
      name
      role
      bio
      photo {
        ...AssetFields
      }
      brand {
        name
      }
    }
    brands(locale: $locale, eventSlug: $slug) @include(if: $brands) {
      id
      slug
      name
      description
      url
      logo {
        ...AssetFields
      }
    }
    dayPrograms(locale: $locale, eventSlug: $slug) {
      id
      name
      startDatetime
      endDatetime
      speakers {
        id
      }
      brands {
        id
      }
    }
  }
  ${EVENT_NAVIGATION_FIELDS}
  ${ASSET_FIELDS}
`;

const sessionOnly = ({ id, name, startDatetime, endDatetime }: Session): ProfileSession => ({ id, name, startDatetime, endDatetime });

/** The speakers (or brands) page: everyone with their sessions; not found for an event without a day programme. */
export async function loadDayPeople<Kind extends 'speakers' | 'brands'>(
  { services, locale, params, t, urls }: PageContext,
  kind: Kind,
): Promise<
  Loaded<{
    navigation: ReturnType<typeof navigationForStatus>;
    people: ((Kind extends 'speakers' ? SpeakerContent : BrandContent) & { sessions: ProfileSession[] })[];
    programmeHref: string;
  }>
> {
  const slug = params.slug!;
  const answer = await services.content.query(DAY_PEOPLE_QUERY, { locale, slug, speakers: kind === 'speakers', brands: kind === 'brands' });
  const { eventNavigation, dayPrograms } = answer;
  const people = (answer[kind] ?? []) as (SpeakerContent | BrandContent)[];
  if (!eventNavigation || !dayPrograms.length || !people.length) return notFound();
  return page(
    {
      navigation: navigationForStatus(eventNavigation),
      people: people.map((person) => ({
        ...person,
        sessions: dayPrograms.filter((session) => session[kind].some((member) => member.id === person.id)).map(sessionOnly),
      })) as never,
      programmeHref: urls.route('programDay', { slug }),
    },
    programmeHead(t, 'day', eventNavigation, t(`programme:nav.${kind}`)),
    programmeAnalytics('day', eventNavigation, kind),
  );
}
