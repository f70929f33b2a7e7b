import type { FastifyBaseLogger } from 'fastify';
import type { AuthUser } from '../identity/index';
import type { ChangeBus } from './bus';
import { type ChangeEvent, formatCursor, KEEP_ALIVE_FRAME, MAX_REPLAY, planCatchUp, sseFrame } from './protocol';
import type { changeLogRepository } from './repository';
import type { TopicDefinition } from './topics';

/** The bus channel that says "topic T has reached version V; look in the change log". */
export const LIVE_CHANNEL = 'live';
/** Comment frames this often: well inside the client's 60 s idle limit. */
export const KEEP_ALIVE_MS = 25_000;
/** A lost notice (bus reconnecting) delays an event by at most this long. */
export const BACKSTOP_POLL_MS = 5_000;
/** A client this far behind on its socket is dropped; it reconnects with its cursor. */
const MAX_BUFFERED_BYTES = 1024 * 1024;
/**
 * The change-log topic that says "what this account may read changed" (a role revoked, the staff
 * second-factor rule switched on): never readable on a stream (it is not registered), read by
 * each instance's hub for itself. Its key is the account id, or `*` for every account.
 */
export const ACCESS_TOPIC = 'access';
export const EVERY_ACCOUNT = '*';
/** What the hub follows for its signed-in streams: ended sessions (0910) and access changes. */
const WATCHED_TOPICS = ['sessions', ACCESS_TOPIC];

export interface StreamClient {
  user: AuthUser | null;
  /** The `sessions` tag of the signed-in user (src/common/session-tag.ts), or null. */
  sessionTag: string | null;
  topics: Map<string, TopicDefinition>;
  versions: Map<string, number>;
  write(frame: string): void;
  /** Bytes queued on the socket and not yet sent. */
  buffered(): number;
  end(): void;
  /** Until the catch-up is written, live events wait here. */
  pending: ChangeEvent[] | null;
}

type Log = ReturnType<typeof changeLogRepository>;

/**
 * This instance's streams: one database read per change, whatever the number of clients, then a
 * write to each client's socket.
 */
export class LiveHub {
  private readonly clients = new Set<StreamClient>();
  /** Per topic: the last version this instance has read from the log. */
  private readonly seen = new Map<string, number>();
  private readonly pulling = new Map<string, Promise<void>>();
  private readonly again = new Set<string>();
  private readonly timers: NodeJS.Timeout[] = [];
  private readonly unsubscribe: () => void;

  constructor(
    private readonly log: Log,
    bus: ChangeBus,
    private readonly logger: Pick<FastifyBaseLogger, 'warn'>,
  ) {
    this.unsubscribe = bus.subscribe(LIVE_CHANNEL, (message) => {
      const topic = message.split(':')[0];
      if (topic && this.seen.has(topic)) this.pull(topic);
    });
    this.timers.push(setInterval(() => this.keepAlive(), KEEP_ALIVE_MS).unref());
    this.timers.push(setInterval(() => void this.backstop(), BACKSTOP_POLL_MS).unref());
  }

  get size(): number {
    return this.clients.size;
  }

  /** Registers a client, then writes what it missed (or a reset per topic), then goes live. */
  async add(client: StreamClient): Promise<void> {
    this.clients.add(client);
    const names = [...client.topics.keys()];
    // A signed-in stream is closed when its account's sessions end or its access changes: the
    // hub follows those topics from the first such stream on, whatever the stream asked for.
    const watch = client.user ? WATCHED_TOPICS.filter((topic) => !this.seen.has(topic)) : [];
    const current = await this.log.versions([...new Set([...names, ...watch])]);
    for (const topic of watch) if (!this.seen.has(topic)) this.seen.set(topic, current.get(topic)!);
    for (const topic of names) {
      if (!this.seen.has(topic)) this.seen.set(topic, current.get(topic)!);
      const now = current.get(topic)!;
      const have = client.versions.get(topic);
      const plan = planCatchUp(have, now, have !== undefined && have < now ? await this.log.oldest(topic) : null);
      if (plan.kind === 'replay') {
        for (const event of await this.log.since(topic, plan.after, MAX_REPLAY)) this.send(client, event);
      } else if (plan.kind === 'reset') {
        client.versions.set(topic, now);
        client.write(sseFrame('reset', { topic, version: now }, formatCursor(client.versions)));
      }
    }
    this.release(client);
    client.write(sseFrame('ready', { topics: names }, formatCursor(client.versions)));
  }

