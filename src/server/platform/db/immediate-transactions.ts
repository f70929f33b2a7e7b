import {
  type CompiledQuery,
  createQueryId,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  IdentifierNode,
  type QueryCompiler,
  type QueryResult,
  RawNode,
  SelectQueryNode,
  SqliteAdapter,
  type SqliteDatabase,
  SqliteIntrospector,
  SqliteQueryCompiler,
} from 'kysely';
import { isSqliteBusy, lockRetryDelay } from './sqlite-lock-wait';

export interface SqliteDialectOptions {
  database: SqliteDatabase;
  /** How long a statement waits for another connection's write lock before failing with SQLITE_BUSY. */
  lockTimeoutMs: number;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Kysely's SQLite dialect with two changes, both about the write lock another process (the admin
 * command, a backup, a test) may hold:
 *
 * - Transactions take the write lock when they begin (`BEGIN IMMEDIATE`). Kysely's plain `BEGIN`
 *   is deferred: a transaction that reads and then writes, while another process wrote in between,
 *   fails at once with "database is locked", whatever the wait (decision 0704).
 * - The wait for that lock happens on a timer, not in SQLite's busy handler: the driver is
 *   synchronous, and the busy handler sleeps on the main thread, holding every request (reads
 *   too) and every background job for as long as the lock is held. The connection runs with
 *   busy_timeout 0; a busy `BEGIN IMMEDIATE`, or a busy statement outside a transaction, lets go
 *   of the connection, waits (sqlite-lock-wait.ts), and tries again until `lockTimeoutMs` has
 *   passed, then fails with SQLITE_BUSY (a 503). Meanwhile other queries use the connection:
 *   reads never wait for a writer in WAL mode.
 */
export function immediateSqliteDialect(options: SqliteDialectOptions): Dialect {
  return {
    createAdapter: () => new SqliteAdapter(),
    createDriver: () => new LockWaitingSqliteDriver(options),
    createIntrospector: (db) => new SqliteIntrospector(db),
    createQueryCompiler: () => new SqliteQueryCompiler(),
  };
}

type Compile = QueryCompiler['compileQuery'];

/** The one connection, handed to one user at a time (Kysely's SQLite driver does the same). */
class ConnectionMutex {
  private held: Promise<void> | null = null;
  private release: (() => void) | null = null;

  async lock(): Promise<void> {
    while (this.held) await this.held;
    this.held = new Promise((resolve) => (this.release = resolve));
  }

  unlock(): void {
    const release = this.release;
    this.held = null;
    this.release = null;
    release?.();
  }
}

class LockWaitingSqliteDriver implements Driver {
  private readonly mutex = new ConnectionMutex();
  private readonly connection: LockWaitingConnection;

  constructor(options: SqliteDialectOptions) {
    this.connection = new LockWaitingConnection(options, this.mutex);
  }

  async init() {}

  async acquireConnection() {
    await this.mutex.lock();
    return this.connection;
  }

  async beginTransaction(connection: DatabaseConnection) {
    await (connection as LockWaitingConnection).begin();
  }

  async commitTransaction(connection: DatabaseConnection) {
    await (connection as LockWaitingConnection).end('commit');
  }

  async rollbackTransaction(connection: DatabaseConnection) {
    await (connection as LockWaitingConnection).end('rollback');
  }

  async savepoint(connection: DatabaseConnection, name: string, compile: Compile) {
    await connection.executeQuery(savepointCommand('savepoint', name, compile));
  }

  async rollbackToSavepoint(connection: DatabaseConnection, name: string, compile: Compile) {
    await connection.executeQuery(savepointCommand('rollback to', name, compile));
  }

  async releaseSavepoint(connection: DatabaseConnection, name: string, compile: Compile) {
    await connection.executeQuery(savepointCommand('release', name, compile));
  }

  async releaseConnection() {
    this.mutex.unlock();
  }

  async destroy() {
    this.connection.close();
  }
}

/** As Kysely's SQLite driver writes it: the name goes through the compiler's identifier quoting. */
function savepointCommand(command: string, name: string, compile: Compile): CompiledQuery {
  return compile(RawNode.createWithChildren([RawNode.createWithSql(`${command} `), IdentifierNode.create(name)]), createQueryId());
}

class LockWaitingConnection implements DatabaseConnection {
  private inTransaction = false;

  constructor(
    private readonly options: SqliteDialectOptions,
    private readonly mutex: ConnectionMutex,
  ) {}

  /** `BEGIN IMMEDIATE`, waiting for another connection's write lock without holding this one. */
  async begin(): Promise<void> {
    await this.withLockWait(() => this.run('begin immediate'), { shareConnection: true });
    this.inTransaction = true;
  }

  async end(statement: 'commit' | 'rollback'): Promise<void> {
    if (statement === 'rollback') {
      this.inTransaction = false;
      this.run('rollback');
      return;
    }
    // In WAL mode a commit needs no lock it does not hold; without WAL (a file system that cannot
    // share memory) it waits for readers, keeping the connection: the transaction is still open.
    await this.withLockWait(() => this.run('commit'), { shareConnection: false });
    this.inTransaction = false;
  }

  executeQuery<R>(compiled: CompiledQuery): Promise<QueryResult<R>> {
    const execute = () => this.execute<R>(compiled);
    // Inside a transaction the lock is ours already (BEGIN IMMEDIATE); a busy answer there is not
    // cured by waiting, and giving the connection away would put others' queries into it.
    if (this.inTransaction) return Promise.resolve(execute());
    return this.withLockWait(execute, { shareConnection: true });
  }

  async *streamQuery<R>(compiled: CompiledQuery): AsyncIterableIterator<QueryResult<R>> {
    if (!SelectQueryNode.is(compiled.query)) throw new Error('Sqlite driver only supports streaming of select queries');
    const statement = this.options.database.prepare(compiled.sql);
    for (const row of statement.iterate(compiled.parameters)) yield { rows: [row as R] };
  }

  close(): void {
    this.options.database.close();
  }

  private run(sql: string): void {
    this.options.database.prepare(sql).run([]);
  }

  private execute<R>(compiled: CompiledQuery): QueryResult<R> {
    const statement = this.options.database.prepare(compiled.sql);
    if (statement.reader) return { rows: statement.all(compiled.parameters) as R[] };
    const { changes, lastInsertRowid } = statement.run(compiled.parameters);
    return {
      numAffectedRows: changes === undefined || changes === null ? undefined : BigInt(changes),
      insertId: lastInsertRowid === undefined || lastInsertRowid === null ? undefined : BigInt(lastInsertRowid),
      rows: [],
    };
  }

  /**
   * Runs `attempt` (a statement that changes nothing when it fails busy); while SQLite answers
   * busy, waits and tries again, until the lock timeout has passed. With `shareConnection` (a
   * statement outside a transaction, or the BEGIN of one) whoever waits for the connection gets
   * it meanwhile.
   */
  private async withLockWait<T>(attempt: () => T, { shareConnection }: { shareConnection: boolean }): Promise<T> {
    const deadline = Date.now() + this.options.lockTimeoutMs;
    for (let retry = 1; ; retry++) {
      try {
        return attempt();
      } catch (error) {
        const delay = isSqliteBusy(error) ? lockRetryDelay(retry, deadline - Date.now()) : null;
        if (delay === null) throw error;
        if (!shareConnection) {
          await sleep(delay);
          continue;
        }
        this.mutex.unlock();
        try {
          await sleep(delay);
        } finally {
          await this.mutex.lock();
        }
      }
    }
  }
}
