import { z } from 'zod';
import type { ContextItem } from '../context-contract';

/**
 * Which documents an expectation is about, judged on what each returned item says of its document:
 * its id (exact, glob or regular expression), its document type, or its source URI (glob). A match
 * on any one criterion is a match. The graph's ACL properties are not criteria here: whether a
 * principal may see a node is what the leak check of `differ_only_in` asks the graph.
 */

/** A compiled glob of a suite: `test` has RegExp's signature, so it reads like the pattern it replaced. */
export interface AuditGlob {
  /** True when the whole text matches the glob. */
  test(text: string): boolean;
}

/**
 * A glob over ids and URIs: `*` is any run of characters, `?` one character; everything else is
 * literal. It matches in one pass with a single backtrack point (the last `*`), so time is at most
 * glob length × text length. The glob used to become a regular expression whose `.*` runs
 * backtrack polynomially in the number of stars: `*a*a*a*a*a*a*a*a*b` held an audit for 12 s on a
 * 50-character id, and the text can be a provider's source URI. Glob and text are compared in
 * Unicode's composed form (NFC), as matchedCriterion compares ids.
 */
export function compileAuditGlob(glob: string): AuditGlob {
  const pattern = [...glob.normalize('NFC')];
  return { test: (text) => globMatches(pattern, [...text.normalize('NFC')]) };
}

function globMatches(pattern: readonly string[], text: readonly string[]): boolean {
  let p = 0;
  let t = 0;
  /** Where the last `*` is in the pattern, and where in the text its run ends so far; -1 before any. */
  let star = -1;
  let starEnd = 0;
  while (t < text.length) {
    const char = pattern[p];
    if (char === '*') {
      star = p;
      starEnd = t;
      p += 1;
    } else if (char !== undefined && (char === '?' || char === text[t])) {
      p += 1;
      t += 1;
    } else if (star !== -1) {
      // The last star takes one more character; what follows it is tried again from there.
      p = star + 1;
      starEnd += 1;
      t = starEnd;
    } else return false;
  }
  while (pattern[p] === '*') p += 1;
  return p === pattern.length;
}

const validRegExp = (text: string) => {
  try {
    new RegExp(text, 'u');
    return true;
  } catch {
    // An unreadable pattern is reported by the schema with the field named; nothing is matched with it.
    return false;
  }
};

/** The length of a repeating quantifier at `i` (`*`, `+`, `{n,}`, `{n,m}`), 0 when there is none. */
function repeatAt(pattern: string, i: number): number {
  const char = pattern[i];
  if (char === '*' || char === '+') return 1;
  if (char !== '{') return 0;
  const close = pattern.indexOf('}', i);
  return close !== -1 && /^\{\d+(?:,\d*)?\}$/.test(pattern.slice(i, close + 1)) ? close + 1 - i : 0;
}

/**
 * Whether a pattern has a shape JavaScript's backtracking engine can take exponential time on: a
 * repeated group that itself holds a quantifier or alternatives (`(a+)+`, `(a|aa)*`, `(\w?)+`), or
 * a back-reference. A suite is anyone's file, and one such pattern held an audit for 26 s on a
 * 42-character id, doubling with each character; nothing can stop a running match, so it is refused.
 */
export function backtracksExponentially(pattern: string): boolean {
  const open: boolean[] = [];
  for (let i = 0; i < pattern.length;) {
    const char = pattern[i] as string;
    if (char === '\\') {
      if (/[1-9k]/.test(pattern[i + 1] ?? '')) return true;
      i += 2;
    } else if (char === '[') {
      i += pattern[i + 1] === '^' ? 2 : 1;
      if (pattern[i] === ']') i += 1;
      while (i < pattern.length && pattern[i] !== ']') i += pattern[i] === '\\' ? 2 : 1;
      i += 1;
    } else if (char === '(') {
      open.push(false);
      i += 1;
      // The marker of a group that captures nothing or looks around (`(?:`, `(?=`, `(?<=`, `(?<name>`) is no quantifier.
      if (pattern[i] === '?') {
        const named = pattern[i + 1] === '<' && /[A-Za-z]/.test(pattern[i + 2] ?? '');
        i = named ? Math.max(i + 1, pattern.indexOf('>', i) + 1) : i + (pattern[i + 1] === '<' ? 3 : 2);
      }
    } else if (char === ')') {
      const inner = open.pop() ?? false;
      i += 1;
      const repeat = repeatAt(pattern, i);
      if (repeat > 0 && inner) return true;
      if ((repeat > 0 || pattern[i] === '?') && open.length > 0) open[open.length - 1] = true;
      if (inner && open.length > 0) open[open.length - 1] = true;
    } else if (char === '|' || char === '?' || repeatAt(pattern, i) > 0) {
      if (open.length > 0) open[open.length - 1] = true;
      i += Math.max(1, repeatAt(pattern, i));
    } else i += 1;
  }
  return false;
}

