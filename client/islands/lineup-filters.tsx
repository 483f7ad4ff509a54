import { LineupFilters } from '#views/islands/LineupFilters.tsx';
import { hydrateIslands } from '../hydrate-islands.tsx';

hydrateIslands('lineup-filters', LineupFilters);
