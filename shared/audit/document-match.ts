import { z } from 'zod';
import type { ContextItem } from '../context-contract';

/**
 * Which documents an expectation is about, judged on what each returned item says of its document:
 * its id (exact, glob or regular expression), its document type, or its source URI (glob). A match
 * on any one criterion is a match. The graph's ACL properties are not criteria here: whether a
 * principal may see a node is what the leak check of `differ_only_in` asks the graph.
 */

/** A glob over ids and URIs: `*` is any run of characters, `?` one character; everything else is literal. */
export function globToRegExp(glob: string): RegExp {
  const body = [...glob].map((char) => (char === '*' ? '.*' : char === '?' ? '.' : char.replace(/[.+^${}()|[\]\\]/g, '\\$&'))).join('');
  return new RegExp(`^${body}$`, 'u');
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

const OneOrMore = (what: string) =>
  z.union([z.string().min(1, `write a non-empty ${what}`), z.array(z.string().min(1, `write a non-empty ${what}`)).min(1)], {
    error: `write a ${what} or a list of them, e.g. [policy-hr-*]`,
  });

/** The criteria, at least one. */
export const DocumentMatch = z
  .object({
    document_ids: z.array(z.string().min(1)).min(1, 'list at least one document id, e.g. [handbook-engineering]').optional(),
    document_id_glob: OneOrMore('glob such as policy-hr-*').optional(),
    document_id_regex: z.string().refine(validRegExp, 'is not a valid regular expression (JavaScript syntax, e.g. ^policy-hr-)').optional(),
    doc_types: z.array(z.string().min(1)).min(1, 'list at least one document type, e.g. [adr]').optional(),
    source_uri_glob: OneOrMore('glob such as https://wiki.example/hr/*').optional(),
  })
  .strict()
  .refine((match) => Object.values(match).some((value) => value !== undefined), {
    message: 'give at least one of document_ids, document_id_glob, document_id_regex, doc_types, source_uri_glob',
  });
export type DocumentMatch = z.infer<typeof DocumentMatch>;

/** What an item says of its document, as the criteria read it. */
export type MatchedItem = Pick<ContextItem, 'document_id' | 'doc_type' | 'source_uri'>;

const asList = (value: string | readonly string[] | undefined): readonly string[] =>
  value === undefined ? [] : typeof value === 'string' ? [value] : value;

/** The first criterion `item` matches, as `criterion value` (for the evidence), or null when none does. */
export function matchedCriterion(match: DocumentMatch, item: MatchedItem): string | null {
  if (match.document_ids?.includes(item.document_id)) return `document_ids ${item.document_id}`;
  const idGlob = asList(match.document_id_glob).find((glob) => globToRegExp(glob).test(item.document_id));
  if (idGlob !== undefined) return `document_id_glob ${idGlob}`;
  if (match.document_id_regex !== undefined && new RegExp(match.document_id_regex, 'u').test(item.document_id))
    return `document_id_regex ${match.document_id_regex}`;
  if (item.doc_type !== undefined && match.doc_types?.includes(item.doc_type)) return `doc_types ${item.doc_type}`;
  const uriGlob = asList(match.source_uri_glob).find((glob) => globToRegExp(glob).test(item.source_uri));
  if (uriGlob !== undefined) return `source_uri_glob ${uriGlob}`;
  return null;
}
