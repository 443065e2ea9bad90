import { redactParams } from '../../shared/cypher/param-redaction';
import { codedError } from '../../shared/coded-error';
import { storeError } from '../../shared/errors/store-error-messages';
import { redactSecretsInText, redactUri } from '../../shared/redact-uri';
import { deniedCountColumn } from '../../shared/denied-summary';
import { nestedDeeperThan } from '../../shared/json-depth';
import { RunRecord, RunSummary } from '../../shared/trace-record';
import { parseStored, parseStoredJson } from './store-validation';
import { isoInstantFault } from '../../shared/iso-instant';
import { unwantedCharacter } from '../../shared/visible-text';

/** A `runs` row: the searchable columns plus the request, principal and response as JSON. */
export interface RunRow {
  trace_id: string;
  created_at: string;
  principal_id: string;
  mode: string;
  outcome: string;
  query_text: string;
  item_count: number;
  denied_count: number;
  elapsed_ms: number;
  graph_uri: string;
  replay_of: string | null;
  request_json: string;
  principal_json: string;
  response_json: string;
}

/** A `run_queries` row: one query the gateway ran, `seq` keeping their order. */
export interface RunQueryRow {
  trace_id: string;
  seq: number;
  stage: string;
  name: string;
  cypher: string;
  params_hash: string;
  rows: number;
  truncated: 0 | 1;
  duration_ms: number;
  server_ms: number;
  /** The redacted parameters as JSON; null in rows kept before migration 8, absent from a store not migrated to it. */
  params_json?: string | null;
  /** Null in rows kept before migration 8, absent from a store not migrated to it. */
  started_ms?: number | null;
  /** The other stages a joined read served, as JSON; null for a read of one stage and rows kept before migration 10. */
  served_json?: string | null;
}

/** The columns of a run list row, and the response's denied counts (JSON, read from `response_json`). */
export type RunSummaryRow = Pick<
  RunRow,
  | 'trace_id'
  | 'created_at'
  | 'principal_id'
  | 'mode'
  | 'outcome'
  | 'query_text'
  | 'item_count'
  | 'denied_count'
  | 'elapsed_ms'
  | 'replay_of'
> & { denied_json: string | null };

/**
 * An instant in the one form the store keeps (`2026-06-30T12:00:00.000Z`), so created_at sorts
 * and compares as text. Anything but an ISO 8601 date or date-time of a day that exists is
 * `invalid_input` naming `field`: Date alone reads `1` as 2001 and `2024-02-30` as 1 March, so
 * `lens traces list --since 2024-02-30` listed from another day than was written.
 */
export function canonicalInstant(text: string, field: string): string {
  const fault = isoInstantFault(text);
  if (fault) {
    const said =
      fault.kind === 'day'
        ? storeError('instant_no_such_day', { field, day: fault.day, text })
        : fault.kind === 'time'
          ? storeError('instant_no_such_time', { field, time: fault.time, text })
          : storeError('instant_invalid', { field, text });
    throw codedError('invalid_input', said, { hint: storeError('instant_invalid_hint') });
  }
  return new Date(Date.parse(text)).toISOString();
}

/**
 * The run as the store may keep it: credentials in its graph URI and in its message (an error may
 * quote a URI) are masked. The graph URI comes without credentials from the connection settings;
 * this is the last check, for a run from another path or an imported bundle.
 */
export function withoutSecrets(run: RunRecord): RunRecord {
  const graphUri = redactUri(run.graph_uri);
  const message = run.response.message === undefined ? undefined : redactSecretsInText(run.response.message);
  if (graphUri === run.graph_uri && message === run.response.message) return run;
  return { ...run, graph_uri: graphUri, response: message === undefined ? run.response : { ...run.response, message } };
}

/**
 * How deep a run's free-form values (its request, its queries' parameters) may nest. A request
 * passed a door that allows MAX_INPUT_DEPTH (64) levels; a bundle is anyone's file, and a value some
 * thousands of levels deep overflowed JSON.stringify, so the whole import failed as an internal error.
 */
export const MAX_RUN_VALUE_DEPTH = 256;

