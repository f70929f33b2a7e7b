import { avatarTone, initials } from '../lib/people';

/** An initials avatar: no photos to load, and each person keeps one colour everywhere. */
export function Avatar({ id, name, size = 'md' }: { id: string; name: string; size?: 'md' | 'lg' }) {
  return (
    <span className={`avatar avatar--${size} avatar--tone-${avatarTone(id)}`} aria-hidden="true">
      {initials(name)}
    </span>
  );
}
