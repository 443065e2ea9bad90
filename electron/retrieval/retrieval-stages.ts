import type { CutRecord, DeniedCount, FilterNote, RelevanceRecord, StageRecord } from '../../shared/context-contract';
import { coreEnglish } from '../../shared/core-catalogues';
import type { CoreMessage } from '../../shared/core-message';
import { roundToTenths } from '../../shared/round-to-tenths';
import type { RouteRecord } from '../../shared/route-messages';
import type { Text2CypherRecord } from '../../shared/text2cypher';
import type { ExecutedQuery } from '../../shared/trace-record';
import { redactParams } from '../../shared/cypher/param-redaction';
import type { BuiltInQuery } from '../graph/built-in-query';
import {
  DEFAULT_ROW_CAP,
  type ExplainVerdict,
  type GraphGateway,
  type PlainRow,
  type ReadOptions,
  type ReadResult,
} from '../graph/read-gateway';
import type { Deadline } from '../../shared/deadline';
import { DeniedLedger, WHOLE_GRAPH } from './denied-ledger';
import { joinable, joinedParams, joinedQuery, splitJoined } from './joined-reads';
import { RiderSlot, riderRowOf, ridingWith, splitRiding, type Rider, type TakenRider } from './riding-read';

/** A stage as a stage records it: its note a message of the stage-note catalogue (or another the core words). */
export type StageEntry = Omit<StageRecord, 'note' | 'note_code' | 'note_params'> & { readonly note?: CoreMessage };

/** A test's hold before a stage's Neo4j read: it resolves when the read may go on (see FaultInjection.holdAtRead). */
export type StageHold = (stage: string, deadline: Deadline) => Promise<void>;

/** How a run reads: the gateway's options, the stage, and whether the read may carry the run's waiting rider (riding-read.ts). */
export type RunReadOptions = ReadOptions & {
  readonly stage: string;
  readonly carrier?: boolean;
  /** The read may share its round trip with the run's other joinable reads of this turn (joined-reads.ts). */
  readonly joinable?: boolean;
};

/** A turn's joinable reads, and the rider the first carrier among them took. */
interface JoinBatch {
  readonly reads: {
    readonly query: BuiltInQuery;
    readonly params: Record<string, unknown>;
    readonly options: RunReadOptions;
    readonly resolve: (result: ReadResult) => void;
    readonly reject: (error: unknown) => void;
  }[];
  rider: TakenRider | null;
}

/**
 * What a run did, as it happens: the stage timeline, the denied counts (never the denied content),
 * the cuts, notes on filters that match nothing, and every query the gateway ran with a hash of its
 * parameters.
 */
export class RunLog {
  readonly stages: StageRecord[] = [];
  readonly queries: ExecutedQuery[] = [];
  readonly cuts: CutRecord[] = [];
  readonly notes: FilterNote[] = [];
  /** What was withheld, by stage, kind and reason (see DeniedLedger). */
  readonly withheld = new DeniedLedger();
  /** Mode `text2cypher`: the generated query, its verdict and timings, kept even when the run fails. */
  generated: Text2CypherRecord | null = null;
  /** How relevance was judged (relevance-stage.ts), once the run got that far. */
  relevance: RelevanceRecord | null = null;
  /** Mode `auto`: the router's decision (query-router.ts), once it is made. */
  route: RouteRecord | null = null;
  /** Mode `cypher`: a built-in template that returned no row on a graph holding none of the nodes it needs (cypher-template-retriever.ts). */
  templateLacks: { readonly template: string; readonly label: string } | null = null;
  /** Mode `fulltext` without hits: how many chunks the principal may see were read and held no word in the question's scripts (script-sample.ts). */
  scriptAbsentRead: number | null = null;
  /** The run's start on the monotonic clock: stages and queries record their start as an offset from it. */
  private readonly origin = performance.now();
  /** The run's read waiting to ride in its next carrier read (riding-read.ts). */
  private readonly riders = new RiderSlot((rider) =>
    this.read(rider.query, rider.params, { deadline: rider.deadline, stage: rider.stage }),
  );
  /** This turn's joinable reads, until the turn ends and they are sent (joined-reads.ts). */
  private joining: JoinBatch | null = null;

