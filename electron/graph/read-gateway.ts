import crypto from 'node:crypto';
import neo4j, { type Driver, type Record as Neo4jRecord, type ResultSummary } from 'neo4j-driver';
import { checkCypherText, type GuardVerdict } from '../../shared/cypher/cypher-guard';
import { Deadline } from '../../shared/deadline';
import { LensError } from '../../shared/lens-error';
import type { BuiltInQuery } from './built-in-query';
import type { ConnectionSettings } from './connection-settings';
import { graphError } from './graph-errors';
import { toBoltParams, toPlain, type PlainValue } from './graph-values';

/** Neo4j's query type for read-only plans. */
const READ_ONLY_QUERY_TYPE = 'r';
/** The default row cap: past it the gateway stops reading and flags the result as truncated. */
export const DEFAULT_ROW_CAP = 10_000;
/** Grace past the server-side transaction timeout before the client gives up on its own. */
const CLIENT_GRACE_MS = 1_000;

/** How one read runs. */
export interface ReadOptions {
  readonly deadline: Deadline;
  readonly rowCap?: number;
  /** The pipeline stage, for traces and the transaction's metadata. */
  readonly stage?: string;
}

/** One row as plain JSON. */
export type PlainRow = Record<string, PlainValue>;

/** The rows of one read and what it cost. */
export interface ReadResult {
  readonly rows: PlainRow[];
  readonly truncated: boolean;
  readonly rowCap: number;
  readonly queryName: string;
  readonly cypher: string;
  readonly paramsHash: string;
  /** Server time: `resultAvailableAfter` and `resultConsumedAfter`, in ms. */
  readonly serverMs: { readonly available: number; readonly consumed: number };
  readonly elapsedMs: number;
}

/** The guard's verdict on an untrusted text, with the server's query type when it got that far. */
export type ExplainVerdict = GuardVerdict & { readonly queryType?: string };

/** A stable hash of query parameters, so traces can show that two runs used the same values without storing them twice. */
export function hashParams(params: Record<string, unknown>): string {
  const stable = (value: unknown): unknown => {
    if (value instanceof Float32Array || value instanceof Float64Array) return Array.from(value);
    if (Array.isArray(value)) return value.map(stable);
    if (value && typeof value === 'object') return Object.fromEntries(Object.keys(value).sort().map((key) => [key, stable((value as Record<string, unknown>)[key])]));
    return value;
  };
  return crypto.createHash('sha256').update(JSON.stringify(stable(params))).digest('hex').slice(0, 16);
}

/**
 * The only way app code talks to Neo4j. Every session is opened with READ access, so the server
 * itself refuses writes; every transaction carries the caller's remaining time as its timeout;
 * every result is capped; and any text that is not a built-in query is checked and EXPLAINed
 * before it runs.
 */
export class GraphGateway {
  private constructor(
    private readonly driver: Driver,
    /** Where this gateway reads, for reports and error messages. */
    readonly settings: ConnectionSettings,
  ) {}

  /** Opens a driver for `settings`; no connection is made until the first query. */
  static open(settings: ConnectionSettings): GraphGateway {
    const driver = neo4j.driver(settings.uri, neo4j.auth.basic(settings.user, settings.password), {
      connectionTimeout: 5_000,
      connectionAcquisitionTimeout: 10_000,
      maxTransactionRetryTime: 0,
      userAgent: 'provenance-lens',
      logging: { level: 'error', logger: () => undefined },
    });
    return new GraphGateway(driver, settings);
  }

  /** Runs one of the app's own queries. */
  async read(query: BuiltInQuery, params: Record<string, unknown>, options: ReadOptions): Promise<ReadResult> {
    return this.run(query.name, query.text, params, options);
  }

  /** Checks an untrusted text (guard, then EXPLAIN on the server) without running it. */
  async explainUntrusted(text: string, params: Record<string, unknown> = {}, deadline: Deadline = Deadline.after(10_000)): Promise<ExplainVerdict> {
    const verdict = checkCypherText(text);
    if (!verdict.allowed) return verdict;
    const queryType = await this.plannedQueryType(text, params, deadline);
    if (queryType !== READ_ONLY_QUERY_TYPE) {
      return { allowed: false, rule: 'not_read_only', reason: `The server plans this query as type '${queryType}', not read-only ('r').`, queryType };
    }
    return { allowed: true, queryType };
  }

  /**
   * The query type the server plans for `text` ('r', 'rw', 'w' or 's'), from EXPLAIN alone: nothing
   * runs. The second line of defence behind the text checks.
   */
  async plannedQueryType(text: string, params: Record<string, unknown> = {}, deadline: Deadline = Deadline.after(10_000)): Promise<string> {
    const summary = await this.summaryOf(`EXPLAIN ${text}`, params, deadline, 'guard');
    return summary.queryType ?? 'unknown';
  }

