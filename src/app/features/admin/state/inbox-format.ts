/** A message's or history entry's time in the inbox: "23 Nov 2026, 03:00" in the reader's zone. */
export const inboxTime = (at: string) => new Date(at).toLocaleString('en-GB', { dateStyle: 'medium', timeStyle: 'short' });
