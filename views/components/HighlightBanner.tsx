import { readableTextOn } from '../colour.ts';
import type { HighlightBannerContent } from '../content.ts';
import { useSite } from '../site-context.tsx';
import { Icon } from './Icon.tsx';
import { SmartLink } from './SmartLink.tsx';
import { useTrack } from './tracking.ts';

/**
 * SPEC 3.1, 4.3 (decision 0019): where a live banner shows. `all` is every page of the Default
 * layout, `home` the home page only, `events` the events overview and every page under an event.
 * An unknown visibility shows nowhere rather than everywhere.
 */
export function highlightBannerShownAt(banner: HighlightBannerContent | null | undefined, path: string): boolean {
  if (!banner?.live) return false;
  const pathname = path.split(/[?#]/)[0] || '/';
  if (banner.visibility === 'all') return true;
  if (banner.visibility === 'home') return pathname === '/';
  if (banner.visibility === 'events') return pathname === '/events' || pathname.startsWith('/events/');
  return false;
}

/**
 * The banner across the top of the page: its own colour with black or white text, whichever reads
 * better; the whole strip is the link. Tracked as a promotion seen and chosen (SPEC 9.4, 5).
 */
export function HighlightBanner({ banner }: { banner: HighlightBannerContent }) {
  const { t, urls } = useSite();
  const track = useTrack();
  const href = urls.link(banner);
  const colours = readableTextOn(banner.backgroundColor);
  const promotion = {
    creative_name: 'highlight_banner',
    creative_slot: 'site_top',
    promotion_name: banner.title,
    promotion_id: banner.id,
    items: [{ item_name: banner.title }],
  };
  return (
    <aside
      className="highlight-banner"
      aria-label={t('highlight.label')}
      style={colours ? ({ '--banner-background': colours.background, '--banner-text': colours.text } as object) : undefined}
      {...track.onView('view_promotion', promotion)}
    >
      {href ? (
        <SmartLink className="highlight-banner__link" href={href} {...track('select_promotion', promotion)}>
          <span className="highlight-banner__title">{banner.title}</span>
          <Icon name={banner.isExternal ? 'external' : 'arrow'} />
        </SmartLink>
      ) : (
        <p className="highlight-banner__link">
          <span className="highlight-banner__title">{banner.title}</span>
        </p>
      )}
    </aside>
  );
}
