/** Up to two initials for an avatar: first and last word ("Mei Lin Zhou" -> "MZ"). */
export function initials(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return '?';
  const first = [...words[0]!][0] ?? '';
  const last = words.length > 1 ? ([...words[words.length - 1]!][0] ?? '') : '';
  return (first + last).toUpperCase();
}

export const AVATAR_TONES = 6;

/** A stable colour slot per person, so a member keeps the same avatar colour everywhere. */
export function avatarTone(id: string): number {
  // FNV-1a: spreads short, similar ids (first-last names) over the tones better than a *31 hash.
  let hash = 2166136261;
  for (const char of id) {
    hash ^= char.charCodeAt(0);
    hash = Math.imul(hash, 16777619) >>> 0;
  }
  return hash % AVATAR_TONES;
}

/** "2011" -> "since 2011"; years of service for a member's page. */
export function yearsSince(year: number, now: Date = new Date()): number {
  return Math.max(0, now.getUTCFullYear() - year);
}

/** The average rating to one decimal, or null with no ratings. */
export function averageRating(ratings: number[]): number | null {
  if (ratings.length === 0) return null;
  return Math.round((ratings.reduce((sum, rating) => sum + rating, 0) / ratings.length) * 10) / 10;
}
