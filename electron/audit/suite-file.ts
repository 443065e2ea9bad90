import path from 'node:path';
import type { z } from 'zod';
import type { CoreMessage } from '../../shared/core-message';
import { AuditExpectation, AuditQuestion, AuditRequestDefaults, AuditSuite, DifferOnlyIn } from '../../shared/audit/audit-suite';
import { DocumentMatch } from '../../shared/audit/document-match';
import { retrievalError } from '../../shared/errors/retrieval-error-messages';
import { refuseNewerVersion } from '../../shared/format-version';
import { jsonProblem } from '../../shared/json-syntax';
import { yamlUnresolvedAlias } from '../../shared/yaml-problem';
import { LensError } from '../../shared/lens-error';
import {
  fileProblemsError,
  issueAdvice,
  locator,
  MAX_FILE_NESTING,
  parseFileText,
  pathText,
  plainValue,
  aliasProblem,
  syntaxProblem,
} from './file-problems';
import { readInputFile, unreadableReason } from '../input-file';

/**
 * Reads a suite file (YAML, or JSON by its `.json` name) and checks it against the suite schema.
 * Every problem names the file, the line and column, the path in the file and what to write instead;
 * all of them are listed at once, so a suite is fixed in one pass.
 */

/** A suite read from a file, with a way to point at any of its paths. */
export interface SuiteFile {
  readonly file: string;
  readonly suite: AuditSuite;
  /** ` (line L, column C)` of the node at `at`, or of its nearest parent in the file, as a message part. */
  readonly locate: (at: readonly (string | number)[]) => CoreMessage[];
}

/** The keys an object at `at` may hold, for "did you mean" advice. */
function knownKeys(at: readonly PropertyKey[]): readonly string[] {
  const [first, , third, fourth] = at;
  const shapeKeys = (schema: { shape: object }) => Object.keys(schema.shape);
  if (at.length === 0) return shapeKeys(AuditSuite);
  if (first === 'request') return shapeKeys(AuditRequestDefaults);
  if (first === 'questions') return shapeKeys(AuditQuestion);
  if (first !== 'expectations') return [];
  if (at.length === 2) return shapeKeys(AuditExpectation);
  if (third === 'differ_only_in' && at.length === 3) return shapeKeys(DifferOnlyIn);
  if (at.length === 3 || fourth === 'a_only' || fourth === 'b_only') return shapeKeys(DocumentMatch);
  return [];
}

const advice = (issue: z.core.$ZodIssue) => issueAdvice(issue, knownKeys);

function invalid(problems: readonly CoreMessage[]): LensError {
  return fileProblemsError(problems, retrievalError('suite_invalid'), retrievalError('suite_invalid_hint'));
}

function readText(file: string): string {
  try {
    return readInputFile(file);
  } catch (error) {
    if (error instanceof LensError) throw error;
    throw invalid([retrievalError('suite_unreadable', { file, reason: [unreadableReason(error)] })]);
  }
}

/** JSON is held to JSON's own syntax (YAML would accept comments and bare words in it); a problem names where it stops being JSON. */
function checkJsonSyntax(file: string, text: string): void {
  try {
    JSON.parse(text);
  } catch {
    throw invalid([retrievalError('suite_syntax', { file, at: '', format: 'JSON', reason: [jsonProblem(text)] })]);
  }
}

/** Reads and checks the suite at `file`; a problem is an `invalid_input` error naming every place. */
export function readSuiteFile(file: string): SuiteFile {
  const text = readText(file);
  const format = path.extname(file).toLowerCase() === '.json' ? 'JSON' : 'YAML';
  if (format === 'JSON') checkJsonSyntax(file, text);
  const read = parseFileText(text);
  if ('deep' in read) throw invalid([retrievalError('suite_too_deep', { file, at: read.deep.at, max: MAX_FILE_NESTING })]);
  const { document, lines } = read;
  if (document.errors.length > 0) {
    const problems = document.errors.map((error) => {
      const { at, reason } = syntaxProblem(error);
      return retrievalError('suite_syntax', { file, at, format, reason });
    });
    throw invalid(problems);
  }
  const locate = locator(document, lines);
  const alias = aliasProblem(document, lines);
  if (alias?.kind === 'cycle')
    throw invalid([retrievalError('suite_alias_cycle', { file, at: alias.at, alias: alias.alias, cycle: alias.cycle })]);
  if (alias) throw invalid([retrievalError('suite_syntax', { file, at: alias.at, format, reason: [yamlUnresolvedAlias(alias.alias)] })]);
  const value = plainValue(document, (reason) => invalid([retrievalError('suite_syntax', { file, at: '', format, reason })]));
  // A suite a newer build wrote is said to be that, not wrong: its other keys may be ones this build does not know.
  refuseNewerVersion(value, AuditSuite.shape.version.value, file);
  const parsed = AuditSuite.safeParse(value, { reportInput: true });
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) =>
      retrievalError('suite_field', {
        file,
        at: locate(issue.path as (string | number)[]),
        path: pathText(issue.path),
        problem: advice(issue),
      }),
    );
    throw invalid(problems);
  }
  return { file, suite: parsed.data, locate };
}
