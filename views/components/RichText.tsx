import type { ReactNode } from 'react';
import type { RichTextInline, RichTextNode } from '../content.ts';
import { useSite } from '../site-context.tsx';
import { ResponsiveImage } from './ResponsiveImage.tsx';
import { SmartLink } from './SmartLink.tsx';

/** Attributes a page adds to the document's links (analytics of SPEC 9.4), from the link's URL and text. */
export type LinkAttributes = (link: { url: string; label: string }) => Record<string, string>;

interface RichTextProps {
  document: RichTextNode[] | null | undefined;
  className?: string;
  /** Give the document's headings ids (those of `documentHeadings`) for a table of contents to link to. */
  anchoredHeadings?: boolean;
  linkAttributes?: LinkAttributes;
}

/**
 * Renders a rich text document. Content is structured data, never HTML, so nothing an editor
 * types can inject markup: React escapes every text node, and only web links become links.
 */
export function RichText({ document, className, anchoredHeadings = false, linkAttributes }: RichTextProps) {
  if (!document?.length) return null;
  const anchors = anchoredHeadings ? new Map(documentHeadings(document).map((heading) => [heading.index, heading.id])) : undefined;
  const inline = (child: RichTextInline, index: number) => renderInline(child, index, linkAttributes);
  return (
    <div className={['rich-text', className].filter(Boolean).join(' ')}>
      {document.map((node, index) => renderNode(node, index, inline, anchors?.get(index)))}
    </div>
  );
}

export interface DocumentHeading {
  /** The heading's position among the document's nodes. */
  index: number;
  id: string;
  level: 2 | 3 | 4;
  text: string;
}

/**
 * A document's headings with ids made from their words (in either script, so that a link to a
 * section reads in the visitor's language), unique within the document.
 */
export function documentHeadings(document: RichTextNode[] | null | undefined): DocumentHeading[] {
  const taken = new Map<string, number>();
  const headings: DocumentHeading[] = [];
  (document ?? []).forEach((node, index) => {
    if (node.type !== 'heading') return;
    const text = inlineText(node.children);
    const base =
      text
        .normalize('NFKC')
        .toLocaleLowerCase('en')
        .replace(/[^\p{L}\p{M}\p{N}]+/gu, '-')
        .replace(/^-+|-+$/g, '') || 'section';
    const seen = taken.get(base) ?? 0;
    taken.set(base, seen + 1);
    headings.push({ index, id: seen ? `${base}-${seen + 1}` : base, level: node.level, text });
  });
  return headings;
}

/** A document as plain text (structured data for search engines, summaries): paragraphs on their own lines. */
export function richTextToPlain(document: RichTextNode[] | null | undefined): string {
  return (document ?? [])
    .map((node) => {
      switch (node.type) {
        case 'paragraph':
        case 'heading':
        case 'quote':
          return inlineText(node.children);
        case 'list':
          return node.items.map((item) => inlineText(item)).join('\n');
        case 'image':
          return node.caption ?? '';
        case 'video':
          return node.title ?? '';
        default:
          return '';
      }
    })
    .filter(Boolean)
    .join('\n');
}

const inlineText = (children: RichTextInline[]) =>
  children
    .map((child) =>
      'type' in child && child.type === 'link' ? child.children.map((text) => text.text).join('') : (child as { text: string }).text,
    )
    .join('');

type InlineRenderer = (inline: RichTextInline, index: number) => ReactNode;

function renderNode(node: RichTextNode, index: number, renderInline: InlineRenderer, anchor: string | undefined): ReactNode {
  switch (node.type) {
    case 'paragraph':
      return <p key={index}>{node.children.map(renderInline)}</p>;
    case 'heading': {
      const Heading = `h${node.level}` as 'h2';
      return (
        <Heading key={index} id={anchor}>
          {node.children.map(renderInline)}
        </Heading>
      );
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

function renderInline(inline: RichTextInline, index: number, linkAttributes?: LinkAttributes): ReactNode {
  if ('type' in inline && inline.type === 'link') {
    // Only web and mail links: a `javascript:` URL in content renders as plain text.
    if (!/^(https?:|mailto:|\/)/i.test(inline.url)) return <span key={index}>{inline.children.map(renderText)}</span>;
    const label = inline.children.map((text) => text.text).join('');
    return (
      <SmartLink key={index} href={inline.url} {...linkAttributes?.({ url: inline.url, label })}>
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
