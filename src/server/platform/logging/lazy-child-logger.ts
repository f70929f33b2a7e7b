import type { FastifyBaseLogger } from 'fastify';

type Bindings = Record<string, unknown>;
type ChildOptions = Parameters<FastifyBaseLogger['child']>[1];
type LogArgs = Parameters<FastifyBaseLogger['info']>;

/**
 * A request's logger, made only when something logs through it. Fastify makes a child logger for
 * every request (its `reqId` binding serialised into a string at once), but a request that goes
 * well logs nothing through it: its one line is written with the server's logger
 * (plugins/request-log.ts). An error or a warning about the request makes the child then, with
 * the same bindings, so its lines are what they always were.
 */
class LazyChildLogger implements FastifyBaseLogger {
  #child: FastifyBaseLogger | undefined;

  constructor(
    private readonly parent: FastifyBaseLogger,
    private readonly bindings: Bindings,
    private readonly options: ChildOptions,
  ) {}

  private get real(): FastifyBaseLogger {
    return (this.#child ??= this.parent.child(this.bindings, this.options));
  }

  get level(): string {
    return this.#child?.level ?? this.options?.level ?? this.parent.level;
  }
  set level(level: string) {
    this.real.level = level;
  }
  fatal(...args: LogArgs): void {
    this.real.fatal(...args);
  }
  error(...args: LogArgs): void {
    this.real.error(...args);
  }
  warn(...args: LogArgs): void {
    this.real.warn(...args);
  }
  info(...args: LogArgs): void {
    this.real.info(...args);
  }
  debug(...args: LogArgs): void {
    this.real.debug(...args);
  }
  trace(...args: LogArgs): void {
    this.real.trace(...args);
  }
  silent(...args: LogArgs): void {
    this.real.silent(...args);
  }
  child(bindings: Bindings, options?: ChildOptions): FastifyBaseLogger {
    return this.real.child(bindings, options);
  }
}

/** Fastify's `childLoggerFactory`: the request's logger, made on first use. */
export function lazyChildLogger(logger: FastifyBaseLogger, bindings: Bindings, options: ChildOptions): FastifyBaseLogger {
  return new LazyChildLogger(logger, bindings, options);
}
