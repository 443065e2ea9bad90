import fs from 'node:fs';
import path from 'node:path';
import { LineCounter, parseDocument } from 'yaml';
import { wordEvalMessage } from '../../shared/eval/eval-messages';
import { GoldenDefaults, GoldenQuestion, GoldenSet } from '../../shared/eval/golden-set';
import { LensError } from '../../shared/lens-error';
import { issueAdvice, locator, pathText, type SuiteFile } from '../audit/suite-file';

/**
 * Reads a golden set (YAML, or JSON by its `.json` name) and checks it against its schema, the way
 * audit suites are read: every problem names the file, the line and column, the path and what to
 * write instead, all listed at once.
 */

/** A golden set read from a file, with a way to point at any of its paths. */
export interface GoldenSetFile {
  readonly file: string;
  readonly set: GoldenSet;
  readonly locate: SuiteFile['locate'];
}

/** At most this many problems are listed; the rest are counted. */
const MAX_PROBLEMS = 12;

function invalid(lines: readonly string[]): LensError {
  const shown = lines.slice(0, MAX_PROBLEMS);
  const more = lines.length - shown.length;
  const [first, ...rest] = shown;
  return new LensError('invalid_input', first ?? 'The golden set is not valid.', {
    hint: 'Fix the golden set and run the evaluation again; resources/eval/demo-golden-set.yaml shows a whole set.',
    ...(rest.length > 0 || more > 0
      ? { detail: [...rest, ...(more > 0 ? [`… and ${more} more problems of the same file`] : [])].join('\n') }
      : {}),
  });
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

/** Checks the text of a golden set named `file` (its extension says JSON or YAML). */
export function parseGoldenSet(file: string, text: string): GoldenSetFile {
  const format = path.extname(file).toLowerCase() === '.json' ? 'JSON' : 'YAML';
  if (format === 'JSON') {
    try {
      JSON.parse(text);
    } catch (error) {
      throw invalid([wordEvalMessage('set_syntax', { file, at: '', format, reason: (error as Error).message })]);
    }
  }
  const lines = new LineCounter();
  const document = parseDocument(text, { lineCounter: lines, prettyErrors: true });
  if (document.errors.length > 0)
    throw invalid(
      document.errors.map((error) => {
        const at = error.linePos ? ` (line ${error.linePos[0].line}, column ${error.linePos[0].col})` : '';
        const reason = (error.message.split('\n')[0] ?? error.code).replace(/ at line \d+, column \d+:?$/, '');
        return wordEvalMessage('set_syntax', { file, at, format, reason });
      }),
    );
  const locate = locator(document, lines);
  const parsed = GoldenSet.safeParse(document.toJS());
  if (!parsed.success)
    throw invalid(
      parsed.error.issues.map((issue) =>
        wordEvalMessage('set_field', {
          file,
          at: locate(issue.path as (string | number)[]),
          path: pathText(issue.path),
          problem: issueAdvice(issue, knownKeys),
        }),
      ),
    );
  return { file, set: parsed.data, locate };
}

/** Reads and checks the golden set at `file`; a problem is an `invalid_input` error naming every place. */
export function readGoldenSetFile(file: string): GoldenSetFile {
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch (error) {
    const reason = (error as NodeJS.ErrnoException).code === 'ENOENT' ? 'there is no such file' : (error as Error).message;
    throw invalid([wordEvalMessage('set_unreadable', { file, reason })]);
  }
  return parseGoldenSet(file, text);
}
