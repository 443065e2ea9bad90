import { z } from 'zod';
import type { ContextItem } from '../context-contract';
import { BoundedCache } from '../bounded-cache';
import { schemaIssueText, schemaIssueTextWith } from '../errors/schema-issue-messages';
import { compileIdRegex, idRegexRefusal, type IdRegex } from './id-regex';

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

const OneOrMore = (example: string) => {
  const empty = schemaIssueTextWith('match_glob_empty', { example });
  return z.union([z.string().min(1, empty), z.array(z.string().min(1, empty)).min(1)], {
    error: schemaIssueTextWith('match_glob_shape', { example }),
  });
};

/** The criteria, at least one. */
export const DocumentMatch = z
  .object({
    document_ids: z.array(z.string().min(1)).min(1, schemaIssueText('match_document_ids_empty')).optional(),
    document_id_glob: OneOrMore('policy-hr-*').optional(),
    // Matched by an automaton in time linear in the id; what it cannot match so is refused, by code.
    document_id_regex: z
      .string()
      .superRefine((pattern, context) => {
        const refusal = idRegexRefusal(pattern);
        if (refusal !== null) context.addIssue({ code: 'custom', message: schemaIssueText(refusal) });
      })
      .optional(),
    doc_types: z.array(z.string().min(1)).min(1, schemaIssueText('match_doc_types_empty')).optional(),
    source_uri_glob: OneOrMore('https://wiki.example/hr/*').optional(),
  })
  .strict()
  .refine((match) => Object.values(match).some((value) => value !== undefined), schemaIssueText('match_criteria_missing'));
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

/** The automata of the last patterns matched, so judging thousands of items compiles a pattern once. */
const compiled = new BoundedCache<string, IdRegex>(64);
function idRegex(pattern: string): IdRegex {
  let regex = compiled.get(pattern);
  if (regex === undefined) {
    regex = compileIdRegex(pattern);
    compiled.set(pattern, regex);
  }
  return regex;
}

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
  if (match.document_id_regex !== undefined && idRegex(match.document_id_regex).test(documentId))
    return `document_id_regex ${match.document_id_regex}`;
  if (item.doc_type !== undefined && match.doc_types?.some((type) => nfc(type) === nfc(item.doc_type as string)))
    return `doc_types ${item.doc_type}`;
  const uriGlob = asList(match.source_uri_glob).find((glob) => compileAuditGlob(glob).test(item.source_uri));
  if (uriGlob !== undefined) return `source_uri_glob ${uriGlob}`;
  return null;
}
