/** The cross-instance message bus the caches listen on (see docs/performance.md). */
export interface ChangeBusLike {
  /** Delivered to every instance, this one included. */
  publish(channel: string, message: string): Promise<void>;
  subscribe(channel: string, listener: (message: string) => void): () => void;
}

type Listener = (message: string) => void;

const processBuses = new Map<string, ChangeBusLike>();

/**
 * A bus inside this process, shared by every app on the same database (one process may run
 * several, as the tests do). Used when no cross-instance bus is configured.
 */
export function inProcessBus(scope: string): ChangeBusLike {
  const existing = processBuses.get(scope);
  if (existing) return existing;
  const listeners = new Map<string, Set<Listener>>();
  const bus: ChangeBusLike = {
    async publish(channel, message) {
      for (const listener of [...(listeners.get(channel) ?? [])]) listener(message);
    },
    subscribe(channel, listener) {
      const set = listeners.get(channel) ?? new Set<Listener>();
      listeners.set(channel, set);
      set.add(listener);
      return () => {
        set.delete(listener);
      };
    },
  };
  processBuses.set(scope, bus);
  return bus;
}
