import type { PostgresPoolClient } from 'kysely';
import pg from 'pg';
import type { Logger } from 'pino';
import { isSlowStatement } from './prepared.ts';

/** What search's connections log: a connection lost. */
type ConnectionLog = Pick<Logger, 'warn'>;

/** Sets up a connection of search's, before anything it carries: errors logged, plans made once. */
export type OnConnect = (client: pg.ClientBase) => void;

/**
 * How long the oldest unanswered statement on a pipelined connection may wait before the
 * statements asked next go on another. A search statement is well under a millisecond of
 * Postgres once its pages are in memory, so 20 ms means the backend is held: reading from
 * disk (after a restart, or a cache emptied by a large import), or waiting for a lock.
 */
export const STALL_MS = 20;

/**
 * Search's connections to Postgres, shaped as the pool Kysely's Postgres driver takes. Every
 * keystroke's statement is sent on a connection in pipeline mode (pg's `pipeline` option):
 * each is written as soon as it is asked, without waiting for the answers of those before it,
 * and Postgres answers them in order. Under load one backend then reads many statements at
 * each wake-up, where several backends each woke for one: at full scale, 64 searches at a time
 * ran about twice as many a second as on 4 ordinary connections, each with about half the
 * Postgres CPU (docs/benchmarks.md).
 *
 * A statement answers only after every one sent before it on its connection, so one backend
 * held up holds up every statement behind it. The statements go on the first pipelined
 * connection while its oldest unanswered one has waited less than STALL_MS; past that, on the
 * next one that is keeping up, opened when needed, up to half of `max` (rounded up). With
 * every one of them behind, on the one whose oldest statement is youngest. Just after a
 * restart, with nothing in memory, one backend reads the pages of one statement after another
 * from disk: at full scale, with the machine's caches emptied, 1,000 searches a second had a
 * p99 of 0.9–1.1 s on one connection, and of 59–64 ms on three.
 *
 * A statement that can run for long (prepareStatement's `slow`: a similarity search over a
 * whole county's trigram index) is not sent on them: it runs on one of the other half of
 * `max` ordinary connections, opened when one is needed. With `max` 1 it is pipelined too.
 *
 * A pipelined connection is dropped when it is lost (its queries in flight fail, as they would
 * on a pool's connection), and another is opened when one is next needed. It carries single
 * statements only: a transaction there would take in the statements of other requests, so
 * BEGIN is refused.
 */
