import { gql } from '@apollo/client';
import type { TFunction } from 'i18next';
import type { PageHead } from '../../page.ts';
import type { PageProperties } from '../../analytics/tracker.ts';
import type { EventNavigationWithStatus } from '../events/ended-events.ts';
import { ASSET_FIELDS } from '../content-fragments.ts';

/**
 * What the day and night programme pages ask the content service for, by the event's slug so that
 * each page is one round trip (the service also answers by event id, SPEC 7.1).
 */

export const STAGE_FIELDS = gql`
  fragment ProgrammeStageFields on Stage {
    id
    title
    titleColour
  }
`;

export const DAY_PROGRAM_FIELDS = gql`
  fragment DayProgramFields on DayProgram {
    id
    name
    description
    cover {
      ...AssetFields
    }
    isMusicProgram
    startDatetime
    endDatetime
    stage {
      ...ProgrammeStageFields
    }
    format
    interests
    speakers {
      id
      slug
      name
      role
      photo {
        ...AssetFields
      }
    }
    brands {
      id
      slug
      name
    }
  }
  ${ASSET_FIELDS}
  ${STAGE_FIELDS}
`;

export const NIGHT_PROGRAM_FIELDS = gql`
  fragment NightProgramFields on NightProgram {
    id
    name
    description
    startDatetime
    endDatetime
    stage {
      ...ProgrammeStageFields
    }
    genre
    category
    artists {
      id
      slug
      name
      cover {
        ...AssetFields
      }
    }
  }
  ${ASSET_FIELDS}
  ${STAGE_FIELDS}
`;

export type Edition = 'day' | 'nite';

/** A programme page's head: its own name, then the programme's and the event's; no index for unlisted events. */
export function programmeHead(t: TFunction, edition: Edition, navigation: EventNavigationWithStatus, section?: string): PageHead {
  const { event } = navigation;
  const programme = t(`programme:${edition}.title`);
  return {
    title: section
      ? t('programme:seo.sectionTitle', { section, programme, event: event.title })
      : t('programme:seo.title', { programme, event: event.title }),
    description: t(`programme:${edition}.seoDescription`, { event: event.title }),
    image: event.config.cover?.url,
    // SPEC 6: an unlisted event stays out of search engines, its programmes too.
    noIndex: event.config.unlistedEvent,
  };
}

/** SPEC 9.4: the programme pages describe themselves alike; the tab is the section shown. */
export function programmeAnalytics(edition: Edition, navigation: EventNavigationWithStatus, tab: string): PageProperties {
  return {
    page_type: 'programme',
    module_name: 'events',
    submodule_name: edition === 'day' ? 'programDay' : 'programNite',
    category: navigation.event.slug,
    category_name: navigation.event.title,
    tab_name: tab,
  };
}
