import type { AuthUser } from '../identity/index';
import type { ChangeEvent } from './protocol';

/**
 * Who may read a topic of the live stream. The rule of each topic is the rule of the GET routes
 * whose data it carries: nobody receives on the stream what they could not read with a GET.
 */
export interface TopicDefinition {
  name: string;
  /** Checked once when a stream opens (anonymous callers get `null`). */
  canRead(user: AuthUser | null): boolean | Promise<boolean>;
  /** Checked per event, for topics whose events are not all readable by every reader of the topic. */
  canSee?(user: AuthUser | null, event: ChangeEvent): boolean;
}

/** Topics readable by anyone: the data behind them is public (`GET /api/movies`, `/api/schedule`, `/api/stats/*`). */
export const PUBLIC_TOPICS: readonly TopicDefinition[] = [
  { name: 'movies', canRead: () => true },
  { name: 'schedule', canRead: () => true },
  { name: 'stats', canRead: () => true },
  // "The sessions of the account with this tag were ended": carries a hash, never an id (decision 0910).
  { name: 'sessions', canRead: () => true },
];

export class TopicRegistry {
  private readonly topics = new Map<string, TopicDefinition>();

  constructor(initial: readonly TopicDefinition[] = PUBLIC_TOPICS) {
    for (const topic of initial) this.register(topic);
  }

  register(topic: TopicDefinition): void {
    if (this.topics.has(topic.name)) throw new Error(`Live topic "${topic.name}" is already registered.`);
    this.topics.set(topic.name, topic);
  }

  get(name: string): TopicDefinition | undefined {
    return this.topics.get(name);
  }
}
