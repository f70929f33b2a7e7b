import { looksLikeEmail } from '../../../../common/email-format';

/**
 * The `mailto:` address of a sender, or null when the stored text is not an address (messages
 * stored before the stricter rule): the console then shows it without a link.
 *
 * Both parts are percent-encoded (RFC 6068), so nothing in an address can add a recipient, a
 * header or a body to the link: `?`, `&`, `=`, `#` and `%` are data, never syntax.
 */
export function mailtoHref(address: string): string | null {
  if (!looksLikeEmail(address)) return null;
  const at = address.lastIndexOf('@');
  return `mailto:${encodeURIComponent(address.slice(0, at))}@${encodeURIComponent(address.slice(at + 1))}`;
}
