/**
 * SPEC 4.2, 3.5: two audio players, the navigation's and the footer's, each with a URL and a
 * playing flag. Setting a URL stops that player; play starts it and stops the other; pause and
 * close stop it, and close also unloads it. One store per page, shared by both players and every
 * button that loads something into them (client/enhancements/players.ts).
 */

export type PlayerName = 'navigation' | 'footer';

export interface PlayerState {
  url: string | null;
  playing: boolean;
}

export type PlayersState = Record<PlayerName, PlayerState>;

export const initialPlayersState: PlayersState = {
  navigation: { url: null, playing: false },
  footer: { url: null, playing: false },
};

export type PlayerAction =
  | { type: 'setUrl'; player: PlayerName; url: string }
  | { type: 'play'; player: PlayerName }
  | { type: 'pause'; player: PlayerName }
  | { type: 'close'; player: PlayerName };

const other = (player: PlayerName): PlayerName => (player === 'navigation' ? 'footer' : 'navigation');

export function playersReducer(state: PlayersState, action: PlayerAction): PlayersState {
  const current = state[action.player];
  switch (action.type) {
    case 'setUrl':
      return { ...state, [action.player]: { url: action.url, playing: false } };
    case 'play':
      return {
        ...state,
        [action.player]: { ...current, playing: true },
        [other(action.player)]: { ...state[other(action.player)], playing: false },
      };
    case 'pause':
      return current.playing ? { ...state, [action.player]: { ...current, playing: false } } : state;
    case 'close':
      return { ...state, [action.player]: { url: null, playing: false } };
  }
}

type Listener = () => void;

export function createPlayerStore(initial: PlayersState = initialPlayersState) {
  let state = initial;
  const listeners = new Set<Listener>();
  return {
    getState: () => state,
    dispatch(action: PlayerAction) {
      const next = playersReducer(state, action);
      if (next === state) return;
      state = next;
      for (const listener of listeners) listener();
    },
    subscribe(listener: Listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
  };
}

export type PlayerStore = ReturnType<typeof createPlayerStore>;

/** The page's store: one per browser tab, none on the server (the players render their initial state there). */
let pageStore: PlayerStore | undefined;
export const playerStore = (): PlayerStore => (pageStore ??= createPlayerStore());
