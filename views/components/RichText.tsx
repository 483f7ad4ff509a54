import type { ReactNode } from 'react';
import type { RichTextInline, RichTextNode } from '../content.ts';
import { useSite } from '../site-context.tsx';
import { ResponsiveImage } from './ResponsiveImage.tsx';
import { SmartLink } from './SmartLink.tsx';

/**
 * Renders a rich text document. Content is structured data, never HTML, so nothing an editor
 * types can inject markup: React escapes every text node, and only web links become links.
 */
export function RichText({ document, className }: { document: RichTextNode[] | null | undefined; className?: string }) {
  if (!document?.length) return null;
  return <div className={['rich-text', className].filter(Boolean).join(' ')}>{document.map(renderNode)}</div>;
}

function renderNode(node: RichTextNode, index: number): ReactNode {
  switch (node.type) {
    case 'paragraph':
      return <p key={index}>{node.children.map(renderInline)}</p>;
    case 'heading': {
      const Heading = `h${node.level}` as 'h2';
      return <Heading key={index}>{node.children.map(renderInline)}</Heading>;
    }
    case 'list': {
      const List = node.ordered ? 'ol' : 'ul';
      return (
        <List key={index}>
          {node.items.map((item, itemIndex) => (
            <li key={itemIndex}>{item.map(renderInline)}</li>
          ))}
        </List>
      );
    }
    case 'quote':
      return (
        <figure key={index} className="rich-text__quote">
          <blockquote>
            <p>{node.children.map(renderInline)}</p>
          </blockquote>
          {node.cite ? <figcaption>{node.cite}</figcaption> : null}
        </figure>
      );
    case 'image':
      return node.asset ? (
        <figure key={index} className="rich-text__figure">
          <ResponsiveImage asset={node.asset} alt={node.alt ?? ''} sizes="(min-width: 48em) 42rem, 92vw" />
          {node.caption ? <figcaption>{node.caption}</figcaption> : null}
        </figure>
      ) : null;
    case 'video':
      return <EmbeddedVideo key={index} video={node} />;
    default:
      return null;
  }
}

/** SPEC 3.2: a video plays on its host; the page shows its poster and the way there. */
function EmbeddedVideo({ video }: { video: Extract<RichTextNode, { type: 'video' }> }) {
  const { t } = useSite();
  if (!/^https:\/\//i.test(video.url) || !URL.canParse(video.url)) return null;
  const host = new URL(video.url).hostname.replace(/^(www|m)\./, '');
  return (
    <figure className="rich-text__video">
      <SmartLink className="rich-text__video-link" href={video.url}>
        {video.posterAsset ? <ResponsiveImage asset={video.posterAsset} alt="" sizes="(min-width: 48em) 42rem, 92vw" /> : null}
        <span className="rich-text__video-play">
          <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
            <path d="M8 5.5v13l10.5-6.5z" fill="currentColor" />
          </svg>
          {t('blocks:video.watch', { host })}
          {video.title ? <span className="visually-hidden">: {video.title}</span> : null}
        </span>
      </SmartLink>
      {video.title ? <figcaption>{video.title}</figcaption> : null}
    </figure>
  );
}

function renderInline(inline: RichTextInline, index: number): ReactNode {
  if ('type' in inline && inline.type === 'link') {
    // Only web and mail links: a `javascript:` URL in content renders as plain text.
    if (!/^(https?:|mailto:|\/)/i.test(inline.url)) return <span key={index}>{inline.children.map(renderText)}</span>;
    return (
      <SmartLink key={index} href={inline.url}>
        {inline.children.map(renderText)}
      </SmartLink>
    );
  }
  return renderText(inline as { text: string }, index);
}

function renderText(text: { text: string; bold?: boolean; italic?: boolean }, index: number): ReactNode {
  let node: ReactNode = text.text;
  if (text.italic) node = <em>{node}</em>;
  if (text.bold) node = <strong>{node}</strong>;
  return <span key={index}>{node}</span>;
}
