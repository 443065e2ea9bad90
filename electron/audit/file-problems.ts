import { isAlias, LineCounter, visit, type Document, type YAMLError } from 'yaml';
import type { z } from 'zod';
import { codedError, type ErrorText } from '../../shared/coded-error';
import type { CoreMessage, CoreParam } from '../../shared/core-message';
import { retrievalError } from '../../shared/errors/retrieval-error-messages';
import type { LensError } from '../../shared/lens-error';
import { issueWords } from '../../shared/api/schema-message';
import { closestKey } from '../../shared/closest-key';
import { fieldPath } from '../../shared/field-path';
import { yamlBuildReason, yamlReason } from '../../shared/yaml-problem';
import { MAX_YAML_NESTING, parseYamlOnce } from '../yaml-nesting';

/**
 * The problems of a file a person writes (an audit suite, a golden set): where each one is, the path
 * in the file and what to write instead, as message parts, so the sentence around them is worded in
 * one language (English for the CLI, the UI's for the renderer). All of them go into one error.
 */

/** At most this many problems are listed; the rest are counted. */
const MAX_PROBLEMS = 12;

/** ` (line L, column C)`, or nothing when the place is not known. */
function at(position: { line: number; col: number } | undefined): CoreMessage[] {
  return position ? [retrievalError('at_line_column', { line: position.line, column: position.col })] : [];
}

/** A path as a person writes it: `expectations[2].never_sees.document_id_regex`, or "(top level)". */
export function pathText(path: readonly PropertyKey[]): CoreParam {
  const text = fieldPath(path);
  return text === '' ? [retrievalError('top_level')] : text;
}

/** Finds the line and column of a path in a parsed YAML or JSON document, or of its nearest parent. */
export function locator(document: Document, lines: LineCounter): (path: readonly (string | number)[]) => CoreMessage[] {
  return (path) => {
    for (let depth = path.length; depth >= 0; depth--) {
      const node = depth === 0 ? document.contents : document.getIn(path.slice(0, depth), true);
      const offset = (node as { range?: [number, number, number] } | null | undefined)?.range?.[0];
      if (offset !== undefined) return at(lines.linePos(offset));
    }
    return [];
  };
}

/** A YAML syntax error's place and reason (worded from the library's error code, not its English message). */
export function syntaxProblem(error: YAMLError): { at: CoreMessage[]; reason: CoreMessage[] } {
  return { at: at(error.linePos?.[0]), reason: [yamlReason(error.code)] };
}

/**
 * What to write instead, for one schema problem: what zod found, as a code where it is a kind zod
 * words itself (so the UI's language words it), or "did you mean" for a key the place (whose keys
 * `known` gives) does not take.
 */
export function issueAdvice(issue: z.core.$ZodIssue, known: (at: readonly PropertyKey[]) => readonly string[]): CoreParam {
  if (issue.code !== 'unrecognized_keys') return issueWords(issue);
  const keys = known(issue.path);
  const takes = keys.length > 0 ? [retrievalError('place_takes', { keys: keys.join(', ') })] : [];
  return issue.keys.map((key) => {
    const near = closestKey(key, keys);
    return near ? retrievalError('unknown_key_near', { key, near, takes }) : retrievalError('unknown_key_remove', { key, takes });
  });
}

/**
 * What is wrong with an alias of the document: it sits inside the very node its anchor names (a
 * `cycle`: the value it stands for never ends), or no anchor of its name is written before it
 * (`unresolved`: it stands for nothing).
 */
export type AliasProblem =
  | {
      readonly kind: 'cycle';
      /** The alias's name (`a` of `*a`). */
      readonly alias: string;
      /** The anchors from the one the alias names down to the alias, as written: `&a → &b → *a`. */
      readonly cycle: string;
      /** Where the alias is, as a message part. */
      readonly at: CoreMessage[];
    }
  | { readonly kind: 'unresolved'; readonly alias: string; readonly at: CoreMessage[] };

