/**
 * Share List's two ways out: copy the link, or hand it to the system share sheet
 * (the Web Share API) where the browser has one. Resolves with what to tell the user.
 */
export async function shareLink(how: 'copy' | 'share', link: string): Promise<{ message: string | null; failed: boolean }> {
  if (how === 'copy') {
    try {
      await navigator.clipboard.writeText(link);
      return { message: 'Link copied. Anyone who opens it sees this list as you see it now.', failed: false };
    } catch {
      return { message: `Could not copy the link. Copy it from here: ${link}`, failed: true };
    }
  }
  if (typeof navigator.share !== 'function') {
    return { message: 'This browser cannot share directly. Use Copy Link and paste the link where you like.', failed: false };
  }
  try {
    await navigator.share({ title: 'Movie list', text: 'Have a look at this movie list', url: link });
    return { message: null, failed: false };
  } catch (error) {
    // Closing the share sheet is not a failure.
    if (error instanceof DOMException && error.name === 'AbortError') return { message: null, failed: false };
    return { message: 'Sharing did not work. Use Copy Link instead.', failed: true };
  }
}
