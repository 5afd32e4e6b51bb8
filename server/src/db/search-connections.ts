import type { PostgresPoolClient } from 'kysely';
import pg from 'pg';
import type { Logger } from 'pino';
import { isSlowStatement } from './prepared.ts';

/** What search's connections log: a connection lost. */
type ConnectionLog = Pick<Logger, 'warn'>;

/** Sets up a connection of search's, before anything it carries: errors logged, plans made once. */
export type OnConnect = (client: pg.ClientBase) => void;

/**
 * Search's connections to Postgres, shaped as the pool Kysely's Postgres driver takes. Every
 * keystroke's statement is sent on one connection in pipeline mode (pg's `pipeline` option):
 * each is written as soon as it is asked, without waiting for the answers of those before it,
 * and Postgres answers them in order. Under load one backend then reads many statements at
 * each wake-up, where several backends each woke for one: at full scale, 64 searches at a time
 * ran about twice as many a second as on 4 ordinary connections, each with about half the
 * Postgres CPU (docs/benchmarks.md).
 *
 * A statement answers only after every one sent before it on the connection, so a statement
 * that can run for long (prepareStatement's `slow`: a similarity search over a whole county's
 * trigram index) is not sent there: it runs on one of up to `max - 1` ordinary connections,
 * opened when one is needed. With `max` 1 it is pipelined too.
 *
 * The pipelined connection is opened at the first query and opened again at the next one after
 * it is lost (its queries in flight fail, as they would on a pool's connection). It carries
 * single statements only: a transaction there would take in the statements of other requests,
 * so BEGIN is refused.
 */
export class SearchConnections {
  /** Read by Kysely's driver; `max` by the pools' gauge (lib/metrics.ts). */
  readonly options: { max: number };
  readonly #config: pg.ClientConfig;
  readonly #onConnect: OnConnect;
  /** For the slow statements; none when `max` is 1. */
  readonly #pool: pg.Pool | undefined;
  #pipeline: Promise<pg.Client> | undefined;
  #open = false;
  #inFlight = 0;
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
    if (config.max > 1) {
      this.#pool = new pg.Pool({ ...config, max: config.max - 1 });
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
    const pipeline = this.#pipeline;
    this.#pipeline = undefined;
    await Promise.all([
      pipeline?.then((client) => client.end()).catch(() => undefined),
      this.#pool?.end(),
    ]);
  }

  /** For the gauges: as pg.Pool counts them, the pipelined connection included. */
  get ended(): boolean {
    return this.#ended;
  }
  get totalCount(): number {
    return (this.#pool?.totalCount ?? 0) + (this.#open ? 1 : 0);
  }
  get idleCount(): number {
    return (this.#pool?.idleCount ?? 0) + (this.#open && this.#inFlight === 0 ? 1 : 0);
  }
  get waitingCount(): number {
    return this.#pool?.waitingCount ?? 0;
  }
  /** Statements sent on the pipelined connection and not answered yet. */
  get pipelined(): number {
    return this.#inFlight;
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
    const client = await this.#pipelined();
    this.#inFlight++;
    try {
      return await client.query(text, values as unknown[]);
    } finally {
      this.#inFlight--;
    }
  }

  /** The pipelined connection, opened if there is none. */
  #pipelined(): Promise<pg.Client> {
    if (this.#pipeline) return this.#pipeline;
    const client = new pg.Client({ ...this.#config, pipeline: true });
    const opening = client.connect().then(() => {
      this.#open = true;
      return client;
    });
    const drop = () => {
      if (this.#pipeline === opening) {
        this.#pipeline = undefined;
        this.#open = false;
      }
    };
    client.on('error', drop);
    client.on('end', drop);
    this.#onConnect(client);
    opening.catch(drop);
    this.#pipeline = opening;
    return opening;
  }
}