const OneOrMore = (what: string) =>
  z.union([z.string().min(1, `write a non-empty ${what}`), z.array(z.string().min(1, `write a non-empty ${what}`)).min(1)], {
    error: `write a ${what} or a list of them, e.g. [policy-hr-*]`,
  });

/** The criteria, at least one. */
export const DocumentMatch = z
  .object({
    document_ids: z.array(z.string().min(1)).min(1, 'list at least one document id, e.g. [handbook-engineering]').optional(),
    document_id_glob: OneOrMore('glob such as policy-hr-*').optional(),
    document_id_regex: z
      .string()
      .refine(validRegExp, 'is not a valid regular expression (JavaScript syntax, e.g. ^policy-hr-)')
      .refine(
        (pattern) => !backtracksExponentially(pattern),
        'repeats a group that itself repeats or has alternatives (like (a+)+ or (a|b)*), or refers back to a group, which can take exponential time; write it without the nesting, e.g. ^policy-hr-',
      )
      .optional(),
    doc_types: z.array(z.string().min(1)).min(1, 'list at least one document type, e.g. [adr]').optional(),
    source_uri_glob: OneOrMore('glob such as https://wiki.example/hr/*').optional(),
  })
  .strict()
  .refine((match) => Object.values(match).some((value) => value !== undefined), {
    message: 'give at least one of document_ids, document_id_glob, document_id_regex, doc_types, source_uri_glob',
  });
export type DocumentMatch = z.infer<typeof DocumentMatch>;

/**
 * One criterion of a match that no document in the graph matches, and, for a document id that is the
 * end of one document's source (`hr/pay.md`), that document's id.
 */
export const UnmatchedCriterion = z.object({
  criterion: z.enum(['document_ids', 'document_id_glob', 'document_id_regex', 'doc_types', 'source_uri_glob']),
  value: z.string(),
  suggestion: z.string().optional(),
});
export type UnmatchedCriterion = z.infer<typeof UnmatchedCriterion>;

/** What an item says of its document, as the criteria read it. */
export type MatchedItem = Pick<ContextItem, 'document_id' | 'doc_type' | 'source_uri'>;

const asList = (value: string | readonly string[] | undefined): readonly string[] =>
  value === undefined ? [] : typeof value === 'string' ? [value] : value;

const nfc = (text: string) => text.normalize('NFC');

/**
 * The first criterion `item` matches, as `criterion value` (for the evidence), or null when none
 * does. Ids, types and URIs are compared in Unicode's composed form (NFC): a document loaded from a
 * folder unzipped from macOS has a decomposed id (`인사/…` in jamo), which a suite typed as `인사/…`
 * must still match, or a never_sees check passes over the very documents it names.
 */
export function matchedCriterion(match: DocumentMatch, item: MatchedItem): string | null {
  const documentId = nfc(item.document_id);
  if (match.document_ids?.some((id) => nfc(id) === documentId)) return `document_ids ${item.document_id}`;
  const idGlob = asList(match.document_id_glob).find((glob) => compileAuditGlob(glob).test(documentId));
  if (idGlob !== undefined) return `document_id_glob ${idGlob}`;
  if (match.document_id_regex !== undefined && new RegExp(nfc(match.document_id_regex), 'u').test(documentId))
    return `document_id_regex ${match.document_id_regex}`;
  if (item.doc_type !== undefined && match.doc_types?.some((type) => nfc(type) === nfc(item.doc_type as string)))
    return `doc_types ${item.doc_type}`;
  const uriGlob = asList(match.source_uri_glob).find((glob) => compileAuditGlob(glob).test(item.source_uri));
  if (uriGlob !== undefined) return `source_uri_glob ${uriGlob}`;
  return null;
}