  /** Writes the events held back while the client caught up (or while its access was checked). */
  private release(client: StreamClient): void {
    const waiting = client.pending ?? [];
    client.pending = null;
    for (const event of waiting) this.send(client, event);
  }

  remove(client: StreamClient): void {
    this.clients.delete(client);
  }

  /** Ends every stream (shutdown): clients reconnect to another instance with their cursor. */
  close(): void {
    this.unsubscribe();
    for (const timer of this.timers) clearInterval(timer);
    for (const client of this.clients) client.end();
    this.clients.clear();
  }

  /** Reads the log after the last version seen, once at a time per topic, and fans out. */
  private pull(topic: string): void {
    if (this.pulling.has(topic)) {
      this.again.add(topic);
      return;
    }
    const run = (async () => {
      try {
        for (let round = 0; round < 100; round++) {
          const events = await this.log.since(topic, this.seen.get(topic) ?? 0, 500);
          for (const event of events) {
            this.seen.set(topic, event.version);
            if (WATCHED_TOPICS.includes(topic)) this.enforce(event);
            for (const client of this.clients) if (client.topics.has(topic)) this.deliver(client, event);
          }
          if (events.length < 500) break;
        }
      } catch (error) {
        this.logger.warn({ err: error, topic }, 'live: reading the change log failed');
      }
    })().finally(() => {
      this.pulling.delete(topic);
      if (this.again.delete(topic)) this.pull(topic);
    });
    this.pulling.set(topic, run);
  }

  /**
   * Acts on an account's ended sessions or changed access for this instance's signed-in streams.
   * Ended sessions (disabled, signed out, deleted) end its streams at once: their token is no
   * longer valid. A changed access holds the stream's events back while every topic's rule is
   * asked again, and ends the stream if one now refuses (a staff member demoted); a client that
   * reconnects is then refused like any other caller. A failed check ends the stream too.
   */
  private enforce(event: ChangeEvent): void {
    for (const client of this.clients) {
      if (!client.user) continue;
      if (event.topic === 'sessions') {
        if (event.kind === 'ended' && client.sessionTag === event.key) client.end();
      } else if (event.key === client.user.uid || event.key === EVERY_ACCOUNT) {
        void this.recheck(client);
      }
    }
  }

  private async recheck(client: StreamClient): Promise<void> {
    const holding = client.pending === null;
    if (holding) client.pending = [];
    let allowed = true;
    try {
      for (const definition of client.topics.values()) {
        if (!(await definition.canRead(client.user))) {
          allowed = false;
          break;
        }
      }
    } catch (error) {
      allowed = false;
      this.logger.warn({ err: error }, 'live: access check failed; the stream is closed and the client reconnects');
    }
    if (!allowed) client.end();
    else if (holding && this.clients.has(client)) this.release(client);
  }

  private deliver(client: StreamClient, event: ChangeEvent): void {
    if (client.pending) client.pending.push(event);
    else this.send(client, event);
  }

  /** Writes one event unless the client already has it; a gap (never expected) becomes a reset. */
  private send(client: StreamClient, event: ChangeEvent): void {
    const have = client.versions.get(event.topic) ?? 0;
    if (event.version <= have) return;
    client.versions.set(event.topic, event.version);
    const cursor = formatCursor(client.versions);
    if (event.version > have + 1) {
      client.write(sseFrame('reset', { topic: event.topic, version: event.version }, cursor));
      return;
    }
    const definition = client.topics.get(event.topic);
    // An event the client may not see still moves its cursor, so it is not replayed later.
    if (definition?.canSee && !definition.canSee(client.user, event)) return;
    client.write(sseFrame('change', event, cursor));
    if (client.buffered() > MAX_BUFFERED_BYTES) client.end();
  }

  private keepAlive(): void {
    for (const client of this.clients) client.write(KEEP_ALIVE_FRAME);
  }

  private async backstop(): Promise<void> {
    const topics = [...this.seen.keys()];
    if (topics.length === 0 || this.clients.size === 0) return;
    try {
      const current = await this.log.versions(topics);
      for (const [topic, version] of current) if (version > (this.seen.get(topic) ?? 0)) this.pull(topic);
    } catch (error) {
      this.logger.warn({ err: error }, 'live: change log check failed');
    }
  }
}
