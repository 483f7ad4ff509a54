/**
 * Which picture or sound a media path gets: the folder (first segment) picks the kind, the file
 * name seeds it, and an event's own accent colour and title are used for its pictures.
 */
import path from 'node:path';
import { genericLoopWav, trackPreviewWav, podcastEpisodeWav, radioLoopWav } from './audio.ts';
import { coverSvg } from './event-cover.ts';
import { portraitSvg, type PortraitKind } from './portrait.ts';
import type { EventInfo } from './scan.ts';
import { sceneSvg, videoPosterSvg, type Scene } from './scenes.ts';
import { playlistSvg, podcastSvg, releaseSvg, showSvg } from './square-art.ts';
import { hashOf, paletteAround, paletteFor } from './svg.ts';
import { brandLogoSvg, wordmarkSvg } from './wordmark.ts';

export interface Artwork {
  /** What the output depends on besides the path (an event's colour and title), for the cache. */
  inputs: string;
  render: () => string | Buffer;
}

/** The partners the site launched with keep the logos the designer gave them. */
const LAUNCH_PARTNERS: Record<string, [string, string, number]> = {
  'partner-sahara-telecom': ['Sahara Telecom', '#FFB400', 0],
  'partner-falcon-air': ['Falcon Air', '#3DD9FF', 1],
  'partner-oasis-bank': ['Oasis Bank', '#2EE59D', 2],
  'partner-red-sea-drinks': ['Red Sea Drinks', '#FF4D4D', 3],
};

/** "red-sea-drinks" → "Red Sea Drinks". */
export function titleFromSlug(slug: string): string {
  return slug
    .split(/[-_]+/)
    .filter(Boolean)
    .map((word) =>
      word.length <= 2 && /^[a-z]+$/.test(word) && !['al', 'el'].includes(word)
        ? word.toUpperCase()
        : word[0]!.toUpperCase() + word.slice(1),
    )
    .join(' ');
}

/** Scenes whose names say where they are: "alula-weekend" is rocks, "red-sea-escape" the coast. */
const HINTS: [string, Scene][] = [
  ['video|film|trailer|aftermovie', 'performance'],
  ['alula|elephant|hegra|rocks?|canyon|tabuk|neom|highlands?|mountains?|abha|soudah|taif', 'rocks'],
  ['maraya|mirror', 'mirror'],
  ['red-sea|sea|beach|coast|corniche|islands?|marina|yacht|waterfront|bay|umluj|lagoon|sunset|seafront|harbour|port', 'coast'],
  ['balad|al-balad|heritage|historic|old-town|diriyah|souq|souk|bujairi', 'heritage'],
  ['desert|dunes?|sand|camp|sahara|empty-quarter|oasis|safari|stars', 'desert'],
  ['arena|stadium|dome', 'arena'],
  ['hall|theatre|theater|club|auditorium', 'stage'],
  ['riyadh|city|skyline|downtown|boulevard|towers?|jeddah|dammam|dubai|khobar|rooftop', 'skyline'],
  ['dj|vinyl|records?|turntables?|studio|decks?|mix|booth', 'turntable'],
  ['stages?|lineup|line-up|headliners?|live|concerts?|shows?|sets?|performances?', 'performance'],
  ['crowd|fans|festival|nights?|party|recap|gallery|moments?|weekend', 'crowd'],
];
const HINT_PATTERNS = HINTS.map(([words, scene]) => [new RegExp(`(?:^|-)(?:${words})(?:-|$)`), scene] as const);

function hintFor(name: string, allowed: readonly Scene[]): Scene | null {
  for (const [pattern, scene] of HINT_PATTERNS) if (pattern.test(name) && allowed.includes(scene)) return scene;
  return null;
}

const sceneFrom = (name: string, allowed: readonly Scene[], seed: string): Scene =>
  hintFor(name, allowed) ?? allowed[hashOf(`scene:${seed}`) % allowed.length]!;

const VENUE_SCENES: readonly Scene[] = ['arena', 'mirror', 'heritage', 'skyline', 'stage', 'coast', 'rocks'];
const TRAVEL_SCENES: readonly Scene[] = ['desert', 'coast', 'skyline', 'rocks', 'heritage'];
const ARTICLE_SCENES: readonly Scene[] = [
  'crowd',
  'performance',
  'stage',
  'turntable',
  'desert',
  'skyline',
  'coast',
  'heritage',
  'rocks',
  'portrait',
  'abstract',
];
const INSTAGRAM_SCENES: readonly Scene[] = ['crowd', 'turntable', 'portrait', 'desert', 'coast', 'performance', 'skyline', 'stage'];
const PAGE_SCENES: readonly Scene[] = ['abstract', 'abstract', 'crowd', 'stage', 'desert'];

function eventFor(name: string, events: EventInfo[]): EventInfo | undefined {
  // Events are sorted longest slug first, so "nabd-festival-2026-x" finds the 2026 festival.
  return events.find((event) => name === event.slug || name.startsWith(`${event.slug}-`));
}

