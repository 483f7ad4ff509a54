/**
 * An `externalVideo` URL as something the page can show: a privacy-friendly embed for YouTube
 * (youtube-nocookie.com) and Vimeo (player.vimeo.com), which the content security policy allows
 * in frames, or, for anything else, a link out.
 */
export type ExternalVideo = { kind: 'embed'; provider: 'youtube' | 'vimeo'; embedUrl: string; url: string } | { kind: 'link'; url: string };

const YOUTUBE_ID = /^[\w-]{6,20}$/;

/** Where the embedded players come from: the permissions policy lets them play protected media and float. */
export const VIDEO_PLAYER_ORIGINS = { youtube: 'https://www.youtube-nocookie.com', vimeo: 'https://player.vimeo.com' } as const;

export function externalVideo(url: string): ExternalVideo | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return null;
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') return null;
  const host = parsed.hostname.replace(/^(www\.|m\.)/, '');
  const segments = parsed.pathname.split('/').filter(Boolean);

  let youtubeId: string | undefined;
  if (host === 'youtube.com' || host === 'youtube-nocookie.com') {
    youtubeId =
      segments[0] === 'watch'
        ? (parsed.searchParams.get('v') ?? undefined)
        : ['embed', 'shorts', 'live'].includes(segments[0] ?? '')
          ? segments[1]
          : undefined;
  } else if (host === 'youtu.be') {
    youtubeId = segments[0];
  }
  if (youtubeId && YOUTUBE_ID.test(youtubeId)) {
    return { kind: 'embed', provider: 'youtube', embedUrl: `${VIDEO_PLAYER_ORIGINS.youtube}/embed/${youtubeId}`, url };
  }

  const vimeoId =
    host === 'vimeo.com'
      ? segments.find((segment) => /^\d+$/.test(segment))
      : host === 'player.vimeo.com' && segments[0] === 'video'
        ? segments[1]
        : undefined;
  if (vimeoId && /^\d+$/.test(vimeoId)) {
    return { kind: 'embed', provider: 'vimeo', embedUrl: `${VIDEO_PLAYER_ORIGINS.vimeo}/video/${vimeoId}?dnt=1`, url };
  }
  return { kind: 'link', url };
}