export class SearchConnections {
  /** Read by Kysely's driver; `max` by the pools' gauge (lib/metrics.ts). */
  readonly options: { max: number };
  readonly #config: pg.ClientConfig;
  readonly #onConnect: OnConnect;
  /** How many pipelined connections there may be. */
  readonly #maxPipelines: number;
  /** For the slow statements; none when `max` is 1. */
  readonly #pool: pg.Pool | undefined;
  /** The pipelined connections, the first preferred. */
  #pipelines: Pipeline[] = [];
  #ended = false;
  // Kysely sends a query as text and values (never a cursor: the dialect is given none).
  readonly #client = {
    query: (text: string, values?: readonly unknown[]) => this.#query(text, values),
    release: () => undefined,
  } as unknown as PostgresPoolClient;

  constructor(config: pg.PoolConfig & { max: number }, log: ConnectionLog, onConnect: OnConnect) {
    this.options = { max: config.max };
    this.#config = config;
    this.#onConnect = onConnect;
    this.#maxPipelines = Math.ceil(config.max / 2);
    const slow = config.max - this.#maxPipelines;
    if (slow > 0) {
      this.#pool = new pg.Pool({ ...config, max: slow });
      this.#pool.on('error', (err) =>
        log.warn({ err: err.message }, 'idle database connection lost'),
      );
      this.#pool.on('connect', onConnect);
    }
  }

  /** Kysely asks for a connection per query: every caller gets the same router. */
  async connect(): Promise<PostgresPoolClient> {
    if (this.#ended) throw new Error("search's connections are closed");
    return this.#client;
  }

  async end(): Promise<void> {
    this.#ended = true;
    const pipelines = this.#pipelines;
    this.#pipelines = [];
    await Promise.all([...pipelines.map((p) => p.end()), this.#pool?.end()]);
  }

  /** For the gauges: as pg.Pool counts them, the pipelined connections included. */
  get ended(): boolean {
    return this.#ended;
  }
  get totalCount(): number {
    return (this.#pool?.totalCount ?? 0) + this.#pipelines.filter((p) => p.open).length;
  }
  get idleCount(): number {
    const idle = this.#pipelines.filter((p) => p.open && p.inFlight === 0).length;
    return (this.#pool?.idleCount ?? 0) + idle;
  }
  get waitingCount(): number {
    return this.#pool?.waitingCount ?? 0;
  }
  /** Statements sent on the pipelined connections and not answered yet. */
  get pipelined(): number {
    return this.#pipelines.reduce((n, p) => n + p.inFlight, 0);
  }

  async #query(text: string, values?: readonly unknown[]): Promise<pg.QueryResult> {
    const verb = text.trimStart().slice(0, 5).toLowerCase();
    if (verb === 'begin' || verb === 'start') {
      throw new Error(
        "search's connections run single statements only: open the transaction on the main database",
      );
    }
    if (this.#pool && isSlowStatement(text)) {
      const client = await this.#pool.connect();
      try {
        return await client.query(text, values as unknown[]);
      } finally {
        client.release();
      }
    }
    return this.#pipelineFor(performance.now()).query(text, values);
  }

  /** The first pipelined connection keeping up, a new one, or the least behind. */
  #pipelineFor(now: number): Pipeline {
    const keepingUp = this.#pipelines.find((p) => p.behindFor(now) < STALL_MS);
    if (keepingUp) return keepingUp;
    if (this.#pipelines.length < this.#maxPipelines) return this.#openPipeline();
    return this.#pipelines.reduce((a, b) => (b.behindFor(now) < a.behindFor(now) ? b : a));
  }

  #openPipeline(): Pipeline {
    const client = new pg.Client({ ...this.#config, pipeline: true });
    const pipeline = new Pipeline(client, () => {
      this.#pipelines = this.#pipelines.filter((p) => p !== pipeline);
    });
    this.#onConnect(client);
    this.#pipelines.push(pipeline);
    return pipeline;
  }
}

/** A pipelined connection, and when each of its statements not answered yet was asked. */
class Pipeline {
  #open = false;
  readonly #client: Promise<pg.Client>;
  /** Oldest first: a Set keeps the order things were added in. */
  readonly #unanswered = new Set<{ sentAt: number }>();

  /** `onLost` is called once the connection fails or ends. */
  constructor(client: pg.Client, onLost: () => void) {
    this.#client = client.connect().then(() => {
      this.#open = true;
      return client;
    });
    let lost = false;
    const drop = () => {
      this.#open = false;
      if (!lost) onLost();
      lost = true;
    };
    client.on('error', drop);
    client.on('end', drop);
    this.#client.catch(drop);
  }

  get open(): boolean {
    return this.#open;
  }
  get inFlight(): number {
    return this.#unanswered.size;
  }

  /** How long its oldest statement not answered yet has waited at `now`; 0 with none. */
  behindFor(now: number): number {
    const oldest = this.#unanswered.values().next();
    return oldest.done ? 0 : now - oldest.value.sentAt;
  }

  async query(text: string, values?: readonly unknown[]): Promise<pg.QueryResult> {
    // Counted from now, not from when it is written: a connection slow to open is behind too.
    // Those waiting for it to open are written in the order they were asked.
    const sent = { sentAt: performance.now() };
    this.#unanswered.add(sent);
    try {
      const client = await this.#client;
      return await client.query(text, values as unknown[]);
    } finally {
      this.#unanswered.delete(sent);
    }
  }

  end(): Promise<void> {
    return this.#client.then((client) => client.end()).catch(() => undefined);
  }
}
