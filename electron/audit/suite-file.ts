import path from 'node:path';
import { LineCounter, parseDocument } from 'yaml';
import type { z } from 'zod';
import { auditMessage, wordAuditMessage, type AuditMessage } from '../../shared/audit/audit-messages';
import { AuditExpectation, AuditQuestion, AuditRequestDefaults, AuditSuite, DifferOnlyIn } from '../../shared/audit/audit-suite';
import { DocumentMatch } from '../../shared/audit/document-match';
import { retrievalError } from '../../shared/errors/retrieval-error-messages';
import { refuseNewerVersion } from '../../shared/format-version';
import { jsonProblem } from '../../shared/json-syntax';
import { yamlUnresolvedAlias } from '../../shared/yaml-problem';
import { LensError } from '../../shared/lens-error';
import {
  englishPart,
  fileProblemsError,
  issueAdvice,
  locator,
  MAX_FILE_NESTING,
  nestingTooDeep,
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
  /** ` (line L, column C)` of the node at `at`, or of its nearest parent in the file. */
  readonly locate: (at: readonly (string | number)[]) => string;
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

const advice = (issue: z.core.$ZodIssue) => englishPart(issueAdvice(issue, knownKeys));

function invalid(messages: readonly AuditMessage[]): LensError {
  return fileProblemsError(messages.map(wordAuditMessage), retrievalError('suite_invalid'), retrievalError('suite_invalid_hint'));
}

function readText(file: string): string {
  try {
    return readInputFile(file);
  } catch (error) {
    if (error instanceof LensError) throw error;
    throw invalid([auditMessage('suite_unreadable', { file, reason: englishPart([unreadableReason(error)]) })]);
  }
}

/** JSON is held to JSON's own syntax (YAML would accept comments and bare words in it); a problem names where it stops being JSON. */
function checkJsonSyntax(file: string, text: string): void {
  try {
    JSON.parse(text);
  } catch {
    throw invalid([auditMessage('suite_syntax', { file, at: '', format: 'JSON', reason: [jsonProblem(text)] })]);
  }
}

/** Reads and checks the suite at `file`; a problem is an `invalid_input` error naming every place. */
export function readSuiteFile(file: string): SuiteFile {
  const text = readText(file);
  const format = path.extname(file).toLowerCase() === '.json' ? 'JSON' : 'YAML';
  if (format === 'JSON') checkJsonSyntax(file, text);
  const deep = nestingTooDeep(text);
  if (deep) throw invalid([auditMessage('suite_too_deep', { file, at: englishPart(deep.at), max: MAX_FILE_NESTING })]);
  const lines = new LineCounter();
  const document = parseDocument(text, { lineCounter: lines, prettyErrors: true });
  if (document.errors.length > 0) {
    const problems = document.errors.map((error) => {
      const { at, reason } = syntaxProblem(error);
      return auditMessage('suite_syntax', { file, at: englishPart(at), format, reason });
    });
    throw invalid(problems);
  }
  const place = locator(document, lines);
  const locate = (at: readonly (string | number)[]) => englishPart(place(at));
  const alias = aliasProblem(document, lines);
  if (alias?.kind === 'cycle')
    throw invalid([auditMessage('suite_alias_cycle', { file, at: englishPart(alias.at), alias: alias.alias, cycle: alias.cycle })]);
  if (alias)
    throw invalid([auditMessage('suite_syntax', { file, at: englishPart(alias.at), format, reason: [yamlUnresolvedAlias(alias.alias)] })]);
  const value = plainValue(document, (reason) => invalid([auditMessage('suite_syntax', { file, at: '', format, reason })]));
  // A suite a newer build wrote is said to be that, not wrong: its other keys may be ones this build does not know.
  refuseNewerVersion(value, AuditSuite.shape.version.value, file);
  const parsed = AuditSuite.safeParse(value);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) =>
      auditMessage('suite_field', {
        file,
        at: locate(issue.path as (string | number)[]),
        path: englishPart(pathText(issue.path)),
        problem: advice(issue),
      }),
    );
    throw invalid(problems);
  }
  return { file, suite: parsed.data, locate };
}