function eventArtwork(media: string, name: string, events: EventInfo[]): Artwork {
  const event = eventFor(name, events);
  const inputs = event ? JSON.stringify(event) : '';
  const palette = event ? paletteAround(event.accent, event.slug) : paletteFor(media);
  const logo = /-(navigation-)?logo$/.exec(name);
  if (logo) {
    const text = event?.title ?? titleFromSlug(name.slice(0, logo.index));
    return { inputs, render: () => (logo[1] ? wordmarkSvg(text, palette.accent, 480, 120) : wordmarkSvg(text, palette.accent)) };
  }
  // The event's own cover is the designer's poster, exactly; its other pictures vary around it.
  if (event && name === event.slug)
    return { inputs, render: () => coverSvg(event.slug, event.accent, 1600, 900, { secondary: palette.secondary }) };
  const variant = hashOf(`event-picture:${media}`) % 4;
  if (!event || variant === 0) return { inputs, render: () => coverSvg(name, palette.accent, 1600, 900, { secondary: palette.secondary }) };
  const scene = (['crowd', 'performance', 'stage'] as const)[variant - 1]!;
  return { inputs, render: () => sceneSvg(scene, media, 1600, 900, palette) };
}

/** An event named inside a file name ("tickets-nabd-festival-2026", "balad-beats-2026-announced"). */
function eventNamedIn(name: string, events: EventInfo[]): EventInfo | undefined {
  return events.find((event) => `-${name}-`.includes(`-${event.slug}-`));
}

/** The artwork for a path under public/media (`performers/layla-nour.svg`, `radio/x.wav`). */
export function artworkFor(media: string, events: EventInfo[]): Artwork {
  const folder = media.includes('/') ? media.slice(0, media.indexOf('/')) : '';
  const extension = path.posix.extname(media).toLowerCase();
  const name = path.posix.basename(media, path.posix.extname(media)).toLowerCase();
  // Pictures about an event (its line-up page, its announcement) wear the event's colour.
  const event = folder === 'events' ? undefined : eventNamedIn(name, events);
  const palette = event ? paletteAround(event.accent, media) : paletteFor(media);
  const plain = (render: () => string | Buffer): Artwork => ({ inputs: event ? JSON.stringify(event) : '', render });

  if (extension === '.wav') {
    if (folder === 'radio') return plain(() => radioLoopWav(name));
    if (folder === 'podcasts') return plain(() => podcastEpisodeWav(name.replace(/-(episode-)?\d+$/, ''), media));
    if (folder === 'releases') return plain(() => trackPreviewWav(media));
    return plain(() => genericLoopWav(media));
  }

  // A backdrop for anything (a performer's, a release's) is wide and shares its subject's palette.
  if (name.endsWith('-background') && folder !== 'events') {
    const subject = `${folder}/${name.replace(/-background$/, '')}.svg`;
    return plain(() => sceneSvg('backdrop', media, 1600, 900, event ? palette : paletteFor(subject)));
  }

  switch (folder) {
    case 'events':
      return eventArtwork(media, name, events);
    case 'pages':
      if (name === 'home') return plain(() => coverSvg('home', '#C8FF2E', 1600, 900, { secondary: '#FF2E93', crowd: true }));
      return plain(() => sceneSvg(sceneFrom(name, PAGE_SCENES, media), media, 1600, 900, palette));
    case 'partners':
    case 'brands': {
      const launch = LAUNCH_PARTNERS[name];
      if (launch) return plain(() => wordmarkSvg(launch[0], launch[1], 240, 96, launch[2]));
      const brand = titleFromSlug(
        name.replace(/^((premium|travel|media|official|founding|technology)-)?(partner|brand|sponsor)-/, '').replace(/-logo$/, ''),
      );
      return plain(() => brandLogoSvg(brand, palette.accent));
    }
    case 'performers':
      return plain(() => portraitSvg(media, 'performers'));
    case 'presenters':
    case 'speakers':
    case 'authors':
      return plain(() => portraitSvg(media, folder as PortraitKind));
    case 'performances':
      return plain(() => sceneSvg('performance', media, 1600, 900, palette));
    case 'releases':
      return plain(() => releaseSvg(media));
    case 'playlists':
      return plain(() => playlistSvg(media));
    case 'podcasts': {
      const episode = /^(.*?)-(?:episode-)?(\d+)$/.exec(name);
      return plain(() => (episode ? podcastSvg(episode[1]!, 1000, Number(episode[2])) : podcastSvg(name)));
    }
    case 'shows':
    case 'radio':
      return plain(() => showSvg(media));
    case 'articles': {
      const video = /-(video|poster)(-\d+)?$/.exec(name);
      // A video's poster shows what the article is about (its name without "-video").
      const scene = sceneFrom(video ? name.slice(0, video.index) : name, ARTICLE_SCENES, media);
      if (video) return plain(() => videoPosterSvg(scene, media, 1600, 900, palette));
      return plain(() => sceneSvg(scene, media, 1600, 900, palette));
    }
    case 'stages':
      return plain(() => sceneSvg('stage', media, 1600, 900, palette));
    case 'venues':
      return plain(() => sceneSvg(sceneFrom(name, VENUE_SCENES, media), media, 1600, 900, palette));
    case 'travel':
      return plain(() => sceneSvg(sceneFrom(name, TRAVEL_SCENES, media), media, 1600, 900, palette));
    case 'instagram':
      return plain(() => sceneSvg(sceneFrom(name, INSTAGRAM_SCENES, media), media, 1080, 1080, palette));
    default:
      return plain(() => sceneSvg('abstract', media, 1600, 900, palette));
  }
}
