import crypto from 'node:crypto';
import neo4j, { type Driver, type Record as Neo4jRecord, type ResultSummary } from 'neo4j-driver';
import { checkCypherText, type GuardVerdict } from '../../shared/cypher/cypher-guard';
import { Deadline } from '../../shared/deadline';
import type { LensError } from '../../shared/lens-error';
import { codedError } from '../../shared/coded-error';
import { serverError } from '../../shared/errors/server-error-messages';
import { coalesceBoltWrites } from './bolt-write-coalescing';
import type { BuiltInQuery } from './built-in-query';
import type { ConnectionSettings } from './connection-settings';
import { graphError } from './graph-errors';
import { toBoltParams, toPlain, type PlainValue } from './graph-values';
import { checkPlan, type PlanOperator } from './plan-guard';
import {
  cancelledError,
  CLIENT_GRACE_MS,
  closeInBackground,
  deadlineBeforeError,
  deadlineError,
  raceDeadline,
  READ_TAG_KEY,
  terminateInBackground,
} from './read-deadline';

/** How long closing waits for the driver to let go of its connections. */
export const CLOSE_WAIT_MS = 2_000;

/** The default row cap: past it the gateway stops reading and flags the result as truncated. */
export const DEFAULT_ROW_CAP = 10_000;

/** How one read runs. */
export interface ReadOptions {
  readonly deadline: Deadline;
  readonly rowCap?: number;
  /** The pipeline stage, for traces and the transaction's metadata. */
  readonly stage?: string;
  /** The request's trace id, put in the transaction's metadata so an operator can tell whose query runs. */
  readonly traceId?: string;
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
  /** True when the read shared its round trip with other reads (joined-reads.ts): the server time is theirs too. */
  readonly sharedRoundTrip?: boolean;
}

/** The guard's verdict on an untrusted text, with the server's query type when it got that far. */
export type ExplainVerdict = GuardVerdict & { readonly queryType?: string };

/** A list of numbers only (an embedding, a plain list or a typed array), which is hashed as its 64-bit floats rather than as text. */
function numberList(value: unknown): ArrayLike<number> | null {
  if (value instanceof Float32Array || value instanceof Float64Array) return value;
  if (!Array.isArray(value) || value.length === 0) return null;
  for (const item of value) if (typeof item !== 'number') return null;
  return value as number[];
}

/**
 * A stable hash of query parameters, so traces can show that two runs used the same values without
 * storing them twice. Keys are taken in sorted order at any depth; a list of numbers (an embedding,
 * plain or a Float32Array/Float64Array) is fed as its 64-bit floats, so a 384-number vector costs a
 * copy instead of a JSON text of several kilobytes on every read that carries one.
 */
export function hashParams(params: Record<string, unknown>): string {
  const hash = crypto.createHash('sha256');
  const feed = (value: unknown): void => {
    const numbers = numberList(value);
    if (numbers) {
      hash.update(`#f64:${numbers.length}:`);
      const floats = Float64Array.from(numbers);
      hash.update(new Uint8Array(floats.buffer, floats.byteOffset, floats.byteLength));
    } else if (Array.isArray(value)) {
      hash.update('[');
      value.forEach((item, index) => {
        if (index > 0) hash.update(',');
        // As JSON does: a missing value in a list is null.
        feed(item === undefined || typeof item === 'function' ? null : item);
      });
      hash.update(']');
    } else if (value !== null && typeof value === 'object') {
      hash.update('{');
      let first = true;
      for (const key of Object.keys(value).sort()) {
        const item = (value as Record<string, unknown>)[key];
        // As JSON does: a key whose value is undefined is left out.
        if (item === undefined || typeof item === 'function') continue;
        if (!first) hash.update(',');
        first = false;
        hash.update(`${JSON.stringify(key)}:`);
        feed(item);
      }
      hash.update('}');
    } else {
      hash.update(JSON.stringify(value) ?? 'null');
    }
  };
  feed(params);
  return hash.digest('hex').slice(0, 16);
}

/** How a read runs inside the gateway: its name, and whether its text is untrusted (its errors are then withheld). */
interface RunSpec {
  readonly name: string;
  readonly text: string;
  readonly untrusted: boolean;
}

/**
 * The only way app code talks to Neo4j. Every session is opened with READ access, so the server
 * itself refuses writes; every transaction carries the caller's remaining time as its timeout and
 * the caller gets its answer at its deadline, the server's transaction being terminated; every
 * result is capped; and any text that is not a built-in query passes the text checks and then the
 * plan check (EXPLAIN: read-only type, allowlisted operators) before it runs.
 */
export class GraphGateway {
  private constructor(
    private readonly driver: Driver,
    /** Where this gateway reads, for reports and error messages. */
    readonly settings: ConnectionSettings,
  ) {}

