import { playerStore, type PlayerName, type PlayersState } from '#views/islands/player-store.ts';
import { persistedState } from '../persisted-state.ts';

/**
 * The two audio players of SPEC 3.5 and 4.2 over the markup views/components/AudioPlayers.tsx
 * renders: the navigation player (live radio in the header) and the footer player (an episode or
 * track chosen on the page). One store drives both, so starting one stops the other. Buttons
 * marked `data-player-load` load their audio into a player and play it; the per-track audio
 * controls that serve visitors without JavaScript are removed, so a page never plays two things.
 * Plain DOM, no framework: this runs on every page. What the footer player holds survives a
 * reload and the next page of the tab, paused where it was: a page never starts playing by itself.
 */

interface PlayerElements {
  root: HTMLElement;
  audio: HTMLAudioElement;
  toggle: HTMLButtonElement | null;
  title: HTMLElement | null;
}

const store = playerStore();
const players = new Map<PlayerName, PlayerElements>();

const isPlayerName = (value: string | undefined): value is PlayerName => value === 'navigation' || value === 'footer';
const absolute = (url: string) => new URL(url, location.href).href;

for (const root of document.querySelectorAll<HTMLElement>('[data-player]')) {
  const name = root.dataset.player;
  const audio = root.querySelector('audio');
  if (!isPlayerName(name) || !audio || players.has(name)) continue;
  const elements: PlayerElements = {
    root,
    audio,
    toggle: root.querySelector<HTMLButtonElement>('[data-player-toggle]'),
    title: root.querySelector<HTMLElement>('[data-player-title]'),
  };
  players.set(name, elements);
  audio.controls = false;
  audio.hidden = true;
  if (elements.toggle) elements.toggle.hidden = false;
  // The header's link to the radio page stands in for the play button without JavaScript.
  root.querySelector<HTMLElement>('[data-player-link]')?.setAttribute('hidden', '');
  const src = audio.getAttribute('src');
  if (src) store.dispatch({ type: 'setUrl', player: name, url: src });
  // Media keys, the browser's own controls, the end of an episode: the store follows the element.
  audio.addEventListener('pause', () => {
    if (store.getState()[name].playing) store.dispatch({ type: 'pause', player: name });
  });
  audio.addEventListener('play', () => {
    if (!store.getState()[name].playing) store.dispatch({ type: 'play', player: name });
  });
}

for (const fallback of document.querySelectorAll<HTMLAudioElement>('audio[data-player-fallback]')) {
  const button = fallback.parentElement?.querySelector<HTMLButtonElement>('[data-player-load]');
  if (!button || !isPlayerName(button.dataset.playerLoad) || !players.has(button.dataset.playerLoad)) continue;
  fallback.pause();
  fallback.remove();
  button.hidden = false;
}

function render(state: PlayersState) {
  for (const [name, { root, audio, toggle, title }] of players) {
    const { url, playing } = state[name];
    if (url && audio.getAttribute('src') !== url) {
      audio.src = url;
    } else if (!url && audio.hasAttribute('src')) {
      audio.pause();
      audio.removeAttribute('src');
      audio.load();
    }
    if (playing && audio.paused) {
      audio.play().catch(() => store.dispatch({ type: 'pause', player: name }));
    } else if (!playing && !audio.paused) {
      audio.pause();
    }
    root.dataset.playing = String(playing);
    if (name === 'footer') root.hidden = !url;
    if (toggle) {
      toggle.setAttribute('aria-pressed', String(playing));
      const label = playing ? toggle.dataset.labelPause : toggle.dataset.labelPlay;
      if (label) toggle.setAttribute('aria-label', label);
    }
    if (title && url) {
      const source = document.querySelector<HTMLElement>(`[data-player-load="${name}"][data-src="${CSS.escape(url)}"]`);
      if (source?.dataset.title) title.textContent = source.dataset.title;
    }
  }
  // The button of whatever is loaded shows whether it plays.
  for (const button of document.querySelectorAll<HTMLButtonElement>('[data-player-load]')) {
    const name = button.dataset.playerLoad;
    const loaded = isPlayerName(name) && state[name].url !== null && absolute(state[name].url!) === absolute(button.dataset.src ?? '');
    button.setAttribute('aria-pressed', String(loaded && state[name as PlayerName].playing));
  }
}

store.subscribe(() => render(store.getState()));

document.addEventListener('click', (event) => {
  const target = event.target as Element | null;
  const toggle = target?.closest<HTMLButtonElement>('[data-player-toggle]');
  const close = target?.closest<HTMLButtonElement>('[data-player-close]');
  const load = target?.closest<HTMLButtonElement>('[data-player-load]');
  if (toggle || close) {
    const name =
      toggle?.closest<HTMLElement>('[data-player]')?.dataset.player ?? close?.closest<HTMLElement>('[data-player]')?.dataset.player;
    if (!isPlayerName(name)) return;
    if (close) store.dispatch({ type: 'close', player: name });
    else store.dispatch({ type: store.getState()[name].playing ? 'pause' : 'play', player: name });
  } else if (load) {
    const name = load.dataset.playerLoad;
    const src = load.dataset.src;
    if (!isPlayerName(name) || !src || !players.has(name)) return;
    const current = store.getState()[name];
    if (current.url !== null && absolute(current.url) === absolute(src)) {
      store.dispatch({ type: current.playing ? 'pause' : 'play', player: name });
      return;
    }
    store.dispatch({ type: 'setUrl', player: name, url: src });
    store.dispatch({ type: 'play', player: name });
  }
});

render(store.getState());

/** The footer player's episode or track, where it was, and its title (the next page may not list it). */
interface FooterPlayerMemory {
  url: string;
  title: string;
  position: number;
}

// Raise the marker when FooterPlayerMemory changes: what an older script kept is then dropped.
const memory = persistedState<FooterPlayerMemory>('nabd.footer-player', 1);
const footer = players.get('footer');
if (footer) {
  const kept = memory.restore();
  if (kept && !store.getState().footer.url) {
    footer.audio.preload = 'metadata';
    footer.audio.addEventListener('loadedmetadata', () => (footer.audio.currentTime = kept.position), { once: true });
    store.dispatch({ type: 'setUrl', player: 'footer', url: kept.url });
    if (footer.title && !footer.title.textContent) footer.title.textContent = kept.title;
  }
  const remember = () => {
    const { url } = store.getState().footer;
    if (!url) return memory.clear();
    memory.save({ url, title: footer.title?.textContent ?? '', position: footer.audio.currentTime || 0 });
  };
  footer.audio.addEventListener('timeupdate', remember);
  store.subscribe(remember);
  addEventListener('pagehide', () => {
    remember();
    memory.flush();
  });
}