const anchorOf = (node: unknown): string | undefined => (node as { anchor?: unknown } | null)?.anchor as string | undefined;

/**
 * The first alias of the document that names no anchor written before it, or that sits inside the
 * node its anchor names (`&a [*a]`, or through other anchors, `&a {b: &b [*a]}`), or null. YAML lets
 * an alias name only an anchor written before it (the last one of its name), so a cycle is always of
 * this shape. One pass in document order, each alias judged against its own ancestors: linear in the
 * document's size, whatever its aliases.
 */
export function aliasProblem(document: Document, lines: LineCounter): AliasProblem | null {
  const anchors = new Map<string, unknown>();
  let found: AliasProblem | null = null;
  visit(document, (_key, node, path) => {
    if (isAlias(node)) {
      const target = anchors.get(node.source);
      const offset = node.range?.[0];
      const place = at(offset === undefined ? undefined : lines.linePos(offset));
      if (target === undefined) {
        found = { kind: 'unresolved', alias: node.source, at: place };
        return visit.BREAK;
      }
      const from = path.indexOf(target as (typeof path)[number]);
      if (from < 0) return undefined;
      const named = path.slice(from).flatMap((step) => {
        const anchor = anchorOf(step);
        return typeof anchor === 'string' ? [`&${anchor}`] : [];
      });
      found = { kind: 'cycle', alias: node.source, cycle: [...named, `*${node.source}`].join(' → '), at: place };
      return visit.BREAK;
    }
    const anchor = anchorOf(node);
    if (typeof anchor === 'string') anchors.set(anchor, node);
    return undefined;
  });
  return found;
}

/** How deep a suite's or golden set's maps and lists may nest. */
export const MAX_FILE_NESTING = MAX_YAML_NESTING;

/**
 * The text of a YAML (or JSON) file read once (parseYamlOnce): where its maps and lists (JSON's
 * objects and arrays) first nest more than MAX_FILE_NESTING deep, or its document with the lines
 * that place its nodes.
 */
export function parseFileText(text: string): { deep: { at: CoreMessage[] } } | { document: Document.Parsed; lines: LineCounter } {
  const lines = new LineCounter();
  const parsed = parseYamlOnce(text, lines);
  return 'tooDeepAt' in parsed ? { deep: { at: at(lines.linePos(parsed.tooDeepAt)) } } : { document: parsed.document, lines };
}

/**
 * The document's plain value; the YAML library's own refusal to build it (an alias bomb: "Excessive
 * alias count indicates a resource exhaustion attack") is thrown as the file's problem `refused`
 * makes of its reason, worded by kind (yamlBuildReason), not as a bug of the app.
 */
export function plainValue(document: Document, refused: (reason: CoreMessage[]) => LensError): unknown {
  try {
    return document.toJS();
  } catch (error) {
    if (error instanceof ReferenceError && /alias/i.test(error.message)) throw refused([yamlBuildReason(error)]);
    throw error;
  }
}

/** The hint of a file that names principals that do not exist: the ones that do. */
export function principalsThatExist(known: ReadonlySet<string>): CoreMessage {
  return known.size > 0
    ? retrievalError('principals_that_exist', { principals: [...known].sort().join(', ') })
    : retrievalError('principals_none_exist');
}

/**
 * One `invalid_input` error for every problem of a file: the first is the sentence, the others (at
 * most a dozen, the rest counted) its further problems, each with its code; `empty` is said when there is none.
 */
export function fileProblemsError(problems: readonly ErrorText[], empty: CoreMessage, hint: CoreMessage): LensError {
  const shown = problems.slice(0, MAX_PROBLEMS);
  const more = problems.length - shown.length;
  const [first = empty, ...rest] = shown;
  return codedError('invalid_input', first, {
    hint,
    moreProblems: [...rest, ...(more > 0 ? [retrievalError('more_problems', { count: more })] : [])],
  });
}