  constructor(
    private readonly gateway: GraphGateway,
    /** The run's trace id, carried in each transaction's metadata. */
    private readonly traceId?: string,
    /** Tests only (FaultInjection.holdAtRead): waits before a stage's read, so a test can cancel the run there. */
    private readonly holdAtRead?: StageHold,
    /** False: an offered rider is read at once on its own, never carried (PipelineDeps.readsRide). */
    private readonly carriesRiders = true,
  ) {}

  /**
   * Runs a built-in query through the gateway and logs it. A carrier read takes the run's waiting
   * rider, if any, into its round trip: the log shows one query, under the carrier's stage. A
   * `joinable` read whose query names its columns waits for the end of this turn of the event loop,
   * and goes in one round trip with the other joinable reads of the run started in it
   * (joined-reads.ts); alone, it goes as any read.
   */
  async read(query: BuiltInQuery, params: Record<string, unknown>, options: RunReadOptions): Promise<ReadResult> {
    await this.holdAtRead?.(options.stage, options.deadline);
    if (options.joinable === true && this.carriesRiders && joinable(query)) return this.join(query, params, options);
    // A rider whose parameter names the carrier's query already uses would change it: it goes alone instead.
    const fits = (rider: Rider) => Object.keys(rider.params).every((name) => !(name in params));
    return this.readCarrying(query, params, options, options.carrier === true ? this.riders.take(fits) : null);
  }

  /** The read, with the rider it took (if any) in its round trip. */
  private async readCarrying(
    query: BuiltInQuery,
    params: Record<string, unknown>,
    options: RunReadOptions,
    taken: TakenRider | null,
    alsoServes: readonly string[] = [],
  ): Promise<ReadResult> {
    const { carrier: _carrier, joinable: _joinable, ...readOptions } = options;
    if (!taken) {
      const result = await this.gateway.read(query, params, { traceId: this.traceId, ...readOptions });
      this.logQuery(options.stage, result, params, alsoServes);
      return result;
    }
    const both = { ...params, ...taken.rider.params };
    let result: ReadResult;
    try {
      result = await this.gateway.read(ridingWith(query, taken.rider.query), both, { traceId: this.traceId, ...readOptions });
    } catch (error) {
      taken.alone();
      throw error;
    }
    const { own, riding } = splitRiding(result);
    taken.deliver(riding);
    this.logQuery(options.stage, own, both, alsoServes);
    return own;
  }

  /**
   * Adds a read to this turn's joined read, sent when the turn ends. The first carrier among them
   * takes the waiting rider at once (its own turn would otherwise send it alone first).
   */
  private join(query: BuiltInQuery, params: Record<string, unknown>, options: RunReadOptions): Promise<ReadResult> {
    return new Promise<ReadResult>((resolve, reject) => {
      if (!this.joining) {
        const batch: JoinBatch = { reads: [], rider: null };
        this.joining = batch;
        setImmediate(() => {
          if (this.joining === batch) this.joining = null;
          this.sendJoined(batch);
        });
      }
      const batch = this.joining;
      if (options.carrier === true && !batch.rider) {
        const renamedParams = Object.keys(joinedParams([params]));
        batch.rider = this.riders.take((rider) =>
          Object.keys(rider.params).every((name) => !(name in params) && !renamedParams.includes(name)),
        );
      }
      batch.reads.push({ query, params, options, resolve, reject });
    });
  }

