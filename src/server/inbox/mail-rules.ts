/**
 * The help desk's small mail rules, pure: reply addresses, threading headers and subject tags,
 * the quoted text below a reply, what counts as an automatic mail, folding the history below a
 * customer's answer, the duplicate key of a mail and what the MIME parser's refusals mean.
 */
import { KEPT_ATTACHMENT_TYPES } from '../../common/attachment-filename';

const TOKEN_PATTERN = /^[a-f0-9]{32}$/;

/** The conversation's reply address: support+TOKEN@domain (the token is 128 random bits, hex). */
export function replyAddress(token: string, domain: string): string {
  return `support+${token}@${domain}`;
}

/** The token of a reply address of our domain, or null (any other address). */
export function tokenOfAddress(address: string, domain: string): string | null {
  if (address.length > 320) return null;
  const at = address.lastIndexOf('@');
  if (at < 0 || address.slice(at + 1).toLowerCase() !== domain.toLowerCase()) return null;
  const local = address.slice(0, at).toLowerCase();
  if (!local.startsWith('support+')) return null;
  const token = local.slice('support+'.length);
  return TOKEN_PATTERN.test(token) ? token : null;
}

/** The Message-ID every conversation starts from (its Contact Us message had none of its own). */
export const rootMessageId = (conversationId: string, domain: string) => `<conversation-${conversationId}@${domain}>`;

/** The conversation id of a root Message-ID of ours, or null. */
export function conversationOfRootId(messageId: string, domain: string): string | null {
  if (messageId.length > 400) return null;
  const match = /^<?conversation-([0-9a-f-]{36})@([^>]+)>?$/i.exec(messageId.trim());
  return match && match[2]!.toLowerCase() === domain.toLowerCase() ? match[1]!.toLowerCase() : null;
}

/**
 * The tag in a reply's subject, [#NW-xxxxxxxx]: for people and their mail filters only. It never
 * threads a mail (decision in docs/help-desk.md): anyone who saw the subject can copy it, and a
 * From address proves nothing.
 */
export const subjectTag = (conversationId: string) => `[#NW-${conversationId.slice(0, 8)}]`;

export function replySubject(subject: string | null): string {
  const base = subject?.trim() || 'Your message to Northwind Computer Services';
  return (/^re:/i.test(base) ? base : `Re: ${base}`).slice(0, 200);
}

export function replySubjectWithTag(subject: string | null, conversationId: string): string {
  const stripped = (subject ?? '').replace(/\s*\[#NW-[0-9a-f]{8}\]/gi, '');
  return `${replySubject(stripped).slice(0, 180)} ${subjectTag(conversationId)}`;
}

/** References of a reply: the root first, then the latest mails of the thread (at most 10 in all). */
export function referencesOf(root: string, threadIds: readonly string[]): string[] {
  const unique = [root, ...threadIds.filter((id) => id !== root)];
  return unique.length <= 10 ? unique : [root, ...unique.slice(-9)];
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char]!);

/** The reply's text part: the reply, then the customer's last message quoted. */
export function replyText(body: string, quoted: { name: string; at: string; text: string } | null): string {
  if (!quoted) return `${body}\n`;
  const lines = quoted.text.split(/\r?\n/).map((line) => `> ${line}`);
  return `${body}\n\nOn ${quoted.at}, ${quoted.name} wrote:\n${lines.join('\n')}\n`;
}

/** The reply's HTML part, built from text only (everything escaped). */
export function replyHtml(body: string, quoted: { name: string; at: string; text: string } | null): string {
  const paragraphs = (text: string) =>
    text
      .split(/\r?\n\r?\n/)
      .map((part) => `<p>${escapeHtml(part).replace(/\r?\n/g, '<br>')}</p>`)
      .join('');
  const quote = quoted
    ? `<p>On ${escapeHtml(quoted.at)}, ${escapeHtml(quoted.name)} wrote:</p><blockquote style="margin:0 0 0 .8ex;border-left:1px solid #ccc;padding-left:1ex">${paragraphs(quoted.text)}</blockquote>`
    : '';
  return `<!doctype html><html><body>${paragraphs(body)}${quote}</body></html>`;
}

/** A header's value as one string (mailparser gives strings, arrays or structured values). */
export type HeaderLookup = (name: string) => string | undefined;

/**
 * An auto-reply, bounce or list mail: answering it or reopening for it could loop two robots.
 * RFC 3834 Auto-Submitted, Precedence bulk/junk/list, delivery-status reports, the common
 * vendor flags, and the null sender of bounces.
 */
export function isAutomatic(header: HeaderLookup, contentType: string, envelopeFrom: string | null): boolean {
  const auto = header('auto-submitted')?.trim().toLowerCase();
  if (auto && auto !== 'no') return true;
  const precedence = header('precedence')?.trim().toLowerCase();
  if (precedence && ['bulk', 'junk', 'list', 'auto_reply'].includes(precedence)) return true;
  if (header('x-autoreply') || header('x-autorespond') || header('x-auto-response-suppress')?.toLowerCase().includes('all')) return true;
  if (header('list-id') || header('list-unsubscribe')) return true;
  const type = contentType.toLowerCase();
  if (type.startsWith('multipart/report') || type.startsWith('message/delivery-status')) return true;
  if (envelopeFrom !== null && envelopeFrom.trim() === '') return true;
  const from = (header('from') ?? '').toLowerCase();
  return /mailer-daemon@|postmaster@/.test(from);
}

/** Lines that start the quoted history below an answer (mail programs' usual attributions). */
const HISTORY_STARTS = [
  /^On .{1,300} wrote:\s*$/,
  /^-{2,}\s*Original Message\s*-{2,}\s*$/i,
  /^From: .{1,300}$/,
  /^_{10,}\s*$/,
  /^Le .{1,300} a écrit\s?:\s*$/,
  /^Am .{1,300} schrieb .{1,300}:\s*$/,
];

/**
 * The answer itself and the history below it. The history starts at the first attribution
 * line, or at the trailing block of "> " lines; without either, nothing is folded.
 */
export function foldQuoted(text: string): { answer: string; quoted: string | null } {
  const lines = text.replace(/\r\n/g, '\n').split('\n');
  let cut = lines.findIndex((line) => HISTORY_STARTS.some((pattern) => pattern.test(line.trim())));
  if (cut < 0) {
    let end = lines.length;
    while (end > 0 && lines[end - 1]!.trim() === '') end--;
    let start = end;
    while (start > 0 && (lines[start - 1]!.startsWith('>') || lines[start - 1]!.trim() === '')) start--;
    if (start < end && lines.slice(start, end).some((line) => line.startsWith('>'))) cut = start;
  }
  if (cut <= 0) return { answer: text.trim(), quoted: null };
  const answer = lines.slice(0, cut).join('\n').trim();
  const quoted = lines.slice(cut).join('\n').trim();
  return answer ? { answer, quoted: quoted || null } : { answer: text.trim(), quoted: null };
}

/** Text that is safe to store and show as text: no NUL or other control characters but tab and newline. */
export function cleanText(text: string, max: number): string {
  const cleaned = text
    .slice(0, max * 2)
    // eslint-disable-next-line no-control-regex -- removing control characters is the point
    .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g, '')
    .replace(/[\ud800-\udfff]/g, (char, index: number, all: string) => {
      const code = char.charCodeAt(0);
      const next = all.charCodeAt(index + 1);
      const prev = all.charCodeAt(index - 1);
      const paired = code < 0xdc00 ? next >= 0xdc00 && next <= 0xdfff : prev >= 0xd800 && prev < 0xdc00;
      return paired ? char : '';
    });
  return cleaned.length > max ? `${cleaned.slice(0, max)}…` : cleaned;
}

