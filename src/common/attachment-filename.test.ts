import { describe, expect, it } from 'vitest';
import { ATTACHMENT_STEM_MAX, attachmentDisposition, safeAttachmentFilename } from './attachment-filename';

describe('safe attachment file name', () => {
  it('replaces an extension that does not match the kept type by the type’s own', () => {
    expect(safeAttachmentFilename('invoice.svg', 'image/png')).toBe('invoice.png');
    expect(safeAttachmentFilename('invoice.html', 'application/pdf')).toBe('invoice.pdf');
    expect(safeAttachmentFilename('setup.exe', 'image/gif')).toBe('setup.gif');
    expect(safeAttachmentFilename('photo.png.exe', 'image/png')).toBe('photo.png.png');
    expect(safeAttachmentFilename('scan.jpg', 'image/webp')).toBe('scan.webp');
  });

  it('keeps an extension that matches, in lower case, and reads the type without its parameters', () => {
    expect(safeAttachmentFilename('screen.png', 'image/png')).toBe('screen.png');
    expect(safeAttachmentFilename('Photo.JPEG', 'image/jpeg')).toBe('Photo.jpeg');
    expect(safeAttachmentFilename('Photo.jpg', 'IMAGE/JPEG; name="x.svg"')).toBe('Photo.jpg');
    expect(safeAttachmentFilename('Report 2030.PDF', 'application/pdf')).toBe('Report 2030.pdf');
  });

  it('appends the extension when the name has none (a dot inside words is not one)', () => {
    expect(safeAttachmentFilename('notes', 'application/pdf')).toBe('notes.pdf');
    expect(safeAttachmentFilename('Dr. Smith notes', 'application/pdf')).toBe('Dr. Smith notes.pdf');
  });

  it('gives unknown and octet-stream types the neutral .bin', () => {
    expect(safeAttachmentFilename('tool.exe', 'application/octet-stream')).toBe('tool.bin');
    expect(safeAttachmentFilename('page.html', 'text/html')).toBe('page.bin');
    expect(safeAttachmentFilename('x.svg', 'image/svg+xml')).toBe('x.bin');
    expect(safeAttachmentFilename('x.bin', '')).toBe('x.bin');
  });

  it('drops folders, control and invisible characters, and what Windows refuses', () => {
    expect(safeAttachmentFilename('../../etc/passwd', 'application/pdf')).toBe('passwd.pdf');
    expect(safeAttachmentFilename('C:\\Users\\a\\evil.exe', 'image/png')).toBe('evil.png');
    expect(safeAttachmentFilename('in\u0000vo\r\nice\u0007.png', 'image/png')).toBe('invoice.png');
    // Right-to-left override: shown as "invoiceexe.png", really "invoice<U+202E>gnp.exe".
    expect(safeAttachmentFilename('invoice\u202egnp.exe', 'image/png')).toBe('invoicegnp.png');
    expect(safeAttachmentFilename('a\u200bb\ufeff.pdf', 'application/pdf')).toBe('ab.pdf');
    expect(safeAttachmentFilename('what?<is>:this|"*.pdf', 'application/pdf')).toBe('what__is__this___.pdf');
    expect(safeAttachmentFilename('broken\ud800.png', 'image/png')).toBe('broken.png');
    expect(safeAttachmentFilename('emoji 😀.png', 'image/png')).toBe('emoji 😀.png');
  });

  it('never gives a hidden, empty or device name', () => {
    expect(safeAttachmentFilename('.bashrc', 'image/png')).toBe('bashrc.png');
    expect(safeAttachmentFilename('...', 'image/png')).toBe('attachment.png');
    expect(safeAttachmentFilename('', 'image/png')).toBe('attachment.png');
    expect(safeAttachmentFilename(null, 'application/pdf')).toBe('attachment.pdf');
    expect(safeAttachmentFilename('folder/', 'image/gif')).toBe('attachment.gif');
    expect(safeAttachmentFilename('  spaced .  .pdf ', 'application/pdf')).toBe('spaced.pdf');
    expect(safeAttachmentFilename('CON.png', 'image/png')).toBe('_CON.png');
    expect(safeAttachmentFilename('nul.tar.gz', 'image/png')).toBe('_nul.tar.png');
    expect(safeAttachmentFilename('console.png', 'image/png')).toBe('console.png');
  });

  it('bounds the length, counting characters and never splitting one', () => {
    expect(safeAttachmentFilename(`${'a'.repeat(5000)}.svg`, 'image/png')).toBe(`${'a'.repeat(ATTACHMENT_STEM_MAX)}.png`);
    const emoji = safeAttachmentFilename(`${'😀'.repeat(300)}.png`, 'image/png');
    expect(Array.from(emoji)).toHaveLength(ATTACHMENT_STEM_MAX + 4);
    expect(emoji).not.toMatch(/[\ud800-\udfff](?![\udc00-\udfff])/u);
    // A huge name whose extension lies past the bound reads as one without.
    expect(safeAttachmentFilename(`${'b'.repeat(2000)}.exe`, 'image/gif')).toBe(`${'b'.repeat(ATTACHMENT_STEM_MAX)}.gif`);
  });
});

describe('attachment Content-Disposition', () => {
  it('carries the name as UTF-8 and an ASCII stand-in', () => {
    expect(attachmentDisposition('invoice.png')).toBe(`attachment; filename="invoice.png"; filename*=UTF-8''invoice.png`);
    expect(attachmentDisposition('Café 100%.pdf')).toBe(`attachment; filename="Caf_ 100_.pdf"; filename*=UTF-8''Caf%C3%A9%20100%25.pdf`);
    expect(attachmentDisposition("it's (1).png")).toBe(`attachment; filename="it's (1).png"; filename*=UTF-8''it%27s%20%281%29.png`);
  });
});