  /** Sends a turn's joinable reads: one alone as it is, several as one query whose rows go back to each. */
  private sendJoined({ reads, rider }: JoinBatch): void {
    const [first] = reads;
    if (!first) return rider?.alone();
    if (reads.length === 1) {
      this.readCarrying(first.query, first.params, first.options, rider).then(first.resolve, first.reject);
      return;
    }
    // The joined read keeps the earliest deadline among them, and goes (and is logged) under the
    // first read's stage, as a carried read is: its name says what it carries.
    const earliest = reads.reduce((soonest, read) => (read.options.deadline.at < soonest.options.deadline.at ? read : soonest), first);
    const rowCap = reads.reduce((cap, read) => Math.max(cap, read.options.rowCap ?? DEFAULT_ROW_CAP), 0);
    const options: RunReadOptions = { ...first.options, deadline: earliest.options.deadline, rowCap };
    const query = joinedQuery(reads.map((read) => read.query));
    const params = joinedParams(reads.map((read) => read.params));
    const alsoServes = [...new Set(reads.map((read) => read.options.stage))].filter((stage) => stage !== first.options.stage);
    this.readCarrying(query, params, options, rider, alsoServes).then(
      (result) => splitJoined(result, reads.length).forEach((own, index) => reads[index]?.resolve(own)),
      (error: unknown) => reads.forEach((read) => read.reject(error)),
    );
  }

  /** A one-row read the run needs beside its retrieval: it rides in the next carrier read of this turn, or goes alone (riding-read.ts). */
  offerRider(rider: Rider): Promise<PlainRow> {
    if (!this.carriesRiders) return this.read(rider.query, rider.params, { deadline: rider.deadline, stage: rider.stage }).then(riderRowOf);
    return this.riders.offer(rider);
  }

  /** Sends the waiting rider alone now, for a reader that needs its row before the carrier's would come. */
  hurryRider(): void {
    this.riders.hurry();
  }

  /** Runs an untrusted text (a template) through the gateway's guard and logs it. */
  async readUntrusted(text: string, params: Record<string, unknown>, options: ReadOptions & { stage: string }): Promise<ReadResult> {
    await this.holdAtRead?.(options.stage, options.deadline);
    const result = await this.gateway.readUntrusted(text, params, { traceId: this.traceId, ...options });
    this.logQuery(options.stage, result, params);
    return result;
  }

  /** The guard's verdict on an untrusted text (text checks, then the server's plan), without running it. */
  async checkUntrusted(text: string, params: Record<string, unknown>, deadline: Deadline): Promise<ExplainVerdict> {
    return this.gateway.explainUntrusted(text, params, deadline);
  }

  /** Records a stage as it ends, its note kept both as a message code and as the English sentence worded from it; unless it says when it started, it started `duration_ms` ago. */
  stage({ note, ...record }: StageEntry): void {
    const started_ms = record.started_ms ?? this.offsetOf(record.duration_ms);
    this.stages.push(
      note
        ? { ...record, started_ms, note: coreEnglish(note), note_code: note.code, note_params: note.params ?? {} }
        : { ...record, started_ms },
    );
  }

  /** The offset from the run's start of something that ended now after `durationMs`. */
  private offsetOf(durationMs: number): number {
    return roundToTenths(Math.max(0, performance.now() - this.origin - durationMs));
  }

  /** The denied counts: the whole graph's first (they are made beside the candidate stages), then in the order first recorded. */
  denied(): DeniedCount[] {
    const counts = this.withheld.counts();
    return [...counts.filter((entry) => entry.stage === WHOLE_GRAPH), ...counts.filter((entry) => entry.stage !== WHOLE_GRAPH)];
  }

  private logQuery(stage: string, result: ReadResult, params: Record<string, unknown>, alsoServes: readonly string[] = []): void {
    this.queries.push({
      ...(alsoServes.length > 0 ? { served_stages: [...alsoServes] } : {}),
      stage,
      name: result.queryName,
      cypher: result.cypher,
      params_hash: result.paramsHash,
      rows: result.rows.length,
      truncated: result.truncated,
      duration_ms: result.elapsedMs,
      server_ms: result.serverMs.available + result.serverMs.consumed,
      params: redactParams(params),
      started_ms: this.offsetOf(result.elapsedMs),
    });
  }
}

/** Times `work` and records it as a stage; `describe` fills the counts from the result. */
export async function timedStage<T>(
  log: RunLog,
  name: string,
  work: () => Promise<T>,
  describe: (result: T) => Omit<StageEntry, 'name' | 'duration_ms'>,
): Promise<T> {
  const started = performance.now();
  const result = await work();
  log.stage({ name, duration_ms: roundToTenths(performance.now() - started), ...describe(result) });
  return result;
}
