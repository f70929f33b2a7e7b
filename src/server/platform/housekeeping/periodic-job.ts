import type { LeasesRepository } from './leases-repository';

export interface PeriodicJob<T> {
  /** Runs the job if no instance has run it in the current period; null when another one has. */
  runIfDue(nowMs?: number): Promise<T | null>;
}

/**
 * A job that every instance schedules every `periodMs`, but only one runs per period: the one that
 * takes the lease. The lease lasts a little less than the period, so that an instance whose timer
 * fires a moment early still finds it free next time.
 */
export function periodicJob<T>(options: {
  leases: LeasesRepository;
  name: string;
  holder: string;
  periodMs: number;
  run: (nowMs: number) => Promise<T>;
}): PeriodicJob<T> {
  const leaseMs = Math.max(1, Math.floor(options.periodMs * 0.9));
  return {
    async runIfDue(nowMs = Date.now()) {
      const claimed = await options.leases.claim(options.name, options.holder, nowMs, nowMs + leaseMs);
      if (!claimed) return null;
      return options.run(nowMs);
    },
  };
}
