import { z } from 'zod';
import { isStorableText } from './text-rules';

/**
 * An article's body as structured data: the editor's (Tiptap/ProseMirror) JSON, restricted to an
 * allow-list of node types, mark types and attributes. Nothing else is ever stored, and the
 * server turns it into HTML itself (src/server/news/rich-text-html.ts), so no markup a staff
 * member types or pastes reaches a visitor's browser. Unknown node and mark types are refused;
 * unknown attributes (onerror, style, class, target...) are dropped.
 */

export const RICH_TEXT_LIMITS = {
  /** Characters of text in one document (a 5,000-word article is about 35,000). */
  text: 100_000,
  /** Nodes in one document. */
  nodes: 20_000,
  /** Nesting (lists in quotes in lists...). */
  depth: 12,
  href: 2048,
  alt: 250,
  textNode: 20_000,
} as const;

export const RICH_TEXT_MESSAGES = {
  badHref: 'A link must start with https://, http://, mailto: or / (an address on this site).',
  badImage: 'A picture in the body must be one uploaded here.',
  alt: 'Every picture needs a description (alternative text) for people who cannot see it.',
  tooLong: `The body can hold at most ${RICH_TEXT_LIMITS.text.toLocaleString('en-US')} characters of text.`,
  tooMany: 'The body has too many parts (paragraphs, list items, pictures).',
  tooDeep: 'The body is nested too deeply.',
  text: 'The body cannot contain NUL characters or unpaired surrogate halves.',
  empty: 'Body is required.',
} as const;

const NAMED_ENTITIES: Record<string, string> = {
  colon: ':',
  tab: '\t',
  newline: '\n',
  sol: '/',
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
};

/** Decodes HTML character references, as a browser would in an attribute value. */
function decodeEntities(value: string): string {
  return value.replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z]+);?/gi, (whole, body: string) => {
    const lower = body.toLowerCase();
    if (lower.startsWith('#x')) return safeCodePoint(parseInt(lower.slice(2), 16), whole);
    if (lower.startsWith('#')) return safeCodePoint(parseInt(lower.slice(1), 10), whole);
    return NAMED_ENTITIES[lower] ?? whole;
  });
}

const safeCodePoint = (code: number, fallback: string) =>
  Number.isFinite(code) && code >= 0 && code <= 0x10ffff ? String.fromCodePoint(code) : fallback;

/**
 * The address a browser would follow, with every trick that hides a scheme undone: character
 * references (`jav&#x09;ascript:`), percent-escapes, and whitespace or control characters inside
 * it (browsers drop tabs and newlines from URLs). Bounded input only.
 */
export function normaliseHref(raw: string): string {
  let value = raw.slice(0, RICH_TEXT_LIMITS.href);
  // Twice: "&amp;#x6a;" decodes to "&#x6a;" then to "j".
  for (let round = 0; round < 2; round++) value = decodeEntities(value);
  try {
    value = decodeURIComponent(value);
  } catch {
    // A lone "%" is not an escape: the text stays as it is.
  }
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is removed
  return value.replace(/[\u0000-\u0020\u007f-\u009f\u00a0\u1680\u2000-\u200f\u2028-\u202f\u205f\u2060\u3000\ufeff]/g, '').toLowerCase();
}

/** http(s), mailto, or an address on this site ("/path", "#part", "?query"); never "//host" or "\". */
export function isSafeHref(raw: string): boolean {
  if (raw.length === 0 || raw.length > RICH_TEXT_LIMITS.href) return false;
  const value = normaliseHref(raw);
  if (value.includes('\\')) return false;
  const scheme = /^([a-z][a-z0-9+.-]*):/.exec(value);
  if (scheme) return ['http', 'https', 'mailto'].includes(scheme[1]!);
  // Without a scheme only paths on this site, so a link cannot hide "javascript" after a colon later on.
  return (value.startsWith('/') && !value.startsWith('//')) || value.startsWith('#') || value.startsWith('?');
}

/** The product's own content pictures: /images/<sha256>.webp (decision 0802). */
export const CONTENT_IMAGE_SRC = /^\/images\/([0-9a-f]{64})\.webp$/;
export const isContentImageSrc = (src: string) => src.length <= 100 && CONTENT_IMAGE_SRC.test(src);

const href = z.string().max(RICH_TEXT_LIMITS.href, RICH_TEXT_MESSAGES.badHref).refine(isSafeHref, RICH_TEXT_MESSAGES.badHref);

const boldMark = z.object({ type: z.literal('bold') });
const italicMark = z.object({ type: z.literal('italic') });
const linkMark = z.object({ type: z.literal('link'), attrs: z.object({ href }) });
const mark = z.discriminatedUnion('type', [boldMark, italicMark, linkMark]);

const textNode = z.object({
  type: z.literal('text'),
  text: z.string().min(1).max(RICH_TEXT_LIMITS.textNode),
  marks: z.array(mark).max(3).optional(),
});
const hardBreak = z.object({ type: z.literal('hardBreak') });
const inline = z.discriminatedUnion('type', [textNode, hardBreak]);
const inlineContent = z.array(inline).max(2000).optional();

const paragraph = z.object({ type: z.literal('paragraph'), content: inlineContent });
const heading = z.object({
  type: z.literal('heading'),
  // The article's title is the page's h1: the body starts at h2.
  attrs: z.object({ level: z.union([z.literal(2), z.literal(3), z.literal(4)]) }),
  content: inlineContent,
});
const image = z.object({
  type: z.literal('image'),
  attrs: z.object({
    src: z.string().max(100, RICH_TEXT_MESSAGES.badImage).refine(isContentImageSrc, RICH_TEXT_MESSAGES.badImage),
    alt: z
      .string({ error: RICH_TEXT_MESSAGES.alt })
      .trim()
      .min(1, RICH_TEXT_MESSAGES.alt)
      .max(RICH_TEXT_LIMITS.alt, `A picture's description can be at most ${RICH_TEXT_LIMITS.alt} characters.`),
  }),
});

