import { createPlayerStore } from './player-store.ts';

describe('the two audio players (SPEC 4.2)', () => {
  test('setting a URL marks it not playing', () => {
    const store = createPlayerStore();
    store.dispatch({ type: 'setUrl', player: 'navigation', url: '/live' });
    store.dispatch({ type: 'play', player: 'navigation' });
    store.dispatch({ type: 'setUrl', player: 'navigation', url: '/other' });
    expect(store.getState().navigation).toEqual({ url: '/other', playing: false });
  });

  test('starting one player stops the other', () => {
    const store = createPlayerStore();
    store.dispatch({ type: 'play', player: 'footer' });
    store.dispatch({ type: 'play', player: 'navigation' });
    expect(store.getState().navigation.playing).toBe(true);
    expect(store.getState().footer.playing).toBe(false);
  });

  test('pause and close reset playing, and listeners hear every change', () => {
    const store = createPlayerStore();
    const heard: boolean[] = [];
    store.subscribe(() => heard.push(store.getState().footer.playing));
    store.dispatch({ type: 'play', player: 'footer' });
    store.dispatch({ type: 'pause', player: 'footer' });
    store.dispatch({ type: 'play', player: 'footer' });
    store.dispatch({ type: 'close', player: 'footer' });
    expect(heard).toEqual([true, false, true, false]);
  });

  test('close also unloads the player, so the footer player can hide; pausing a stopped player changes nothing', () => {
    const store = createPlayerStore();
    store.dispatch({ type: 'setUrl', player: 'footer', url: '/episode.wav' });
    const heard: unknown[] = [];
    store.subscribe(() => heard.push(store.getState().footer));
    store.dispatch({ type: 'pause', player: 'footer' });
    store.dispatch({ type: 'close', player: 'footer' });
    expect(heard).toEqual([{ url: null, playing: false }]);
  });
});
