import type { CutRecord, DeniedCount, FilterNote, RelevanceRecord, StageRecord } from '../../shared/context-contract';
import { coreEnglish } from '../../shared/core-catalogues';
import type { CoreMessage } from '../../shared/core-message';
import { roundToTenths } from '../../shared/round-to-tenths';
import type { RouteRecord } from '../../shared/route-messages';
import type { Text2CypherRecord } from '../../shared/text2cypher';
import type { ExecutedQuery } from '../../shared/trace-record';
import { redactParams } from '../../shared/cypher/param-redaction';
import type { BuiltInQuery } from '../graph/built-in-query';
import type { ExplainVerdict, GraphGateway, PlainRow, ReadOptions, ReadResult } from '../graph/read-gateway';
import type { Deadline } from '../../shared/deadline';
import { DeniedLedger, WHOLE_GRAPH } from './denied-ledger';
import { RiderSlot, riderRowOf, ridingWith, splitRiding, type Rider } from './riding-read';

/** A stage as a stage records it: its note a message of the stage-note catalogue (or another the core words). */
export type StageEntry = Omit<StageRecord, 'note' | 'note_code' | 'note_params'> & { readonly note?: CoreMessage };

/** A test's hold before a stage's Neo4j read: it resolves when the read may go on (see FaultInjection.holdAtRead). */
export type StageHold = (stage: string, deadline: Deadline) => Promise<void>;

/** How a run reads: the gateway's options, the stage, and whether the read may carry the run's waiting rider (riding-read.ts). */
export type RunReadOptions = ReadOptions & { readonly stage: string; readonly carrier?: boolean };

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
  /** The run's start on the monotonic clock: stages and queries record their start as an offset from it. */
  private readonly origin = performance.now();
  /** The run's read waiting to ride in its next carrier read (riding-read.ts). */
  private readonly riders = new RiderSlot((rider) =>
    this.read(rider.query, rider.params, { deadline: rider.deadline, stage: rider.stage }),
  );

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
   * rider, if any, into its round trip: the log shows one query, under the carrier's stage.
   */
  async read(query: BuiltInQuery, params: Record<string, unknown>, options: RunReadOptions): Promise<ReadResult> {
    const { carrier, ...readOptions } = options;
    await this.holdAtRead?.(options.stage, options.deadline);
    // A rider whose parameter names the carrier's query already uses would change it: it goes alone instead.
    const fits = (rider: Rider) => Object.keys(rider.params).every((name) => !(name in params));
    const taken = carrier === true ? this.riders.take(fits) : null;
    if (!taken) {
      const result = await this.gateway.read(query, params, { traceId: this.traceId, ...readOptions });
      this.logQuery(options.stage, result, params);
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
    this.logQuery(options.stage, own, both);
    return own;
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

  private logQuery(stage: string, result: ReadResult, params: Record<string, unknown>): void {
    this.queries.push({
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
