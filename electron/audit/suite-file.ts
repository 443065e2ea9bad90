import fs from 'node:fs';
import path from 'node:path';
import { LineCounter, parseDocument, type Document } from 'yaml';
import type { z } from 'zod';
import { auditMessage, wordAuditMessage, type AuditMessage } from '../../shared/audit/audit-messages';
import { AuditExpectation, AuditQuestion, AuditRequestDefaults, AuditSuite, DifferOnlyIn } from '../../shared/audit/audit-suite';
import { DocumentMatch } from '../../shared/audit/document-match';
import { LensError } from '../../shared/lens-error';
import { closestKey } from './closest-key';

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

/** At most this many problems are listed; the rest are counted. */
const MAX_PROBLEMS = 12;

/** A path as a person writes it: `expectations[2].never_sees.document_id_regex`. */
export function pathText(at: readonly PropertyKey[]): string {
  return (
    at.reduce<string>((text, key) => (typeof key === 'number' ? `${text}[${key}]` : text ? `${text}.${String(key)}` : String(key)), '') ||
    '(top level)'
  );
}

/** Finds the line and column of a path in a parsed YAML or JSON document. */
export function locator(document: Document, lines: LineCounter): SuiteFile['locate'] {
  return (at) => {
    for (let depth = at.length; depth >= 0; depth--) {
      const node = depth === 0 ? document.contents : document.getIn(at.slice(0, depth), true);
      const offset = (node as { range?: [number, number, number] } | null | undefined)?.range?.[0];
      if (offset !== undefined) {
        const { line, col } = lines.linePos(offset);
        return ` (line ${line}, column ${col})`;
      }
    }
    return '';
  };
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

/** What to write instead, for one schema problem: its message, or "did you mean" for a key the place (whose keys `known` gives) does not take. */
export function issueAdvice(issue: z.core.$ZodIssue, known: (at: readonly PropertyKey[]) => readonly string[]): string {
  if (issue.code !== 'unrecognized_keys') return issue.message;
  const keys = known(issue.path);
  return issue.keys
    .map((key) => {
      const near = closestKey(key, keys);
      return `unknown key ${key}: ${near ? `did you mean ${near}?` : `remove it`}${keys.length > 0 ? ` (this place takes ${keys.join(', ')})` : ''}`;
    })
    .join('; ');
}

const advice = (issue: z.core.$ZodIssue) => issueAdvice(issue, knownKeys);

function invalid(messages: readonly AuditMessage[], more: number): LensError {
  const lines = messages.map((message) => wordAuditMessage(message));
  const [first, ...rest] = lines;
  return new LensError('invalid_input', first ?? 'The suite is not valid.', {
    hint: 'Fix the suite file and run the audit again; the README shows a whole suite.',
    ...(rest.length > 0 || more > 0
      ? { detail: [...rest, ...(more > 0 ? [`… and ${more} more problems of the same file`] : [])].join('\n') }
      : {}),
  });
}

function readText(file: string): string {
  try {
    return fs.readFileSync(file, 'utf8');
  } catch (error) {
    const reason = (error as NodeJS.ErrnoException).code === 'ENOENT' ? 'there is no such file' : String((error as Error).message);
    throw invalid([auditMessage('suite_unreadable', { file, reason })], 0);
  }
}

/** JSON is held to JSON's own syntax (YAML would accept comments and bare words in it). */
function checkJsonSyntax(file: string, text: string): void {
  try {
    JSON.parse(text);
  } catch (error) {
    throw invalid([auditMessage('suite_syntax', { file, at: '', format: 'JSON', reason: (error as Error).message })], 0);
  }
}

/** Reads and checks the suite at `file`; a problem is an `invalid_input` error naming every place. */
export function readSuiteFile(file: string): SuiteFile {
  const text = readText(file);
  const format = path.extname(file).toLowerCase() === '.json' ? 'JSON' : 'YAML';
  if (format === 'JSON') checkJsonSyntax(file, text);
  const lines = new LineCounter();
  const document = parseDocument(text, { lineCounter: lines, prettyErrors: true });
  if (document.errors.length > 0) {
    const problems = document.errors.map((error) => {
      const at = error.linePos ? ` (line ${error.linePos[0].line}, column ${error.linePos[0].col})` : '';
      // The pretty message's first line ends with the position, which `at` already gives.
      const reason = (error.message.split('\n')[0] ?? error.code).replace(/ at line \d+, column \d+:?$/, '');
      return auditMessage('suite_syntax', { file, at, format, reason });
    });
    throw invalid(problems.slice(0, MAX_PROBLEMS), Math.max(0, problems.length - MAX_PROBLEMS));
  }
  const locate = locator(document, lines);
  const parsed = AuditSuite.safeParse(document.toJS());
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) =>
      auditMessage('suite_field', {
        file,
        at: locate(issue.path as (string | number)[]),
        path: pathText(issue.path),
        problem: advice(issue),
      }),
    );
    throw invalid(problems.slice(0, MAX_PROBLEMS), Math.max(0, problems.length - MAX_PROBLEMS));
  }
  return { file, suite: parsed.data, locate };
}
