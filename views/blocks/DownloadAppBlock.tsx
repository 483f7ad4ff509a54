import { SmartLink } from '../components/SmartLink.tsx';
import { useTrack } from '../components/tracking.ts';
import { useSite } from '../site-context.tsx';
import { BlockSection } from './BlockSection.tsx';
import type { DownloadAppBlockContent } from './types.ts';

/** The stores' marks, drawn inline: no downloaded badge images, and they take the text's colour. */
const STORE_MARKS = {
  appStore: (
    <path d="M16.4 12.6c0-2.4 2-3.6 2.1-3.7-1.1-1.7-2.9-1.9-3.5-1.9-1.5-.2-2.9.9-3.7.9-.8 0-1.9-.9-3.2-.8-1.6 0-3.1 1-4 2.4-1.7 3-.4 7.4 1.2 9.8.8 1.2 1.8 2.5 3 2.4 1.2 0 1.7-.8 3.1-.8 1.5 0 1.9.8 3.2.8 1.3 0 2.2-1.2 3-2.4.9-1.4 1.3-2.7 1.3-2.8 0 0-2.5-1-2.5-3.9zM14 5.4c.7-.8 1.1-1.9 1-3-1 0-2.1.7-2.8 1.5-.6.7-1.2 1.8-1 2.9 1.1.1 2.1-.6 2.8-1.4z" />
  ),
  googlePlay: (
    <>
      <path d="M4 2.8 13.6 12 4 21.2c-.4-.2-.6-.6-.6-1.1V3.9c0-.5.2-.9.6-1.1z" opacity="0.85" />
      <path d="m16.9 8.8-3.3 3.2L4 2.8c.2-.1.5-.1.8 0z" opacity="0.7" />
      <path d="m16.9 15.2-12.1 6c-.3.1-.6.1-.8 0l9.6-9.2z" opacity="0.55" />
      <path d="m20.3 10.5-3.4-1.7-3.3 3.2 3.3 3.2 3.4-1.7c1.1-.6 1.1-2.4 0-3z" />
    </>
  ),
};

/** The mobile app (SPEC 3.2): why to get it, and a badge for each store it is in. */
export function DownloadAppBlock({ block }: { block: DownloadAppBlockContent }) {
  const { t } = useSite();
  const track = useTrack();
  const stores = (
    [
      ['appStore', block.appStoreUrl],
      ['googlePlay', block.googlePlayUrl],
    ] as const
  ).filter((store): store is readonly ['appStore' | 'googlePlay', string] => Boolean(store[1]));
  if (!stores.length) return null;
  const section = block.title ?? block.id;
  return (
    <BlockSection id={block.id} name="block-download-app" title={block.title} ownHeading trackView>
      <div className="download-app">
        <div className="download-app__text">
          {block.title ? (
            <h2 id={`block-${block.id}`} className="download-app__title">
              {block.title}
            </h2>
          ) : null}
          {block.text ? <p>{block.text}</p> : null}
        </div>
        <ul className="download-app__stores">
          {stores.map(([store, url]) => {
            const name = t(`blocks:downloadApp.${store}Name`);
            return (
              <li key={store}>
                <SmartLink
                  className="store-badge"
                  href={url}
                  {...track('link_clicked', { link_label: name, link_url: url, section_name: section })}
                >
                  <svg className="store-badge__mark" viewBox="0 0 24 24" aria-hidden="true" focusable="false" fill="currentColor">
                    {STORE_MARKS[store]}
                  </svg>
                  <span className="store-badge__text">
                    <span className="store-badge__lead">{t(`blocks:downloadApp.${store}`)}</span>{' '}
                    <span className="store-badge__name" lang="en" dir="ltr">
                      {name}
                    </span>
                  </span>
                </SmartLink>
              </li>
            );
          })}
        </ul>
      </div>
    </BlockSection>
  );
}
