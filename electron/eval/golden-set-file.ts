import fs from 'node:fs';
import path from 'node:path';
import { isScalar } from 'yaml';
import type { CoreMessage } from '../../shared/core-message';
import { retrievalError } from '../../shared/errors/retrieval-error-messages';
import { evalMessage } from '../../shared/eval/eval-messages';
import { jsonProblem } from '../../shared/json-syntax';
import { yamlUnresolvedAlias } from '../../shared/yaml-problem';
import { goldenSetSizeProblem } from '../../shared/eval/golden-set-size';
import { GOLDEN_SET_MAX_BYTES, GoldenDefaults, GoldenQuestion, GoldenSet } from '../../shared/eval/golden-set';
import { LensError } from '../../shared/lens-error';
import {
  aliasProblem,
  fileProblemsError,
  issueAdvice,
  locator,
  MAX_FILE_NESTING,
  parseFileText,
  pathText,
  plainValue,
  syntaxProblem,
} from '../audit/file-problems';
import { readInputFile, unreadableReason } from '../input-file';

/**
 * Reads a golden set (YAML, or JSON by its `.json` name) and checks it against its schema, the way
 * audit suites are read: every problem names the file, the line and column, the path and what to
 * write instead, all listed at once.
 */

/** A golden set read from a file, with a way to point at any of its paths. */
export interface GoldenSetFile {
  readonly file: string;
  /** The text it was read from (what `eval.run` is sent). */
  readonly text: string;
  readonly set: GoldenSet;
  /** ` (line L, column C)` of the node at a path, or of its nearest parent in the file, as a message part. */
  readonly locate: (at: readonly (string | number)[]) => CoreMessage[];
}

function invalid(problems: readonly CoreMessage[]): LensError {
  return fileProblemsError(problems, retrievalError('golden_set_invalid'), retrievalError('golden_set_invalid_hint'));
}

/** The keys an object at `at` may hold, for "did you mean" advice. */
function knownKeys(at: readonly PropertyKey[]): readonly string[] {
  const keys = (schema: { shape: object }) => Object.keys(schema.shape);
  if (at.length === 0) return ['name', 'description', 'defaults', 'questions'];
  if (at[0] === 'defaults') return keys(GoldenDefaults);
  if (at[0] === 'questions' && at.length === 2) return keys(GoldenQuestion);
  if (at[2] === 'expected' || at[2] === 'must_not_appear') return ['documents', 'chunks'];
  return [];
}

/** The last set checked: the CLI checks a set before it sends its text to `eval.run`, which checks the same text again in the same process. */
let lastChecked: GoldenSetFile | null = null;

/** Checks the text of a golden set named `file` (its extension says JSON or YAML); the same file name and text again is not read again. */
export function parseGoldenSet(file: string, text: string): GoldenSetFile {
  if (lastChecked?.file === file && lastChecked.text === text) return lastChecked;
  lastChecked = checkGoldenSet(file, text);
  return lastChecked;
}

function checkGoldenSet(file: string, text: string): GoldenSetFile {
  const format = path.extname(file).toLowerCase() === '.json' ? 'JSON' : 'YAML';
  // Measured in bytes of UTF-8, as `lens eval --set` and the Evaluations screen measure the file: a set of
  // Korean text (3 bytes a character) was measured here in characters, so 2.1 MB passed this door and not the others.
  const tooLarge = goldenSetSizeProblem(file, Buffer.byteLength(text));
  if (tooLarge) throw tooLarge;
  // An empty file, or one of comments only, is no golden set: said so, not as "must be of type object, not null"
  // (YAML) or "ends at line 1, column 1 before its JSON value is complete" (JSON).
  const empty = () => invalid([evalMessage('set_empty', { file })]);
  if (text.trim() === '') throw empty();
  if (format === 'JSON') {
    try {
      JSON.parse(text);
    } catch {
      throw invalid([evalMessage('set_syntax', { file, at: '', format, reason: [jsonProblem(text)] })]);
    }
  }
  const read = parseFileText(text);
  if ('deep' in read) throw invalid([evalMessage('set_too_deep', { file, at: read.deep.at, max: MAX_FILE_NESTING })]);
  const { document, lines } = read;
  if (document.errors.length > 0)
    throw invalid(
      document.errors.map((error) => {
        const { at, reason } = syntaxProblem(error);
        return evalMessage('set_syntax', { file, at, format, reason });
      }),
    );
  // (a `---` marker alone leaves an empty scalar, not the `null` or `~` someone wrote)
  const contents = document.contents;
  if (contents === null || (isScalar(contents) && contents.source === '')) throw empty();
  const locate = locator(document, lines);
  // An alias inside its own anchor's node builds a value without end (the schema would only say "Invalid input" of it);
  // one before its anchor stands for nothing (the library throws its English of it).
  const alias = aliasProblem(document, lines);
  if (alias?.kind === 'cycle')
    throw invalid([evalMessage('set_alias_cycle', { file, at: alias.at, alias: alias.alias, cycle: alias.cycle })]);
  if (alias) throw invalid([evalMessage('set_syntax', { file, at: alias.at, format, reason: [yamlUnresolvedAlias(alias.alias)] })]);
  const parsed = GoldenSet.safeParse(
    plainValue(document, (reason) => invalid([evalMessage('set_syntax', { file, at: '', format, reason })])),
  );
  if (!parsed.success)
    throw invalid(
      parsed.error.issues.map((issue) =>
        evalMessage('set_field', {
          file,
          at: locate(issue.path as (string | number)[]),
          path: pathText(issue.path),
          problem: issueAdvice(issue, knownKeys),
        }),
      ),
    );
  return { file, text, set: parsed.data, locate };
}

/** Reads and checks the golden set at `file`; a problem is an `invalid_input` error naming every place. */
export function readGoldenSetFile(file: string): GoldenSetFile {
  let text: string;
  try {
    // Refused by its size before a byte is read, naming the size and the cap.
    const tooLarge = goldenSetSizeProblem(file, fs.statSync(file).size);
    if (tooLarge) throw tooLarge;
    text = readInputFile(file, GOLDEN_SET_MAX_BYTES);
  } catch (error) {
    if (error instanceof LensError) throw error;
    throw invalid([evalMessage('set_unreadable', { file, reason: [unreadableReason(error)] })]);
  }
  return parseGoldenSet(file, text);
}
