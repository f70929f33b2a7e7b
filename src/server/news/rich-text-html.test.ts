import { describe, expect, it } from 'vitest';
import type { RichTextDoc } from '../../common/rich-text';
import { richTextSchema } from '../../common/rich-text';
import { richTextToHtml } from './rich-text-html';

const IMAGE = `/images/${'b'.repeat(64)}.webp`;

describe('richTextToHtml', () => {
  it('renders every allowed node and mark', () => {
    const doc = richTextSchema.parse({
      type: 'doc',
      content: [
        { type: 'heading', attrs: { level: 3 }, content: [{ type: 'text', text: 'Saturdays' }] },
        {
          type: 'paragraph',
          content: [
            { type: 'text', text: 'We ' },
            { type: 'text', text: 'now', marks: [{ type: 'bold' }, { type: 'italic' }] },
            { type: 'text', text: ' repair', marks: [{ type: 'link', attrs: { href: 'https://example.com/a?b=1&c=2' } }] },
            { type: 'hardBreak' },
            { type: 'text', text: 'laptops', marks: [{ type: 'link', attrs: { href: '/support' } }] },
          ],
        },
        { type: 'bulletList', content: [{ type: 'listItem', content: [{ type: 'paragraph', content: [{ type: 'text', text: 'one' }] }] }] },
        {
          type: 'orderedList',
          attrs: { start: 2 },
          content: [{ type: 'listItem', content: [{ type: 'paragraph', content: [{ type: 'text', text: 'two' }] }] }],
        },
        { type: 'blockquote', content: [{ type: 'paragraph', content: [{ type: 'text', text: 'Fast.' }] }] },
        { type: 'image', attrs: { src: IMAGE, alt: 'The "new" desk' } },
      ],
    });
    expect(richTextToHtml(doc)).toBe(
      '<h3>Saturdays</h3>' +
        '<p>We <em><strong>now</strong></em><a href="https://example.com/a?b=1&amp;c=2" rel="noopener noreferrer"> repair</a><br><a href="/support">laptops</a></p>' +
        '<ul><li><p>one</p></li></ul><ol start="2"><li><p>two</p></li></ol><blockquote><p>Fast.</p></blockquote>' +
        `<figure><img src="${IMAGE}" alt="The &quot;new&quot; desk" loading="lazy" decoding="async"></figure>`,
    );
  });

  it('escapes pasted markup as text', () => {
    const doc = richTextSchema.parse({
      type: 'doc',
      content: [
        {
          type: 'paragraph',
          content: [{ type: 'text', text: '<script>alert(1)</script><img src=x onerror=alert(1)><svg onload=alert(1)>' }],
        },
      ],
    });
    const html = richTextToHtml(doc);
    expect(html).not.toMatch(/<script|<img|<svg/);
    expect(html).toContain('&lt;script&gt;');
  });

  it('renders nothing dangerous from a document that skipped the schema', () => {
    const hostile = {
      type: 'doc',
      content: [
        { type: 'script', content: [{ type: 'text', text: 'alert(1)' }] },
        {
          type: 'paragraph',
          content: [{ type: 'text', text: 'x', marks: [{ type: 'link', attrs: { href: 'jav&#x09;ascript:alert(1)' } }] }],
        },
        {
          type: 'paragraph',
          content: [{ type: 'text', text: 'y', marks: [{ type: 'link', attrs: { href: '" onmouseover="alert(1)' } }] }],
        },
        { type: 'image', attrs: { src: 'data:image/svg+xml,<svg onload=alert(1)>', alt: 'x' } },
        { type: 'heading', attrs: { level: '1 onclick=alert(1)' }, content: [{ type: 'text', text: 'h' }] },
      ],
    } as unknown as RichTextDoc;
    const html = richTextToHtml(hostile);
    expect(html).toBe('<p>x</p><p>y</p><h2>h</h2>');
  });
});
