import { GraphQLScalarType } from 'graphql';
import { editorialQueries, editorialTypes } from './editorial.ts';
import { eventQueries, eventTypes } from './events.ts';
import { lineupQueries, lineupTypes } from './lineup.ts';
import { musicQueries, musicTypes } from './music.ts';
import { pageQueries, pageTypes } from './pages.ts';
import { partnerQueries, partnerTypes } from './partners.ts';
import { programmeQueries, programmeTypes } from './programmes.ts';
import { searchQueries } from './search.ts';
import { siteQueries, siteTypes } from './site.ts';

export type { ContentContext } from './helpers.ts';

/** The content service's resolvers, one module per part of SPEC 3.1/3.2; rules live beside them. */
export const resolvers = {
  RichText: new GraphQLScalarType({ name: 'RichText', description: 'A rich text document (JSON).', serialize: (value) => value }),
  Link: { __resolveType: (link: { icon?: unknown }) => ('icon' in link ? 'CallToAction' : 'NavigationItem') },
  Query: {
    ...siteQueries,
    ...pageQueries,
    ...eventQueries,
    ...lineupQueries,
    ...programmeQueries,
    ...musicQueries,
    ...editorialQueries,
    ...partnerQueries,
    ...searchQueries,
  },
  ...siteTypes,
  ...pageTypes,
  ...eventTypes,
  ...lineupTypes,
  ...programmeTypes,
  ...musicTypes,
  ...editorialTypes,
  ...partnerTypes,
};
