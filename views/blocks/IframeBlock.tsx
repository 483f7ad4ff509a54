import { Icon } from '../components/Icon.tsx';
import { SmartLink } from '../components/SmartLink.tsx';
import { useTrack } from '../components/tracking.ts';
import { isFrameable } from '../embed-origins.ts';
import { useSite } from '../site-context.tsx';
import type { IframeBlockContent } from './types.ts';

/**
 * Another site's page inside ours (a map, the shop): loaded only when it nears the screen, titled
 * for assistive technology, sandboxed, at the height the editors chose, with a link to open it on
 * its own (on a phone a full page is often easier).
 */
export function IframeBlock({ block }: { block: IframeBlockContent }) {
  const { t, frameOrigins } = useSite();
  const track = useTrack();
  // Never `javascript:` or plain http; an origin the page may not frame is a link alone.
  if (!/^https:\/\//i.test(block.url)) return null;
  const framed = isFrameable(block.url, frameOrigins);
  return (
    <section className="section block block-iframe" aria-label={block.label}>
      <figure className="block-iframe__figure">
        {framed ? (
          <iframe
            className="block-iframe__frame"
            src={block.url}
            title={block.label}
            height={block.height}
            loading="lazy"
            sandbox="allow-scripts allow-same-origin allow-forms allow-popups allow-popups-to-escape-sandbox"
            referrerPolicy="strict-origin-when-cross-origin"
            allow="fullscreen"
          />
        ) : null}
        <figcaption className="block-iframe__caption">
          <span>{block.label}</span>
          <SmartLink
            className="block-iframe__open"
            href={block.url}
            {...track('link_clicked', { link_label: block.label, link_url: block.url, section_name: block.label })}
          >
            {t('blocks:iframe.open')}
            <Icon name="external" />
          </SmartLink>
        </figcaption>
      </figure>
    </section>
  );
}
