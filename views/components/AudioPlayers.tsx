import type { PlayerName } from '../islands/player-store.ts';
import { useSite } from '../site-context.tsx';

/**
 * The two audio players of SPEC 3.5 and 4.2, rendered on the server and driven in the browser by
 * client/enhancements/players.ts (no React). Without JavaScript every player and every track is
 * the browser's own audio control; with it, one play button per player, a shared store, and
 * starting one player stops the other.
 */

const PLAY_ICON = (
  <svg className="icon player-icon player-icon--play" viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
    <path d="M8 5.5v13a1 1 0 0 0 1.5.9l10.2-6.5a1 1 0 0 0 0-1.7L9.5 4.6A1 1 0 0 0 8 5.5z" fill="currentColor" />
  </svg>
);

const PAUSE_ICON = (
  <svg className="icon player-icon player-icon--pause" viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
    <rect x="6" y="5" width="4.2" height="14" rx="1.2" fill="currentColor" />
    <rect x="13.8" y="5" width="4.2" height="14" rx="1.2" fill="currentColor" />
  </svg>
);

/** Play/pause of one player: its label follows the state (`data-label-play`, `data-label-pause`). */
function PlayerToggle({ className, play, pause }: { className: string; play: string; pause: string }) {
  return (
    <button
      type="button"
      className={className}
      data-player-toggle=""
      aria-pressed="false"
      aria-label={play}
      data-label-play={play}
      data-label-pause={pause}
      hidden
    >
      {PLAY_ICON}
      {PAUSE_ICON}
    </button>
  );
}

/**
 * The navigation player in the header: the live radio. Without JavaScript a browser's own audio
 * control has no room in a phone's header (it shrinks to a stub, or is cut off by the open menu),
 * so the same round button leads to the radio page, whose players work without it; the script
 * swaps that link for the play button, of the same size, so nothing moves.
 */
export function NavigationPlayer({ stationName, streamUrl }: { stationName: string; streamUrl: string }) {
  const { t, urls, assets } = useSite();
  assets.use('players');
  return (
    <div className="radio-player" data-player="navigation" data-playing="false">
      <PlayerToggle className="radio-player__button" play={t('player.play')} pause={t('player.pause')} />
      <a className="radio-player__button" href={urls.route('radio')} aria-label={t('player.listen')} data-player-link="">
        {PLAY_ICON}
      </a>
      <span className="radio-player__label">
        <span className="radio-player__live">{t('player.live')}</span> <span data-player-title="">{stationName}</span>
      </span>
      <audio className="radio-player__audio" src={streamUrl} preload="none" aria-label={stationName} hidden />
    </div>
  );
}

/**
 * The footer player: a bar along the bottom of the page that plays the episode or track chosen
 * on it. It needs JavaScript, so it starts hidden; pages without it play each track in place.
 */
export function FooterPlayer() {
  const { t, assets } = useSite();
  assets.use('players');
  return (
    <section className="footer-player" data-player="footer" data-playing="false" aria-label={t('music:player.footer')} hidden>
      <PlayerToggle className="footer-player__button" play={t('music:player.play')} pause={t('music:player.pause')} />
      <p className="footer-player__now">
        <span className="footer-player__label">{t('music:player.nowPlaying')}</span>
        <span className="footer-player__title" data-player-title="" />
      </p>
      <audio className="footer-player__audio" preload="none" aria-label={t('music:player.footer')} />
      <button type="button" className="footer-player__close" data-player-close="" aria-label={t('music:player.close')}>
        <svg className="icon" viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
          <path d="M6 6l12 12M18 6 6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        </svg>
      </button>
    </section>
  );
}

/**
 * One playable thing on a page (an episode, a track, a station): the browser's audio control
 * without JavaScript; with it, a button that loads it into one of the two players and plays.
 */
export function PlayInPlayer({ player, src, title, label }: { player: PlayerName; src: string; title: string; label: string }) {
  const { assets } = useSite();
  assets.use('players');
  return (
    <div className="playable">
      <button
        type="button"
        className="playable__button"
        data-player-load={player}
        data-src={src}
        data-title={title}
        aria-label={label}
        aria-pressed="false"
        hidden
      >
        {PLAY_ICON}
        {PAUSE_ICON}
      </button>
      <audio className="playable__audio" src={src} preload="none" controls aria-label={title} data-player-fallback="" />
    </div>
  );
}
