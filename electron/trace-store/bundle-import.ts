// Checks a trace bundle run by run, for an import that keeps the good runs of a bundle and names the
// bad ones (the Traces screen). The checks are those of `lens traces import`: the bundle's format and
// version, each run's schema, and its self-consistency (trace ids and outcome), then secrets removed.
import { storeError } from '../../shared/errors/store-error-messages';
import { z } from 'zod';
import { codedError } from '../../shared/coded-error';
import { coreEnglish } from '../../shared/core-catalogues';
import type { CoreMessage } from '../../shared/core-message';
import { errorMessage } from '../../shared/error-messages';
import { refuseNewerVersion } from '../../shared/format-version';
import { jsonDuplicateKey, jsonProblem } from '../../shared/json-syntax';
import { isLensError } from '../../shared/lens-error';
import { RunRecord, SkippedRun, TraceBundle } from '../../shared/trace-record';
import { exporterSkipped, type ExporterSkipped, type RefusedRun } from '../../shared/trace-import';
import { runToRows, withoutSecrets, type RunQueryRow, type RunRow } from './run-rows';
import { fieldPath, firstIssue, parseInput, parseReporting } from './store-validation';

/** A run ready to insert, with its place in the bundle (from 1). */
export interface CheckedRun {
  readonly position: number;
  readonly rows: { run: RunRow; queries: RunQueryRow[] };
}

/** The runs of a bundle that passed the checks, and those that did not, each with the field that failed. */
export interface CheckedBundle {
  readonly runs: readonly CheckedRun[];
  readonly refused: readonly RefusedRun[];
  /** The runs the bundle's `skipped` list says its exporter left out, when it names any. */
  readonly exporterSkipped: ExporterSkipped | undefined;
}

/** The bundle without its runs checked: those are checked one by one. */
const BundleEnvelope = TraceBundle.extend({ runs: z.array(z.unknown()) });

/** Parses a bundle's text; text that is not JSON is `invalid_input` naming the file and where it stops being JSON. */
export function parseBundleText(text: string, fileName: string): unknown {
  let bundle: unknown;
  try {
    bundle = JSON.parse(text) as unknown;
  } catch (error) {
    throw codedError('invalid_input', errorMessage('bundle_not_json', { file: fileName, problem: [jsonProblem(text)] }), {
      hint: errorMessage('bundle_not_json_hint'),
      cause: error,
    });
  }
  refuseDuplicateKey(text, fileName);
  return bundle;
}

/**
 * Refuses a bundle whose text gives a key twice in one object, at any depth: `JSON.parse` keeps the
 * last value without a word, and a bundle is evidence, so which of two values a run said is not
 * guessed. `invalid_input` naming the key (quoted as JSON) and the path of its object.
 */
function refuseDuplicateKey(text: string, fileName: string): void {
  const duplicate = jsonDuplicateKey(text);
  if (duplicate === null) return;
  const key = JSON.stringify(duplicate.key);
  const message =
    duplicate.path.length === 0
      ? errorMessage('bundle_duplicate_top_key', { file: fileName, key })
      : errorMessage('bundle_duplicate_key', { file: fileName, key, path: fieldPath(duplicate.path) });
  throw codedError('invalid_input', message, { hint: errorMessage('bundle_duplicate_key_hint') });
}

function traceIdOf(value: unknown): string | null {
  if (typeof value !== 'object' || value === null) return null;
  const id = (value as { trace_id?: unknown }).trace_id;
  return typeof id === 'string' && id.length > 0 ? id : null;
}

/** A refused run's problem: its English words, and its code where it has one, so the Traces screen words it in its language. */
function problemOf(english: string, said: CoreMessage | undefined): Pick<RefusedRun, 'problem' | 'problem_code' | 'problem_params'> {
  return said ? { problem: english, problem_code: said.code, problem_params: said.params ?? {} } : { problem: english };
}

/** Checks one run: its rows to insert, or why it is refused. */
function checkRun(value: unknown, index: number): CheckedRun | RefusedRun {
  const position = index + 1;
  const parsed = parseReporting(RunRecord, value);
  if (!parsed.success) {
    const { field, problem } = firstIssue(parsed.error);
    return { position, trace_id: traceIdOf(value), field, ...problemOf(coreEnglish(problem), problem) };
  }
  try {
    const rows = runToRows(withoutSecrets(parsed.data));
    const dropped = droppedKeyProblem(value, parsed.data);
    if (dropped !== null)
      return { position, trace_id: parsed.data.trace_id, field: dropped.field, ...problemOf(coreEnglish(dropped.said), dropped.said) };
    return { position, rows };
  } catch (error) {
    if (!isLensError(error) || error.kind !== 'invalid_input') throw error;
    return { position, trace_id: parsed.data.trace_id, field: '', ...problemOf(error.message, error.said) };
  }
}

/**
 * The path of the first key of `given` (a run as the bundle holds it) that `kept` (the run as its
 * schema read it) has not, at any depth; null when there is none. The schema drops a key it does not
 * name without a word, so a misspelt `scroes` in an item, a stage's `notes`, or a field a newer build
 * writes vanished on import while the run said it was imported as given. The request and the other
 * records of free keys keep every key, so only a key no run has in its place is found.
 */
