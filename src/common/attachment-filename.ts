/**
 * The name a customer's attachment is saved under, the same in the console's download and in the
 * server's Content-Disposition. The sender chooses the file name and the type separately; the
 * server keeps and serves the file by its type, so the saved name must say that type too: a PNG
 * named `invoice.svg` saved as `invoice.svg` would open as a script-bearing SVG, a GIF named
 * `setup.exe` would run as a program.
 */

/** The extensions each kept type may be saved under, the first one when the sender's does not fit. */
const EXTENSIONS = new Map<string, readonly string[]>([
  ['image/png', ['png']],
  ['image/jpeg', ['jpg', 'jpeg']],
  ['image/gif', ['gif']],
  ['image/webp', ['webp']],
  ['application/pdf', ['pdf']],
]);
/** The types the help desk keeps a customer's attachment in (src/server/inbox/mail-rules.ts). */
export const KEPT_ATTACHMENT_TYPES: ReadonlySet<string> = new Set(EXTENSIONS.keys());
/** Any other type (octet-stream, unknown): an extension no system opens with a program. */
const NEUTRAL = 'bin';

const INPUT_MAX = 1000;
export const ATTACHMENT_STEM_MAX = 100;
const FALLBACK_STEM = 'attachment';

// Control characters (C0, DEL, C1), and the invisible and direction-changing marks (a right-to-left
// override shows `invoice<U+202E>gnp.exe` as `invoiceexe.png`); unpaired surrogates (the `u` flag
// matches only those).
const INVISIBLE =
  // eslint-disable-next-line no-control-regex -- removing control characters is the point
  /[\u0000-\u001f\u007f-\u009f\u00ad\u061c\u180e\u200b-\u200f\u2028-\u202e\u2060-\u206f\ufeff\ufff9-\ufffb]|[\ud800-\udfff]/gu;
// What Windows refuses in a file name; the separators themselves are gone by then.
const RESERVED = /[<>:"/\\|?*]/g;
// Windows opens a device instead of a file for these names, whatever the extension.
const DEVICE = /^(con|prn|aux|nul|com[0-9¹²³]|lpt[0-9¹²³])$/i;
const EXTENSION = /^[a-z0-9]{1,10}$/i;

const trimDotsAndSpaces = (text: string) => text.replace(/^[\s.]+/, '').replace(/[\s.]+$/, '');

function extensionsOf(contentType: string): readonly string[] {
  const essence = contentType.slice(0, 200).split(';')[0]!.trim().toLowerCase();
  return EXTENSIONS.get(essence) ?? [NEUTRAL];
}

/**
 * A safe file name for an attachment the sender named `filename` and the server keeps as
 * `contentType`: no folders, control or invisible characters, at most ATTACHMENT_STEM_MAX
 * characters before an extension that matches the type (`invoice.svg` kept as image/png is saved
 * as `invoice.png`, `notes` as `notes.png`; an unknown type as `.bin`).
 */
export function safeAttachmentFilename(filename: string | null | undefined, contentType: string): string {
  const allowed = extensionsOf(contentType);
  const bounded = (filename ?? '').slice(0, INPUT_MAX);
  const base = bounded.slice(Math.max(bounded.lastIndexOf('/'), bounded.lastIndexOf('\\')) + 1);
  const cleaned = trimDotsAndSpaces(base.replace(INVISIBLE, '').replace(RESERVED, '_').replace(/\s+/g, ' '));
  const dot = cleaned.lastIndexOf('.');
  const senderExtension = dot > 0 ? cleaned.slice(dot + 1) : '';
  const hasExtension = EXTENSION.test(senderExtension);
  const keep = hasExtension && allowed.includes(senderExtension.toLowerCase());
  const extension = keep ? senderExtension.toLowerCase() : allowed[0]!;
  let stem = trimDotsAndSpaces(hasExtension ? cleaned.slice(0, dot) : cleaned);
  stem = trimDotsAndSpaces(Array.from(stem).slice(0, ATTACHMENT_STEM_MAX).join(''));
  if (!stem) stem = FALLBACK_STEM;
  if (DEVICE.test(stem.split('.')[0]!)) stem = `_${stem}`;
  return `${stem}.${extension}`;
}

/**
 * The Content-Disposition of a download saved as `name` (a name from safeAttachmentFilename): the
 * UTF-8 name for browsers that read `filename*` (RFC 6266), an ASCII stand-in for those that do not.
 */
export function attachmentDisposition(name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\%]/g, '_');
  const encoded = encodeURIComponent(name).replace(/['()*]/g, (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}
