import { describe, expect, it } from 'vitest';
import { documentSize, imageSources, isSafeHref, normaliseHref, plainText, RICH_TEXT_LIMITS, richTextSchema } from './rich-text';

const IMAGE = `/images/${'a'.repeat(64)}.webp`;
const para = (text: string, marks?: unknown[]) => ({ type: 'paragraph', content: [{ type: 'text', text, ...(marks ? { marks } : {}) }] });
const doc = (...content: unknown[]) => ({ type: 'doc', content });
const link = (href: string) => doc(para('click', [{ type: 'link', attrs: { href } }]));

describe('isSafeHref', () => {
  it.each(['https://example.com/a?b=1', 'http://example.com', 'mailto:help@example.com', '/team/maya-chen', '#part', '?page=2'])(
    'accepts %s',
    (href) => expect(isSafeHref(href)).toBe(true),
  );

  it.each([
    'javascript:alert(1)',
    'JavaScript:alert(1)',
    ' javascript:alert(1)',
    'java\tscript:alert(1)',
    'java\nscript:alert(1)',
    'jav&#x09;ascript:alert(1)',
    'jav&#9;ascript:alert(1)',
    '&#106;avascript:alert(1)',
    '&#x6A;avascript:alert(1)',
    'javascript&colon;alert(1)',
    '&amp;#106;avascript:alert(1)',
    'java%73cript:alert(1)',
    '\u0000javascript:alert(1)',
    '\ufeffjavascript:alert(1)',
    'data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==',
    'vbscript:msgbox(1)',
    'file:///etc/passwd',
    '//evil.example/x',
    '/\\evil.example',
    'evil.example/x',
    '',
    `https://example.com/${'a'.repeat(RICH_TEXT_LIMITS.href)}`,
  ])('refuses %j', (href) => expect(isSafeHref(href)).toBe(false));

  it('decodes references and drops control characters before reading the scheme', () => {
    expect(normaliseHref('JaV&#x09;aScRiPt&colon;x')).toBe('javascript:x');
  });
});

describe('richTextSchema', () => {
  it('accepts every allowed node and mark', () => {
    const value = doc(
      { type: 'heading', attrs: { level: 2 }, content: [{ type: 'text', text: 'News' }] },
      para('bold', [{ type: 'bold' }, { type: 'italic' }, { type: 'link', attrs: { href: 'https://example.com' } }]),
      { type: 'bulletList', content: [{ type: 'listItem', content: [para('one')] }] },
      { type: 'orderedList', attrs: { start: 3 }, content: [{ type: 'listItem', content: [para('two')] }] },
      { type: 'blockquote', content: [para('quoted')] },
      { type: 'image', attrs: { src: IMAGE, alt: 'A laptop on a desk' } },
      { type: 'paragraph', content: [{ type: 'text', text: 'a' }, { type: 'hardBreak' }, { type: 'text', text: 'b' }] },
    );
    const result = richTextSchema.safeParse(value);
    expect(result.success).toBe(true);
    expect(imageSources(result.data!)).toEqual([IMAGE]);
    expect(plainText(result.data!)).toContain('quoted');
  });

  it('drops attributes outside the allow-list', () => {
    const value = doc(
      {
        type: 'paragraph',
        attrs: { onclick: 'alert(1)', style: 'color:red' },
        content: [
          {
            type: 'text',
            text: 'x',
            marks: [{ type: 'link', attrs: { href: '/a', target: '_blank', onmouseover: 'alert(1)', class: 'x' } }],
          },
        ],
      },
      { type: 'image', attrs: { src: IMAGE, alt: 'ok', onerror: 'alert(1)', title: 'x' } },
    );
    const result = richTextSchema.parse(value);
    expect(JSON.stringify(result)).not.toMatch(/onclick|onerror|onmouseover|style|target|class|title/);
  });

  it.each([
    ['a script node', doc({ type: 'script', content: [{ type: 'text', text: 'alert(1)' }] })],
    ['an svg node', doc({ type: 'svg', attrs: { onload: 'alert(1)' } })],
    ['raw html', doc({ type: 'html', text: '<img src=x onerror=alert(1)>' })],
    ['an iframe', doc({ type: 'iframe', attrs: { src: 'https://evil.example' } })],
    ['an unknown mark', doc(para('x', [{ type: 'code' }]))],
    ['a style mark', doc(para('x', [{ type: 'textStyle', attrs: { color: 'red' } }]))],
    ['a heading of level 1', doc({ type: 'heading', attrs: { level: 1 }, content: [{ type: 'text', text: 'x' }] })],
    ['a javascript link', link('javascript:alert(1)')],
    ['an entity-hidden javascript link', link('jav&#x09;ascript:alert(1)')],
    ['a data link', link('data:text/html,<script>alert(1)</script>')],
    ['a picture from elsewhere', doc({ type: 'image', attrs: { src: 'https://evil.example/x.png', alt: 'x' } })],
    ['a data picture', doc({ type: 'image', attrs: { src: 'data:image/svg+xml,<svg onload=alert(1)>', alt: 'x' } })],
    ['an svg picture', doc({ type: 'image', attrs: { src: `/images/${'a'.repeat(64)}.svg`, alt: 'x' } })],
    ['a picture without alternative text', doc({ type: 'image', attrs: { src: IMAGE, alt: '  ' } })],
    ['an empty document', doc({ type: 'paragraph' })],
    ['not a document', { type: 'paragraph' }],
    ['a NUL character', doc(para('a\u0000b'))],
  ])('refuses %s', (_name, value) => {
    expect(richTextSchema.safeParse(value).success).toBe(false);
  });

  it('refuses documents beyond its bounds before reading them', () => {
    let deep: unknown = para('x');
    for (let level = 0; level < 20; level++) deep = { type: 'blockquote', content: [deep] };
    expect(richTextSchema.safeParse(doc(deep)).success).toBe(false);
    expect(
      richTextSchema.safeParse(
        doc(para('x'.repeat(RICH_TEXT_LIMITS.textNode)), ...Array(6).fill(para('y'.repeat(RICH_TEXT_LIMITS.textNode)))),
      ).success,
    ).toBe(false);
    expect(documentSize(doc(para('abc'))).text).toBe(3);
  });
});
