/** RFC 5321's limits: a whole address, its part before the "@", one label of its domain. */
const MAX_LOCAL_LENGTH = 64;
const MAX_DOMAIN_LENGTH = 253;
const MAX_LABEL_LENGTH = 63;

// One dot-separated piece of the part before the "@": RFC 5322's atext (what the browser's
// type="email" field accepts too) and letters of any script (RFC 6531). No quotes, spaces,
// control characters, "@", "(", ")", ",", ";", ":", "<", ">", "[", "]" or "\".
const LOCAL_PIECE = /^[\p{L}\p{M}\p{N}!#$%&'*+/=?^_`{|}~-]+$/u;
// One label of the domain: letters (any script, for internationalised names), digits and inner
// hyphens. This is what shuts out "x@evil.example?cc=someone": "?", "=", "&", "/", "#" and "%"
// can never be part of a host name.
const DOMAIN_LABEL = /^[\p{L}\p{M}\p{N}](?:[\p{L}\p{M}\p{N}-]*[\p{L}\p{M}\p{N}])?$/u;
const DIGITS = /^[0-9]+$/;

/**
 * The one email address rule of the product (Contact Us form and route, SUPPORT_INBOX_EMAIL):
 * `local@domain` where the local part is dot-separated RFC 5322 atoms (no leading, trailing or
 * doubled dot) and the domain is at least two host-name labels, the last not all digits. Quoted
 * local parts and address literals (`user@[192.0.2.1]`) are refused: nobody types them into a
 * contact form, and they are where mail links and headers go wrong.
 *
 * Lengths are checked before any pattern runs, and each pattern sees one piece of at most 64
 * characters with no nested repetition: no input can make it backtrack (an earlier whole-address
 * pattern took seconds on `a@` followed by thousands of dots).
 */
export function looksLikeEmail(value: string, maxLength = 254): boolean {
  if (value.length < 3 || value.length > maxLength) return false;
  const at = value.indexOf('@');
  if (at <= 0 || at !== value.lastIndexOf('@')) return false;
  const local = value.slice(0, at);
  const domain = value.slice(at + 1);
  if (local.length > MAX_LOCAL_LENGTH || domain.length === 0 || domain.length > MAX_DOMAIN_LENGTH) return false;
  if (!local.split('.').every((piece) => LOCAL_PIECE.test(piece))) return false;
  const labels = domain.split('.');
  if (labels.length < 2) return false;
  if (!labels.every((label) => label.length <= MAX_LABEL_LENGTH && DOMAIN_LABEL.test(label))) return false;
  return !DIGITS.test(labels.at(-1)!);
}