export function droppedKey(given: unknown, kept: unknown, path: readonly (string | number)[] = []): (string | number)[] | null {
  if (given === kept) return null;
  if (Array.isArray(given) && Array.isArray(kept)) {
    for (let index = 0; index < Math.min(given.length, kept.length); index += 1) {
      const found = droppedKey(given[index], kept[index], [...path, index]);
      if (found) return found;
    }
    return null;
  }
  if (!isRecord(given) || !isRecord(kept)) return null;
  for (const key of Object.keys(given)) {
    if (!Object.hasOwn(kept, key)) return [...path, key];
    const found = droppedKey(given[key], kept[key], [...path, key]);
    if (found) return found;
  }
  return null;
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** A key path as a person reads it, a key that is no plain name quoted as JSON (`items[0]["a b"]`). */
function keyPath(path: readonly (string | number)[], prefix: string): string {
  return path.reduce<string>((out, key) => {
    if (typeof key === 'number') return `${out}[${key}]`;
    if (!/^[A-Za-z_$][\w$]*$/.test(key)) return `${out}[${JSON.stringify(key)}]`;
    return out ? `${out}.${key}` : key;
  }, prefix);
}

/**
 * Refuses a run that holds a key its schema would drop (see {@link droppedKey}), naming the run and
 * the key's path: a run is evidence, stored as it was given or not at all.
 */
export function refuseDroppedKey(given: unknown, run: RunRecord, prefix = ''): void {
  const dropped = droppedKeyProblem(given, run, prefix);
  if (dropped !== null) throw codedError('invalid_input', dropped.said, { hint: storeError('run_key_unknown_hint') });
}

/** The path of a key the run's schema would drop and the sentence naming it, or null. */
function droppedKeyProblem(given: unknown, run: RunRecord, prefix = ''): { field: string; said: CoreMessage } | null {
  const dropped = droppedKey(given, run);
  if (dropped === null) return null;
  const field = keyPath(dropped, prefix);
  return { field, said: storeError('run_key_unknown', { trace: run.trace_id, field }) };
}

/**
 * Refuses a bundle of this format that a newer build wrote, saying so, before its schema says "expected 1";
 * and one with a top-level key no bundle has (`notes`, a misspelt `skiped`), which the schema dropped without
 * a word: the whole bundle, naming the key, since what it holds would be lost.
 */
export function refuseNewerBundle(bundle: unknown): void {
  const { format } = (typeof bundle === 'object' && bundle !== null ? bundle : {}) as { format?: unknown };
  if (format !== TraceBundle.shape.format.value) return;
  refuseNewerVersion(bundle, TraceBundle.shape.version.value, [storeError('input_bundle')]);
  const unknown = Object.keys(bundle as object).find((key) => !Object.hasOwn(TraceBundle.shape, key));
  if (unknown !== undefined)
    throw codedError('invalid_input', storeError('bundle_unknown_key', { key: JSON.stringify(unknown) }), {
      hint: storeError('bundle_unknown_key_hint'),
    });
  refuseSkippedUnknownKey((bundle as { skipped?: unknown }).skipped);
}

/**
 * Refuses a bundle whose `skipped` list (the runs its exporting store could not read) holds an entry
 * with a key no entry has (`detail`, a misspelt `reson`): the schema dropped it without a word, as it
 * did a run's. The whole bundle, naming the entry and the key, since what the key says would be lost.
 */
function refuseSkippedUnknownKey(skipped: unknown): void {
  if (!Array.isArray(skipped)) return;
  for (const [index, entry] of skipped.entries()) {
    if (!isRecord(entry)) continue;
    const unknown = Object.keys(entry).find((key) => !Object.hasOwn(SkippedRun.shape, key));
    if (unknown !== undefined)
      throw codedError('invalid_input', storeError('bundle_skipped_key_unknown', { field: keyPath(['skipped', index, unknown], '') }), {
        hint: storeError('bundle_unknown_key_hint'),
      });
  }
}

/**
 * Checks a bundle: a bad format or version refuses the whole bundle (`invalid_input` naming the
 * field); a bad run refuses only that run, named with its position, trace id and the field that failed.
 */
export function checkBundleRuns(bundle: unknown): CheckedBundle {
  refuseNewerBundle(bundle);
  const envelope = parseInput(BundleEnvelope, bundle, storeError('input_bundle'));
  const runs: CheckedRun[] = [];
  const refused: RefusedRun[] = [];
  const seen = new Map<string, CheckedRun>();
  envelope.runs.forEach((value, index) => {
    const checked = checkRun(value, index);
    if (!('rows' in checked)) {
      refused.push(checked);
      return;
    }
    const trace = checked.rows.run.trace_id;
    const first = seen.get(trace);
    if (first !== undefined && !sameRows(first.rows, checked.rows)) {
      const said = storeError('bundle_run_repeats_id', { trace, first: first.position });
      refused.push({ position: checked.position, trace_id: trace, field: 'trace_id', ...problemOf(coreEnglish(said), said) });
      return;
    }
    if (first === undefined) seen.set(trace, checked);
    runs.push(checked);
  });
  return { runs, refused, exporterSkipped: exporterSkipped(envelope.skipped) };
}

/** Two runs of a bundle that would be stored alike (an identical repeat is counted as present, as before). */
const sameRows = (a: CheckedRun['rows'], b: CheckedRun['rows']): boolean => JSON.stringify(a) === JSON.stringify(b);

/**
 * The first run of a bundle that repeats the trace id of an earlier one with other content: the
 * import kept the first and counted the second "already in the trace store", dropping what it said
 * without a word. Null when every repeat (if any) is identical.
 */
export function conflictingRepeat(rows: readonly CheckedRun['rows'][]): { trace: string; first: number; second: number } | null {
  const seen = new Map<string, number>();
  for (const [index, row] of rows.entries()) {
    const trace = row.run.trace_id;
    const first = seen.get(trace);
    if (first === undefined) seen.set(trace, index);
    else if (!sameRows(rows[first] ?? row, row)) return { trace, first: first + 1, second: index + 1 };
  }
  return null;
}
