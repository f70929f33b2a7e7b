/**
 * The key of a `sessions` live event: a short hash of the account id, so a browser can tell the
 * event is about its own account while the stream (public, one per browser) never carries the id
 * itself. Short on purpose: a rare match with another account only makes that browser check its
 * session with the server, which then decides (decision 0910).
 */
export const SESSION_TAG_LENGTH = 16;

export async function sessionTag(uid: string): Promise<string> {
  const digest = await globalThis.crypto.subtle.digest('SHA-256', new TextEncoder().encode(`northwind-session:${uid}`));
  return [...new Uint8Array(digest)]
    .map((byte) => byte.toString(16).padStart(2, '0'))
    .join('')
    .slice(0, SESSION_TAG_LENGTH);
}