  /** Opens a driver for `settings`; no connection is made until the first query. */
  static open(settings: ConnectionSettings): GraphGateway {
    // A request's chunks reach the server in one write, not one per 1,400 bytes (bolt-write-coalescing.ts).
    coalesceBoltWrites();
    const driver = neo4j.driver(settings.uri, neo4j.auth.basic(settings.user, settings.password), {
      connectionTimeout: 5_000,
      connectionAcquisitionTimeout: 10_000,
      maxTransactionRetryTime: 0,
      userAgent: 'provenance-lens',
      logging: { level: 'error', logger: () => undefined },
    });
    return new GraphGateway(driver, settings);
  }

  /**
   * A gateway over a driver the caller made: the unit tests give it a scripted driver to see what
   * the gateway asks of one (sessions, metadata, caps, termination), short of a server.
   */
  static overDriver(driver: Driver, settings: ConnectionSettings): GraphGateway {
    return new GraphGateway(driver, settings);
  }

  /** Runs one of the app's own queries. */
  async read(query: BuiltInQuery, params: Record<string, unknown>, options: ReadOptions): Promise<ReadResult> {
    return this.run({ name: query.name, text: query.text, untrusted: false }, params, options);
  }

  /** Checks an untrusted text without running it: the text checks first, then the plan check on the server. */
  async explainUntrusted(
    text: string,
    params: Record<string, unknown> = {},
    deadline: Deadline = Deadline.after(10_000),
  ): Promise<ExplainVerdict> {
    const verdict = checkCypherText(text);
    if (!verdict.allowed) return verdict;
    return this.checkPlanned(text, params, deadline);
  }

  /**
   * The plan check alone, the guard's authority: the server EXPLAINs `text` (nothing runs) and the
   * verdict comes from its query type and plan tree (see plan-guard.ts). `explainUntrusted` runs it
   * after the text checks; it is public so the second line can be shown to hold on its own.
   */
  async checkPlanned(
    text: string,
    params: Record<string, unknown> = {},
    deadline: Deadline = Deadline.after(10_000),
  ): Promise<ExplainVerdict> {
    return (await this.planned(text, params, deadline)).verdict;
  }

  /**
   * The plan of an untrusted text, for a screen to show, and the guard's verdict on it: the text
   * checks first (a refused text never reaches the server), then EXPLAIN alone; nothing runs.
   */
  async explainPlan(
    text: string,
    params: Record<string, unknown>,
    deadline: Deadline,
  ): Promise<{ readonly verdict: ExplainVerdict; readonly plan: PlanOperator | null }> {
    const verdict = checkCypherText(text);
    if (!verdict.allowed) return { verdict, plan: null };
    return this.planned(text, params, deadline);
  }

  private async planned(text: string, params: Record<string, unknown>, deadline: Deadline) {
    const summary = await this.summaryOf(`EXPLAIN ${text}`, params, deadline, 'guard');
    const queryType = summary.queryType ?? undefined;
    const plan = (summary.plan || null) as PlanOperator | null;
    const verdict = checkPlan(queryType, plan);
    return { verdict: queryType === undefined ? verdict : { ...verdict, queryType }, plan };
  }

  /** The query type the server plans for `text` ('r', 'rw', 'w' or 's'), from EXPLAIN alone: nothing runs. */
  async plannedQueryType(text: string, params: Record<string, unknown> = {}, deadline: Deadline = Deadline.after(10_000)): Promise<string> {
    const summary = await this.summaryOf(`EXPLAIN ${text}`, params, deadline, 'guard');
    return summary.queryType ?? 'unknown';
  }