export interface RichTextMark {
  type: 'bold' | 'italic' | 'link';
  attrs?: { href: string };
}
export type RichTextInline = { type: 'text'; text: string; marks?: RichTextMark[] } | { type: 'hardBreak' };
export type RichTextBlock =
  | { type: 'paragraph'; content?: RichTextInline[] }
  | { type: 'heading'; attrs: { level: 2 | 3 | 4 }; content?: RichTextInline[] }
  | { type: 'image'; attrs: { src: string; alt: string } }
  | { type: 'blockquote'; content: RichTextBlock[] }
  | { type: 'bulletList'; content: RichTextListItem[] }
  | { type: 'orderedList'; attrs?: { start: number }; content: RichTextListItem[] };
export interface RichTextListItem {
  type: 'listItem';
  content: RichTextBlock[];
}
export interface RichTextDoc {
  type: 'doc';
  content: RichTextBlock[];
}

const block: z.ZodType<RichTextBlock> = z.lazy(() =>
  z.discriminatedUnion('type', [
    paragraph,
    heading,
    image,
    z.object({ type: z.literal('blockquote'), content: z.array(block).min(1).max(2000) }),
    z.object({ type: z.literal('bulletList'), content: z.array(listItem).min(1).max(2000) }),
    z.object({
      type: z.literal('orderedList'),
      attrs: z.object({ start: z.number().int().min(0).max(100_000).catch(1) }).optional(),
      content: z.array(listItem).min(1).max(2000),
    }),
  ]),
) as z.ZodType<RichTextBlock>;
const listItem: z.ZodType<RichTextListItem> = z.lazy(() =>
  z.object({ type: z.literal('listItem'), content: z.array(block).min(1).max(200) }),
);

/** Counts what the schema cannot: total text, nodes and depth. Runs before the schema, so it must accept any JSON. */
export function documentSize(value: unknown): { text: number; nodes: number; depth: number } {
  const size = { text: 0, nodes: 0, depth: 0 };
  const stack: { node: unknown; depth: number }[] = [{ node: value, depth: 1 }];
  while (stack.length > 0) {
    const { node, depth } = stack.pop()!;
    if (typeof node !== 'object' || node === null) continue;
    size.nodes += 1;
    size.depth = Math.max(size.depth, depth);
    // Far past the limits: stop counting, the document is refused anyway.
    if (size.nodes > RICH_TEXT_LIMITS.nodes || size.depth > RICH_TEXT_LIMITS.depth) break;
    const { text, content } = node as { text?: unknown; content?: unknown };
    if (typeof text === 'string') size.text += text.length;
    if (Array.isArray(content)) for (const child of content) stack.push({ node: child, depth: depth + 1 });
  }
  return size;
}

/** Whether a document has any words or pictures. */
export function hasContent(doc: RichTextDoc): boolean {
  const visit = (nodes: readonly unknown[]): boolean =>
    nodes.some((node) => {
      const { type, text, content } = node as { type: string; text?: string; content?: unknown[] };
      if (type === 'image') return true;
      if (typeof text === 'string' && text.trim() !== '') return true;
      return Array.isArray(content) && visit(content);
    });
  return visit(doc.content);
}

/** Every text of a document, for a storability check, a word count or a plain-text summary. */
export function plainText(doc: RichTextDoc): string {
  const parts: string[] = [];
  const visit = (nodes: readonly unknown[]) => {
    for (const node of nodes) {
      const { text, content } = node as { text?: string; content?: unknown[] };
      if (typeof text === 'string') parts.push(text);
      if (Array.isArray(content)) {
        visit(content);
        parts.push(' ');
      }
    }
  };
  visit(doc.content);
  return parts.join('').replace(/\s+/g, ' ').trim();
}

/** The src of every picture in a document (each must be one of the product's content pictures). */
export function imageSources(doc: RichTextDoc): string[] {
  const sources: string[] = [];
  const visit = (nodes: readonly RichTextBlock[]) => {
    for (const node of nodes) {
      if (node.type === 'image') sources.push(node.attrs.src);
      else if (node.type === 'blockquote') visit(node.content);
      else if (node.type === 'bulletList' || node.type === 'orderedList') for (const item of node.content) visit(item.content);
    }
  };
  visit(doc.content);
  return sources;
}

/** The rich-text document as the API accepts it: bounded first, then the allow-list. */
export const richTextSchema: z.ZodType<RichTextDoc> = z
  .unknown()
  .superRefine((value, context) => {
    const size = documentSize(value);
    if (size.depth > RICH_TEXT_LIMITS.depth) context.addIssue({ code: 'custom', message: RICH_TEXT_MESSAGES.tooDeep });
    else if (size.nodes > RICH_TEXT_LIMITS.nodes) context.addIssue({ code: 'custom', message: RICH_TEXT_MESSAGES.tooMany });
    else if (size.text > RICH_TEXT_LIMITS.text) context.addIssue({ code: 'custom', message: RICH_TEXT_MESSAGES.tooLong });
  })
  .pipe(z.object({ type: z.literal('doc'), content: z.array(block).max(RICH_TEXT_LIMITS.nodes) }))
  .refine((doc) => isStorableText(plainText(doc)), RICH_TEXT_MESSAGES.text)
  .refine(hasContent, RICH_TEXT_MESSAGES.empty) as unknown as z.ZodType<RichTextDoc>;

/** An empty document: what a new article's body starts as in the editor. */
export const EMPTY_DOC: RichTextDoc = { type: 'doc', content: [{ type: 'paragraph' }] };
