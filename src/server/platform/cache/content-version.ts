/**
 * What the server caches is grouped by topic; a change to a topic makes every cached answer
 * built from it stale. Writers name the topic they changed (see content-changes.ts).
 */
export const CONTENT_TOPICS = [
  'services',
  'core-values',
  'client-reviews',
  'team-members',
  'movies',
  'schedule',
  'support-messages',
  'news',
  'site-texts',
] as const;

export type ContentTopic = (typeof CONTENT_TOPICS)[number];

/** A change to one topic, or to everything (a seed, a migration, a restore). */
export type ContentChange = ContentTopic | 'all';

const TOPIC_INDEX = new Map<string, number>(CONTENT_TOPICS.map((topic, index) => [topic, index]));

export function isContentChange(value: string): value is ContentChange {
  return value === 'all' || TOPIC_INDEX.has(value);
}

/** What a cached answer was built from: the generation of each of its topics at the time. */
export interface VersionStamp {
  readonly topics: readonly number[];
  readonly generations: readonly number[];
}

/**
 * One counter per topic, kept in memory. Checking a stamp costs a few array reads, so a cached
 * answer is validated on every request without asking the database anything.
 */
export class ContentVersions {
  private readonly generations = new Uint32Array(CONTENT_TOPICS.length);

  /** Marks a topic (or every topic) changed: stamps taken before no longer match. */
  bump(change: ContentChange): void {
    if (change === 'all') {
      for (let index = 0; index < this.generations.length; index++) this.generations[index]! += 1;
      return;
    }
    this.generations[TOPIC_INDEX.get(change)!]! += 1;
  }

  /** Take the stamp before reading the data, so a change during the read makes it stale. */
  stamp(topics: readonly ContentTopic[]): VersionStamp {
    const indexes = topics.map((topic) => TOPIC_INDEX.get(topic)!);
    return { topics: indexes, generations: indexes.map((index) => this.generations[index]!) };
  }

  isCurrent(stamp: VersionStamp): boolean {
    for (let index = 0; index < stamp.topics.length; index++) {
      if (this.generations[stamp.topics[index]!] !== stamp.generations[index]) return false;
    }
    return true;
  }
}
