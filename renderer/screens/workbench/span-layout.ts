import type { StageRecord } from '../../../shared/context-contract';
import type { ExecutedQuery } from '../../../shared/trace-record';
import { appendTo } from '../../../shared/map-list';

/** One bar of the waterfall: the request, a stage, or a Neo4j query inside a stage. Times in ms from the run's start. */
export interface Span {
  readonly kind: 'request' | 'stage' | 'query';
  /** Stable within a run: `request`, `stage:<index>`, `query:<index>`. */
  readonly key: string;
  readonly label: string;
  readonly start: number;
  readonly duration: number;
  /** 0 for the request, 1 for stages and for queries no stage claims, 2 for a stage's queries. */
  readonly depth: number;
  /** The stage's record (stages), or the query's and its index in the run's queries (queries). */
  readonly stage?: StageRecord;
  readonly query?: ExecutedQuery;
  readonly queryIndex?: number;
}

/** The waterfall of one run: its spans in drawing order and the length of the time axis. */
export interface SpanLayout {
  readonly spans: readonly Span[];
  readonly total: number;
  /** True when some start was not recorded (a run kept before spans existed) and was laid end to end instead. */
  readonly approximate: boolean;
}

const end = (span: { start: number; duration: number }) => span.start + span.duration;

/** Stage starts as recorded, or, when any is missing, each stage after the one before it (an old run: "approximate"). */
function stageStarts(stages: readonly StageRecord[]): { starts: number[]; approximate: boolean } {
  if (stages.every((stage) => stage.started_ms !== undefined))
    return { starts: stages.map((stage) => stage.started_ms as number), approximate: false };
  let clock = 0;
  const starts = stages.map((stage) => {
    const start = clock;
    clock += stage.duration_ms;
    return start;
  });
  return { starts, approximate: true };
}

/** The stage a query ran in: of the stages of its name, the one whose time holds its start, else the first. */
function owningStage(query: ExecutedQuery, stageSpans: readonly Span[]): Span | undefined {
  const named = stageSpans.filter((span) => span.stage?.name === query.stage);
  const start = query.started_ms;
  return (start === undefined ? undefined : named.find((span) => span.start <= start && start <= end(span))) ?? named[0];
}

/** A stage's queries with their starts: as recorded, else one after another from the stage's start. */
function placeQueries(
  entries: readonly { query: ExecutedQuery; index: number; served?: string }[],
  from: number,
  depth: number,
): { spans: Span[]; approximate: boolean } {
  let clock = from;
  let approximate = false;
  const spans = entries.map(({ query, index, served }) => {
    const start = query.started_ms ?? clock;
    if (query.started_ms === undefined) approximate = true;
    clock = start + query.duration_ms;
    return {
      kind: 'query' as const,
      // A joined read drawn again under a stage it served has a key of its own there.
      key: served === undefined ? `query:${index}` : `query:${index}:${served}`,
      label: query.name,
      start,
      duration: query.duration_ms,
      depth,
      query,
      queryIndex: index,
    };
  });
  return { spans, approximate };
}

const byStart = (a: Span, b: Span) => a.start - b.start;

/**
 * Lays a run out on one time axis: the request, then its stages by start time, each followed by the
 * Neo4j queries it ran. Stages that ran side by side (hybrid's vector and full-text sides) keep their
 * own starts, so their bars overlap instead of adding up. Queries no stage claims (the principal's
 * lookup) stand at stage level. `queries` is null when the run's queries are not known (yet).
 */
export function layoutSpans(stages: readonly StageRecord[], queries: readonly ExecutedQuery[] | null, elapsedMs: number): SpanLayout {
  const { starts, approximate: stagesApproximate } = stageStarts(stages);
  const stageSpans: Span[] = stages.map((stage, index) => ({
    kind: 'stage',
    key: `stage:${index}`,
    label: stage.name,
    start: starts[index] ?? 0,
    duration: stage.duration_ms,
    depth: 1,
    stage,
  }));
  const claimed = new Map<Span, { query: ExecutedQuery; index: number; served?: string }[]>();
  const unclaimed: { query: ExecutedQuery; index: number }[] = [];
  (queries ?? []).forEach((query, index) => {
    const owner = owningStage(query, stageSpans);
    if (owner) appendTo(claimed, owner, { query, index });
    else unclaimed.push({ query, index });
    // A joined read (hybrid's sides in one round trip) is also each other side's read: drawn under it too.
    for (const served of query.served_stages ?? []) {
      const also = owningStage({ ...query, stage: served }, stageSpans);
      if (also && also !== owner) appendTo(claimed, also, { query, index, served });
    }
  });
  let approximate = stagesApproximate;
  const top: Span[][] = [];
  for (const stage of stageSpans) {
    const placed = placeQueries(claimed.get(stage) ?? [], stage.start, 2);
    approximate ||= placed.approximate;
    top.push([stage, ...placed.spans.sort(byStart)]);
  }
  const loose = placeQueries(unclaimed, 0, 1);
  approximate ||= loose.approximate;
  for (const span of loose.spans) top.push([span]);
  top.sort((a, b) => byStart(a[0] as Span, b[0] as Span));
  const body = top.flat();
  const total = Math.max(elapsedMs, ...body.map(end), 0);
  const request: Span = { kind: 'request', key: 'request', label: 'request', start: 0, duration: Math.max(elapsedMs, 0), depth: 0 };
  return { spans: [request, ...body], total, approximate };
}

/** Where a bar sits on an axis of `total` ms, in percent: its left edge and its width (at least `minWidth`, never past the end). */
export function barGeometry(span: { start: number; duration: number }, total: number, minWidth = 0.4): { left: number; width: number } {
  const scale = total > 0 ? total : 1;
  const left = Math.min(100 - minWidth, Math.max(0, (span.start / scale) * 100));
  return { left, width: Math.min(100 - left, Math.max(minWidth, (span.duration / scale) * 100)) };
}

/** The server's share of a query's time (0..1): the rest is the client's (network, driver, reading rows). */
export function serverShare(query: Pick<ExecutedQuery, 'server_ms' | 'duration_ms'>): number {
  if (query.duration_ms <= 0) return query.server_ms > 0 ? 1 : 0;
  return Math.min(1, Math.max(0, query.server_ms / query.duration_ms));
}

/** True when two spans share some time: bars of sides that ran concurrently. */
export function spansOverlap(a: { start: number; duration: number }, b: { start: number; duration: number }): boolean {
  return a.start < end(b) && b.start < end(a);
}

/** The queries drawn under the stage span `key` (none for a query or the request). */
export function queriesUnder(layout: SpanLayout, key: string): Span[] {
  const at = layout.spans.findIndex((span) => span.key === key);
  if (at < 0 || layout.spans[at]?.kind !== 'stage') return [];
  const after = layout.spans.slice(at + 1);
  const next = after.findIndex((span) => span.depth <= 1);
  return next < 0 ? after : after.slice(0, next);
}