/** Refuses a run whose request or query parameters nest deeper than MAX_RUN_VALUE_DEPTH, naming the field. */
function refuseDeepNesting(run: RunRecord, at: (name: string) => string): void {
  const deep = [
    { name: 'request', value: run.request as unknown },
    ...run.queries.map((query, index) => ({ name: `queries[${index}].params`, value: query.params as unknown })),
  ].find((entry) => nestedDeeperThan(entry.value, MAX_RUN_VALUE_DEPTH));
  if (deep)
    throw codedError('invalid_input', storeError('value_too_deep', { field: at(deep.name), max: MAX_RUN_VALUE_DEPTH }), {
      hint: storeError('value_too_deep_hint'),
    });
}

/**
 * The durations and counts of a run, by their field names: none is ever negative in a run the app
 * records, so one that is (an imported bundle is anyone's file) would show as a negative time or a
 * count below zero. Scores (a similarity may be below zero) and character offsets are not among them.
 */
function figuresOf(run: RunRecord): [string, number | undefined][] {
  const { limits, stages, cuts, embedder } = run.response;
  return [
    ['elapsed_ms', run.elapsed_ms],
    ...run.queries.flatMap((query, index): [string, number][] => [
      [`queries[${index}].rows`, query.rows],
      [`queries[${index}].duration_ms`, query.duration_ms],
      [`queries[${index}].server_ms`, query.server_ms],
    ]),
    ...Object.entries(limits).map(([name, value]): [string, number] => [`response.limits.${name}`, value]),
    ...stages.flatMap((stage, index): [string, number][] => [
      [`response.stages[${index}].duration_ms`, stage.duration_ms],
      [`response.stages[${index}].candidates_in`, stage.candidates_in],
      [`response.stages[${index}].candidates_out`, stage.candidates_out],
    ]),
    ...cuts.map((cut, index): [string, number | undefined] => [`response.cuts[${index}].tokens`, cut.tokens]),
    ['response.embedder.dimensions', embedder?.dimensions],
  ];
}

/** Refuses a run with a negative duration or count, naming the run and the field. */
function refuseNegativeFigures(run: RunRecord, at: (name: string) => string): void {
  const negative = figuresOf(run).find(([, value]) => value !== undefined && value < 0);
  if (negative)
    throw codedError(
      'invalid_input',
      storeError('figure_negative', { trace: run.trace_id, field: at(negative[0]), value: negative[1] ?? 0 }),
      {
        hint: storeError('figure_negative_hint'),
      },
    );
}

/**
 * A trace id holding a control, a line break or a bidi character (an imported bundle is anyone's
 * file; `t-1\u0000x`, `t-\u202egnp.exe`) was stored as given: listed escaped, it could be neither
 * typed to open or delete the run nor told apart from an id that shows alike. Refused naming the
 * character and where it stands, as the request's own trace_id is.
 */
function refuseUnwantedTraceId(run: RunRecord, at: (name: string) => string): void {
  const found = unwantedCharacter(run.trace_id, 'one_line');
  if (found)
    throw codedError('invalid_input', storeError('trace_id_char', { field: at('trace_id'), ...found.params }), {
      hint: storeError('trace_id_char_hint'),
    });
}

/** How far ahead of this machine's clock a run's date may be: another machine's clock may run a little fast. */
export const FUTURE_TOLERANCE_MS = 24 * 60 * 60 * 1000;

/**
 * The stored form of a run's created_at, refused when it is later than now by more than
 * FUTURE_TOLERANCE_MS: `2999-01-01` was kept, headed the list for good and outlasted every
 * `--older-than` prune.
 */
function createdAt(run: RunRecord, at: (name: string) => string, now: number): string {
  const created = canonicalInstant(run.created_at, at('created_at'));
  if (Date.parse(created) > now + FUTURE_TOLERANCE_MS)
    throw codedError(
      'invalid_input',
      storeError('created_in_future', { trace: run.trace_id, field: at('created_at'), text: created, now: new Date(now).toISOString() }),
      { hint: storeError('created_in_future_hint') },
    );
  return created;
}

/**
 * The rows for one validated run. A run whose request or response belongs to another trace, or ends in another
 * outcome, or that gives a negative duration or count, or whose trace id holds a character that does
 * not show, or that is dated later than tomorrow, is refused: the trace store is the record of what
 * happened and must not contradict itself.
 * `field` prefixes the names in messages (e.g. `runs[3]` for a bundle).
 */
