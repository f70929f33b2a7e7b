import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { ChangeBus } from '../../changes/index';
import { isRedisUnavailable } from '../redis';
import { type ContentChange, ContentVersions, isContentChange } from './content-version';
import { VersionedCache } from './versioned-cache';

/** The bus channel content changes travel on. */
export const CONTENT_CHANNEL = 'content-changed';

/** How long a writer waits for its own change to come back through the bus. */
const ECHO_TIMEOUT_MS = 1000;
const MAX_MESSAGE_LENGTH = 1024;

interface ChangeMessage {
  from: string;
  id: string;
  changes: ContentChange[];
}

export interface ContentChanges {
  versions: ContentVersions;
  cache: VersionedCache;
  /** This instance's id in change messages. */
  instanceId: string;
  bus: ChangeBus;
  /** Resolvers waiting for their own message to come back, by message id. */
  echoes: Map<string, () => void>;
}

function parseMessage(message: string): ChangeMessage | null {
  if (message.length > MAX_MESSAGE_LENGTH) return null;
  try {
    const value = JSON.parse(message) as Partial<ChangeMessage>;
    if (typeof value.from !== 'string' || typeof value.id !== 'string' || !Array.isArray(value.changes)) return null;
    const changes = value.changes.filter((change): change is ContentChange => typeof change === 'string' && isContentChange(change));
    return { from: value.from, id: value.id, changes };
  } catch {
    return null;
  }
}

/**
 * THE entry point for every writer of content: call it after the write has committed, with
 * the topics it changed (or 'all'). This instance drops its copies at once; every other
 * instance drops them when the message arrives, and the promise resolves once the message has
 * gone round the bus (so the writer's answer reaches its client after every instance knows).
 * It never throws: the write is done, and a lost message is caught by the caches' age limit.
 */
export async function contentChanged(app: FastifyInstance, ...changes: ContentChange[]): Promise<void> {
  const state = app.contentChanges;
  for (const change of changes) state.versions.bump(change);
  const id = randomUUID();
  const echoed = new Promise<void>((resolve) => {
    const timer = setTimeout(() => {
      state.echoes.delete(id);
      resolve();
    }, ECHO_TIMEOUT_MS);
    timer.unref();
    state.echoes.set(id, () => {
      clearTimeout(timer);
      state.echoes.delete(id);
      resolve();
    });
  });
  try {
    await state.bus.publish(CONTENT_CHANNEL, JSON.stringify({ from: state.instanceId, id, changes } satisfies ChangeMessage));
    await echoed;
  } catch (error) {
    state.echoes.get(id)?.();
    // A Redis outage is logged once by the connection (src/server/platform/redis.ts), not once per change.
    if (!isRedisUnavailable(error)) app.log.error({ err: error, changes }, 'content change could not be announced to other instances');
  }
}

/**
 * Decorates `app.contentChanges` (versions, cache) and listens for changes made by other
 * instances on the change bus (`app.changes`: in-process with SQLite, Redis or PostgreSQL
 * LISTEN/NOTIFY across instances).
 */
export default fp(async function contentChangesPlugin(app: FastifyInstance) {
  const bus = app.changes;
  const versions = new ContentVersions();
  const state: ContentChanges = {
    versions,
    cache: new VersionedCache(versions),
    instanceId: randomUUID(),
    bus,
    echoes: new Map(),
  };
  app.decorate('contentChanges', state);
  const unsubscribe = bus.subscribe(CONTENT_CHANNEL, (raw) => {
    const message = parseMessage(raw);
    if (!message) return;
    if (message.from === state.instanceId) {
      state.echoes.get(message.id)?.();
      return;
    }
    for (const change of message.changes) versions.bump(change);
  });
  // A starting instance may have migrated or seeded: the others drop what they hold.
  app.addHook('onReady', async () => {
    void contentChanged(app, 'all');
  });
  app.addHook('onClose', async () => {
    unsubscribe();
    state.cache.clear();
  });
});

declare module 'fastify' {
  interface FastifyInstance {
    /** Content versions and the cache of answers built from them (src/server/platform/cache). */
    contentChanges: ContentChanges;
  }
}
