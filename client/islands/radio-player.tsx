import { RadioPlayer } from '#views/islands/RadioPlayer.tsx';
import { hydrateIslands } from '../hydrate-islands.tsx';

hydrateIslands('radio-player', RadioPlayer);