export function runToRows(run: RunRecord, field = '', now = Date.now()): { run: RunRow; queries: RunQueryRow[] } {
  const at = (name: string) => (field ? `${field}.${name}` : name);
  refuseUnwantedTraceId(run, at);
  if (run.response.trace_id !== run.trace_id) {
    const mismatch = { field: at('response.trace_id'), response: run.response.trace_id, trace: run.trace_id };
    throw codedError('invalid_input', storeError('response_trace_mismatch', mismatch), {
      hint: storeError('response_trace_mismatch_hint'),
    });
  }
  // A request that names a trace id was made under it (a replay's request names none): another id contradicts the run.
  if (Object.hasOwn(run.request, 'trace_id') && run.request.trace_id !== run.trace_id) {
    const mismatch = { field: at('request.trace_id'), request: JSON.stringify(run.request.trace_id) ?? 'undefined', trace: run.trace_id };
    throw codedError('invalid_input', storeError('request_trace_mismatch', mismatch), { hint: storeError('request_trace_mismatch_hint') });
  }
  if (run.response.outcome !== run.outcome) {
    const mismatch = { field: at('outcome'), outcome: run.outcome, response: run.response.outcome };
    throw codedError('invalid_input', storeError('outcome_mismatch', mismatch), { hint: storeError('outcome_mismatch_hint') });
  }
  refuseDeepNesting(run, at);
  refuseNegativeFigures(run, at);
  const created = createdAt(run, at, now);
  const query = run.request.query;
  return {
    run: {
      trace_id: run.trace_id,
      created_at: created,
      principal_id: run.principal.principal_id,
      mode: run.mode,
      outcome: run.outcome,
      query_text: typeof query === 'string' ? query : '',
      item_count: run.response.items.length,
      // The chunks the principal may not see (an older run keeps its old total): never a sum of counts of different things.
      denied_count: deniedCountColumn(run.response.denied),
      elapsed_ms: run.elapsed_ms,
      graph_uri: run.graph_uri,
      replay_of: run.replay_of,
      request_json: JSON.stringify(run.request),
      principal_json: JSON.stringify(run.principal),
      response_json: JSON.stringify(run.response),
    },
    queries: run.queries.map(({ params, started_ms, served_stages, ...entry }, seq) => ({
      trace_id: run.trace_id,
      seq,
      ...entry,
      truncated: entry.truncated ? 1 : 0,
      // Redacted again: an imported bundle is anyone's data, and the store never keeps a secret.
      params_json: params === undefined ? null : JSON.stringify(redactParams(params)),
      started_ms: started_ms ?? null,
      served_json: served_stages === undefined ? null : JSON.stringify(served_stages),
    })),
  };
}

/** The run a `runs` row and its `run_queries` rows describe; a row that no longer parses is an `io` error naming the trace id. */
export function runFromRows(row: RunRow, queries: readonly RunQueryRow[]): RunRecord {
  const what = storeError('stored_run', { trace: row.trace_id });
  return parseStored(
    RunRecord,
    {
      trace_id: row.trace_id,
      created_at: row.created_at,
      request: parseStoredJson(row.request_json, what),
      principal: parseStoredJson(row.principal_json, what),
      mode: row.mode,
      outcome: row.outcome,
      response: parseStoredJson(row.response_json, what),
      queries: queries.map((entry) => ({
        stage: entry.stage,
        name: entry.name,
        cypher: entry.cypher,
        params_hash: entry.params_hash,
        rows: entry.rows,
        truncated: entry.truncated === 1,
        duration_ms: entry.duration_ms,
        server_ms: entry.server_ms,
        ...(entry.params_json == null ? {} : { params: parseStoredJson(entry.params_json, what) }),
        ...(entry.started_ms == null ? {} : { started_ms: entry.started_ms }),
        ...(entry.served_json == null ? {} : { served_stages: parseStoredJson(entry.served_json, what) }),
      })),
      elapsed_ms: row.elapsed_ms,
      graph_uri: row.graph_uri,
      replay_of: row.replay_of,
    },
    what,
  );
}

/** One run list row. */
export function summaryFromRow(row: RunSummaryRow): RunSummary {
  return parseStored(
    RunSummary,
    {
      trace_id: row.trace_id,
      created_at: row.created_at,
      principal_id: row.principal_id,
      mode: row.mode,
      outcome: row.outcome,
      query: row.query_text,
      item_count: row.item_count,
      denied_count: row.denied_count,
      denied: row.denied_json === null ? [] : parseStoredJson(row.denied_json, storeError('stored_run', { trace: row.trace_id })),
      elapsed_ms: row.elapsed_ms,
      replay_of: row.replay_of,
    },
    storeError('stored_run', { trace: row.trace_id }),
  );
}
