import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { initialPlayersState, playerStore, type PlayerName } from './player-store.ts';

export interface RadioPlayerProps {
  player: PlayerName;
  stationName: string;
  streamUrl: string;
  labels: { play: string; pause: string; live: string };
}

const serverSnapshot = () => initialPlayersState;

/**
 * The radio player. Without JavaScript it is the browser's own audio control, which plays the
 * stream as it is. Once hydrated it becomes one play/pause button driven by the page's player
 * store, so that starting this player stops the other one (SPEC 4.2).
 */
export function RadioPlayer({ player, stationName, streamUrl, labels }: RadioPlayerProps) {
  const [enhanced, setEnhanced] = useState(false);
  const audio = useRef<HTMLAudioElement>(null);
  const store = enhanced ? playerStore() : undefined;
  const state = useSyncExternalStore(store?.subscribe ?? noSubscription, store?.getState ?? serverSnapshot, serverSnapshot)[player];
  const playing = enhanced && state.playing;

  useEffect(() => {
    playerStore().dispatch({ type: 'setUrl', player, url: streamUrl });
    setEnhanced(true);
  }, [player, streamUrl]);

  useEffect(() => {
    const element = audio.current;
    if (!enhanced || !element) return;
    if (playing) {
      element.play().catch(() => playerStore().dispatch({ type: 'pause', player }));
    } else {
      element.pause();
    }
  }, [enhanced, playing, player]);

  const toggle = () => playerStore().dispatch({ type: playing ? 'pause' : 'play', player });

  return (
    <div className="radio-player" data-playing={playing ? 'true' : 'false'}>
      {enhanced ? (
        <button type="button" className="radio-player__button" aria-pressed={playing} onClick={toggle}>
          <span className="radio-player__icon" aria-hidden="true">
            {playing ? PAUSE_ICON : PLAY_ICON}
          </span>
          <span className="visually-hidden">{playing ? labels.pause : labels.play}</span>
        </button>
      ) : null}
      <span className="radio-player__label">
        <span className="radio-player__live">{labels.live}</span> {stationName}
      </span>
      <audio
        ref={audio}
        className="radio-player__audio"
        src={streamUrl}
        preload="none"
        controls={!enhanced}
        aria-label={stationName}
        onPause={() => enhanced && playerStore().dispatch({ type: 'pause', player })}
      />
    </div>
  );
}

const noSubscription = () => () => {};

// Inline so the island's bundle needs nothing else; the play triangle is optically centred.
const PLAY_ICON = (
  <svg className="icon" viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
    <path d="M8 5.5v13a1 1 0 0 0 1.5.9l10.2-6.5a1 1 0 0 0 0-1.7L9.5 4.6A1 1 0 0 0 8 5.5z" fill="currentColor" />
  </svg>
);

const PAUSE_ICON = (
  <svg className="icon" viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
    <rect x="6" y="5" width="4.2" height="14" rx="1.2" fill="currentColor" />
    <rect x="13.8" y="5" width="4.2" height="14" rx="1.2" fill="currentColor" />
  </svg>
);
