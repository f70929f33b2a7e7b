/**
 * A deliberately plain email check: one "@" with something before it, a dot inside the domain
 * (not first, not last), no spaces. Stricter rules reject real addresses; the reply email is what
 * finally proves an address works.
 *
 * Written without a regular expression over the whole address: a pattern such as
 * `^[^\s@]+@[^\s@]+\.[^\s@]+$` backtracks quadratically on `a@` followed by thousands of dots
 * (seconds of CPU for one request). This runs in one pass, and refuses oversize input first.
 */
export function looksLikeEmail(value: string, maxLength = 254): boolean {
  if (value.length === 0 || value.length > maxLength) return false;
  const at = value.indexOf('@');
  if (at <= 0 || at !== value.lastIndexOf('@')) return false;
  if (/\s/.test(value)) return false;
  const domain = value.slice(at + 1);
  return domain.length >= 3 && domain.slice(1, -1).includes('.');
}
