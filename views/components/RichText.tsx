import type { ReactNode } from 'react';
import type { RichTextInline, RichTextNode } from '../content.ts';
import { SmartLink } from './SmartLink.tsx';

/**
 * Renders a rich text document. Content is structured data, never HTML, so nothing an editor
 * types can inject markup: React escapes every text node.
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
    default:
      return null;
  }
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