  /** Runs an untrusted text only after `explainUntrusted` allows it; a refusal is a `refused` error naming the rule. */
  async readUntrusted(text: string, params: Record<string, unknown>, options: ReadOptions): Promise<ReadResult> {
    const verdict = await this.explainUntrusted(text, params, options.deadline);
    if (!verdict.allowed) {
      throw new LensError('refused', `Refused: ${verdict.reason}`, { hint: 'The workbench runs read-only data queries only.', detail: verdict.rule });
    }
    return this.run('untrusted', text, params, options);
  }

  /** The server's agent string and Bolt protocol version; an unreachable server is an `unavailable` error. */
  async serverInfo(): Promise<{ agent: string | null; protocolVersion: string | null }> {
    try {
      const info = await this.driver.getServerInfo({ database: this.settings.database });
      return { agent: info.agent ?? null, protocolVersion: info.protocolVersion ? info.protocolVersion.toString() : null };
    } catch (error) {
      throw graphError(error, { uri: this.settings.uri });
    }
  }

  /** Closes the driver and its connections. */
  async close(): Promise<void> {
    await this.driver.close();
  }

  private async summaryOf(text: string, params: Record<string, unknown>, deadline: Deadline, stage: string): Promise<ResultSummary> {
    const session = this.driver.session({ defaultAccessMode: neo4j.session.READ, database: this.settings.database });
    try {
      const result = await this.withDeadline(deadline, 'guard', session.run(text, toBoltParams(params) as Record<string, unknown>, { timeout: this.txTimeout(deadline, stage), metadata: { app: 'provenance-lens', stage } }));
      return result.summary;
    } catch (error) {
      throw graphError(error, { uri: this.settings.uri, query: stage });
    } finally {
      await session.close().catch(() => undefined);
    }
  }

  /**
   * One read as an auto-commit query in a READ session: one round trip less than an explicit
   * transaction, with the same server-side access-mode check and the same timeout.
   */
  private async run(name: string, text: string, params: Record<string, unknown>, options: ReadOptions): Promise<ReadResult> {
    const rowCap = options.rowCap ?? DEFAULT_ROW_CAP;
    const stage = options.stage ?? name;
    const started = Date.now();
    const timeout = this.txTimeout(options.deadline, stage);
    const session = this.driver.session({
      defaultAccessMode: neo4j.session.READ,
      database: this.settings.database,
      fetchSize: Math.min(rowCap + 1, 1_000),
    });
    try {
      const reading = (async () => {
        const result = session.run(text, toBoltParams(params) as Record<string, unknown>, { timeout, metadata: { app: 'provenance-lens', stage } });
        const records: Neo4jRecord[] = [];
        let truncated = false;
        for await (const record of result) {
          if (records.length === rowCap) {
            truncated = true;
            break;
          }
          records.push(record);
        }
        const summary = await result.summary();
        return { records, truncated, summary };
      })();
      const { records, truncated, summary } = await this.withDeadline(options.deadline, stage, reading);
      return {
        rows: records.map((record) => Object.fromEntries(record.keys.map((key) => [String(key), toPlain(record.get(key))]))),
        truncated,
        rowCap,
        queryName: name,
        cypher: text,
        paramsHash: hashParams(params),
        serverMs: { available: toMs(summary.resultAvailableAfter), consumed: toMs(summary.resultConsumedAfter) },
        elapsedMs: Date.now() - started,
      };
    } catch (error) {
      throw graphError(error, { uri: this.settings.uri, query: name });
    } finally {
      await session.close().catch(() => undefined);
    }
  }

  /** The transaction timeout for what is left of the deadline; an expired deadline never reaches the server. */
  private txTimeout(deadline: Deadline, stage: string): number {
    const remaining = deadline.remainingMs();
    if (remaining <= 0) {
      throw new LensError('timeout', `The deadline passed before the ${stage} stage could query Neo4j.`, { hint: 'Give the request a larger timeout.' });
    }
    return Math.max(1, Math.floor(remaining));
  }

  /** Races `work` against the deadline plus a grace, for a server that stops answering altogether. */
  private async withDeadline<T>(deadline: Deadline, stage: string, work: Promise<T>): Promise<T> {
    let timer: NodeJS.Timeout | undefined;
    const expired = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () => reject(new LensError('timeout', `The ${stage} stage ran out of time waiting for Neo4j.`, { hint: 'Give the request a larger timeout, or check the server.' })),
        deadline.remainingMs() + CLIENT_GRACE_MS,
      );
    });
    try {
      return await Promise.race([work, expired]);
    } finally {
      clearTimeout(timer);
      work.catch(() => undefined);
    }
  }
}

function toMs(value: unknown): number {
  if (value === null || value === undefined) return 0;
  return neo4j.isInt(value) ? (value as { toNumber(): number }).toNumber() : Number(value);
}