  /**
   * Runs an untrusted text only after `explainUntrusted` allows it; a refusal is a `refused` error
   * naming the rule. An error while it runs carries the server's code, never its message, which can
   * quote graph data the principal may not see.
   */
  async readUntrusted(text: string, params: Record<string, unknown>, options: ReadOptions): Promise<ReadResult> {
    const verdict = await this.explainUntrusted(text, params, options.deadline);
    if (!verdict.allowed) {
      const reason =
        verdict.reason_code === undefined ? verdict.reason : [{ code: verdict.reason_code, params: verdict.reason_params ?? {} }];
      throw codedError('refused', serverError('guard_refused', { reason }), {
        hint: serverError('guard_refused_hint'),
        detail: verdict.rule,
      });
    }
    return this.run({ name: 'untrusted', text, untrusted: true }, params, options);
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

  /**
   * Closes the driver and its connections, waiting at most {@link CLOSE_WAIT_MS}: against a server
   * that accepted the connection and never answered, the driver's close waits on the handshake (its
   * connection timeout, 30 s and more), and a command that has printed its answer would hang there.
   */
  async close(): Promise<void> {
    let timer: NodeJS.Timeout | undefined;
    const waited = new Promise<void>((resolve) => {
      timer = setTimeout(resolve, CLOSE_WAIT_MS);
      timer.unref();
    });
    try {
      await Promise.race([this.driver.close(), waited]);
    } finally {
      clearTimeout(timer);
    }
  }

  private async summaryOf(text: string, params: Record<string, unknown>, deadline: Deadline, stage: string): Promise<ResultSummary> {
    const timeout = this.txTimeout(deadline, stage);
    const tag = crypto.randomUUID();
    const session = this.driver.session({ defaultAccessMode: neo4j.session.READ, database: this.settings.database });
    try {
      const planning = session.run(text, toBoltParams(params) as Record<string, unknown>, {
        timeout,
        metadata: { app: 'provenance-lens', stage, [READ_TAG_KEY]: tag },
      });
      const result = await raceDeadline(deadline, stage, Promise.resolve(planning), () =>
        terminateInBackground(this.driver, this.settings.database, tag),
      );
      return result.summary;
    } catch (error) {
      throw ownDeadline(graphError(error, { uri: this.settings.uri, stage }), deadline, stage);
    } finally {
      closeInBackground(session);
    }
  }

  /**
   * One read as an auto-commit query in a READ session: one round trip less than an explicit
   * transaction, with the same server-side access-mode check and the same timeout. The transaction
   * is tagged, so a read that outlives its deadline is terminated on the server.
   */
  private async run(spec: RunSpec, params: Record<string, unknown>, options: ReadOptions): Promise<ReadResult> {
    const rowCap = options.rowCap ?? DEFAULT_ROW_CAP;
    const stage = options.stage ?? spec.name;
    const started = Date.now();
    const timeout = this.txTimeout(options.deadline, stage);
    const tag = crypto.randomUUID();
    const metadata = { app: 'provenance-lens', stage, [READ_TAG_KEY]: tag, ...(options.traceId ? { trace_id: options.traceId } : {}) };
    const session = this.driver.session({
      defaultAccessMode: neo4j.session.READ,
      database: this.settings.database,
      fetchSize: Math.min(rowCap + 1, 1_000),
    });
    try {
      const reading = (async () => {
        const result = session.run(spec.text, toBoltParams(params) as Record<string, unknown>, { timeout, metadata });
        const records: Neo4jRecord[] = [];
        let truncated = false;
        for await (const record of result) {
          if (records.length === rowCap) {
            truncated = true;
            break;
          }
          records.push(record);
        }
        return { records, truncated, summary: await result.summary() };
      })();
      const { records, truncated, summary } = await raceDeadline(options.deadline, stage, reading, () =>
        terminateInBackground(this.driver, this.settings.database, tag),
      );
      const rows = records.map((record) => Object.fromEntries(record.keys.map((key) => [String(key), toPlain(record.get(key))])));
      // Converting a huge result can itself outlast the deadline: an answer after it is a timeout.
      if (options.deadline.overdueMs() > CLIENT_GRACE_MS) throw deadlineError(stage);
      return {
        rows,
        truncated,
        rowCap,
        queryName: spec.name,
        cypher: spec.text,
        paramsHash: hashParams(params),
        serverMs: { available: toMs(summary.resultAvailableAfter), consumed: toMs(summary.resultConsumedAfter) },
        elapsedMs: Date.now() - started,
      };
    } catch (error) {
      throw ownDeadline(
        graphError(error, { uri: this.settings.uri, query: spec.name, stage, untrusted: spec.untrusted }),
        options.deadline,
        stage,
      );
    } finally {
      closeInBackground(session);
    }
  }

  /** The transaction timeout for what is left of the deadline; an expired deadline or a cancelled request never reaches the server. */
  private txTimeout(deadline: Deadline, stage: string): number {
    if (deadline.cancelled()) throw cancelledError(stage);
    const remaining = deadline.remainingMs();
    if (remaining <= 0) {
      throw deadlineBeforeError(stage);
    }
    return Math.max(1, Math.floor(remaining));
  }
}

/**
 * A transaction the server timed out at the timeout this read gave it (what was left of the request's
 * deadline) is the request's own deadline passing: said as the client's race says it, naming the read's
 * stage, since under load either can come first (a heavy template ended at stage `cypher` or
 * `cypher_template` by which won). A server limit of its own that ends a read well before the deadline
 * keeps the server's sentence.
 */
function ownDeadline(failure: LensError, deadline: Deadline, stage: string): LensError {
  return failure.kind === 'timeout' && failure.said?.code === SERVER_DEADLINE && deadline.remainingMs() <= CLIENT_GRACE_MS
    ? deadlineError(stage)
    : failure;
}
const SERVER_DEADLINE = serverError('server_deadline').code;

function toMs(value: unknown): number {
  if (value === null || value === undefined) return 0;
  return neo4j.isInt(value) ? (value as { toNumber(): number }).toNumber() : Number(value);
}