export const ATTACHMENT_MAX_BYTES = 10 * 1024 * 1024;

/** Why an attachment is refused, or null to keep it. */
export function attachmentRefusal(contentType: string, size: number): string | null {
  if (!KEPT_ATTACHMENT_TYPES.has(contentType.toLowerCase())) return 'only images (PNG, JPEG, GIF, WebP) and PDF files are kept';
  if (size > ATTACHMENT_MAX_BYTES) return 'larger than 10 MB';
  return null;
}

/** The In-Reply-To and References ids a mail names (the last 50 references), each bounded. */
export function threadIdsOf(inReplyTo: string | undefined, references: string | string[] | undefined): string[] {
  const listed = typeof references === 'string' ? [references] : (references ?? []);
  return [inReplyTo ?? '', ...listed.slice(-50)].filter((id) => id && id.length <= 400);
}

/**
 * The keys that make a mail a duplicate. A Message-ID is only unique within its sender (anyone
 * can write any Message-ID), so the key is the sender's address (lower case, as `sender` is
 * stored) and the Message-ID; `legacyKey` is the key of mails stored before it named the sender,
 * a duplicate only when the stored row's sender is this one. Null without a usable Message-ID:
 * the caller keys the mail by its content's hash.
 */
export function messageIdKeys(sender: string, messageId: string | undefined): { key: string; legacyKey: string } | null {
  if (!messageId || messageId.length > 400 || sender.length > 320) return null;
  // A space cannot occur in a checked address, so the sender ends where the first space is.
  return { key: `mid:${sender.toLowerCase()} ${messageId}`, legacyKey: `mid:${messageId}` };
}

/**
 * The permanent refusal for a mail the MIME parser gave up on: the same bytes fail the same way
 * on every retry, so "try again later" (451) would only make the sender retry for days. 554
 * (transaction failed) and 5.6.0 (RFC 3463: other media error, the content is the problem):
 * 552 and 5.3.4 would say the mail is too big, and it is not.
 */
export function parserRefusal(error: unknown): { code: 554; text: string } {
  const reason = error instanceof Error ? error.message.slice(0, 200) : '';
  const code = error instanceof Error ? (error as Error & { code?: unknown }).code : undefined;
  if (code === 'EMAXLEN' && reason.includes('child nodes'))
    return { code: 554, text: '5.6.0 Message refused: more than 1,000 MIME parts; it will not be accepted later either' };
  if (code === 'EMAXLEN')
    return { code: 554, text: '5.6.0 Message refused: a MIME header block over 1 MB; it will not be accepted later either' };
  return { code: 554, text: '5.6.0 Malformed message: its MIME structure cannot be read' };
}
