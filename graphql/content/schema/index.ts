import base from './base.graphql';
import editorial from './editorial.graphql';
import events from './events.graphql';
import lineup from './lineup.graphql';
import music from './music.graphql';
import pages from './pages.graphql';
import partners from './partners.graphql';
import programmes from './programmes.graphql';
import queries from './queries.graphql';
import search from './search.graphql';
import site from './site.graphql';

/** The content service's schema, one file per part of SPEC 3.1 and 3.2, queries of SPEC 7.1 last. */
export const typeDefs = [base, site, pages, events, lineup, programmes, music, editorial, partners, search, queries];
