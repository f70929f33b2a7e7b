import type { RichTextBlock, RichTextDoc, RichTextInline, RichTextMark } from '../../common/rich-text';
import { isContentImageSrc, isSafeHref } from '../../common/rich-text';

const escapeHtml = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');

/** Links to other sites open as links do, but pass no referrer-side powers to the page they open. */
const isExternal = (href: string) => /^(https?:)?\/\//i.test(href.trim());

function renderMarked(text: string, marks: readonly RichTextMark[] | undefined): string {
  let html = escapeHtml(text).replace(/\n/g, '<br>');
  // Innermost first, in a fixed order, so the same marks always nest the same way.
  const ordered = [...(marks ?? [])].sort((a, b) => MARK_ORDER.indexOf(a.type) - MARK_ORDER.indexOf(b.type));
  for (const mark of ordered) {
    if (mark.type === 'bold') html = `<strong>${html}</strong>`;
    else if (mark.type === 'italic') html = `<em>${html}</em>`;
    else if (mark.type === 'link' && mark.attrs && isSafeHref(mark.attrs.href)) {
      const rel = isExternal(mark.attrs.href) ? ' rel="noopener noreferrer"' : '';
      html = `<a href="${escapeHtml(mark.attrs.href.trim())}"${rel}>${html}</a>`;
    }
  }
  return html;
}
const MARK_ORDER: RichTextMark['type'][] = ['bold', 'italic', 'link'];

function renderInline(nodes: readonly RichTextInline[] | undefined): string {
  return (nodes ?? [])
    .map((node) => (node.type === 'text' ? renderMarked(node.text, node.marks) : node.type === 'hardBreak' ? '<br>' : ''))
    .join('');
}

function renderBlocks(nodes: readonly RichTextBlock[]): string {
  return nodes.map(renderBlock).join('');
}

/**
 * One block. Every branch names its tag and attributes itself: nothing of the document becomes a
 * tag or attribute name, and every value is escaped; an unknown type renders as nothing.
 */
function renderBlock(node: RichTextBlock): string {
  switch (node.type) {
    case 'paragraph':
      return `<p>${renderInline(node.content)}</p>`;
    case 'heading': {
      const level = [2, 3, 4].includes(node.attrs.level) ? node.attrs.level : 2;
      return `<h${level}>${renderInline(node.content)}</h${level}>`;
    }
    case 'image':
      if (!isContentImageSrc(node.attrs.src)) return '';
      return `<figure><img src="${escapeHtml(node.attrs.src)}" alt="${escapeHtml(node.attrs.alt)}" loading="lazy" decoding="async"></figure>`;
    case 'blockquote':
      return `<blockquote>${renderBlocks(node.content)}</blockquote>`;
    case 'bulletList':
      return `<ul>${node.content.map((item) => `<li>${renderBlocks(item.content)}</li>`).join('')}</ul>`;
    case 'orderedList': {
      const start = Number.isInteger(node.attrs?.start) && node.attrs!.start !== 1 ? ` start="${node.attrs!.start}"` : '';
      return `<ol${start}>${node.content.map((item) => `<li>${renderBlocks(item.content)}</li>`).join('')}</ol>`;
    }
    default:
      return '';
  }
}

/**
 * An article body as HTML, built only from the allow-list (src/common/rich-text.ts). The
 * document was checked when it was saved; links and pictures are checked again here, so a row
 * written by any other means still cannot carry a script.
 */
export function richTextToHtml(doc: RichTextDoc): string {
  return renderBlocks(Array.isArray(doc.content) ? doc.content : []);
}
