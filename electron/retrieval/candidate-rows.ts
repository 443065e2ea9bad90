import { codedError } from '../../shared/coded-error';
import { retrievalError } from '../../shared/errors/retrieval-error-messages';
import type { ReadResult } from '../graph/read-gateway';
import type { CandidateRow } from './acl-enforcement';
import type { Candidate, NodeProps } from './candidate';

/** What a post-filtered candidate query returned: the kept rows and the counts of what it judged. */
export interface PostfilteredHits {
  readonly rows: CandidateRow[];
  /** Hits the index returned this round. */
  readonly fetched: number;
  /** Hits the access rule allowed and the request's filters kept (of which at most k were returned). */
  readonly allowedTotal: number;
  /** Hits the principal may not see under the access rule. */
  readonly notVisible: number;
  /** Hits the principal may see that the request's filters leave out. */
  readonly filtered: number;
}

/** Reads candidate rows; a truncated result would silently lose candidates, so it is an error. */
function rowsOf(result: ReadResult): Record<string, unknown>[] {
  if (result.truncated) {
    throw codedError('internal', retrievalError('candidate_row_cap', { query: result.queryName, cap: result.rowCap }));
  }
  return result.rows;
}

/** A row's `documents` column: a list of property maps (anything else reads as none, so the row's own document is judged alone). */
export function documentsOf(value: unknown): NodeProps[] {
  return Array.isArray(value)
    ? value.filter((entry): entry is NodeProps => typeof entry === 'object' && entry !== null).map(documentProps)
    : [];
}

/**
 * A row's document map without the dated entries a query named and the document lacks (null, as in
 * `chunkProps`; see `documentMap` in retrieval-queries.ts).
 */
export function documentProps(value: unknown): NodeProps {
  return chunkProps(value);
}

/**
 * A row's chunk map without the entries a query named and the chunk lacks (null: a Neo4j property
 * is never null, so nothing is lost; see `chunkMap` in retrieval-queries.ts).
 */
export function chunkProps(value: unknown): NodeProps {
  if (typeof value !== 'object' || value === null) return value as NodeProps;
  return Object.fromEntries(Object.entries(value).filter(([, entry]) => entry !== null)) as NodeProps;
}

/** A row's `judged` column as pairs of a document and the Cypher verdict on the row's chunk and it (anything else reads as none). */
function judgedOf(value: unknown): Judged[] {
  if (!Array.isArray(value)) return [];
  return value
    .filter((entry): entry is Record<string, unknown> => typeof entry === 'object' && entry !== null)
    .filter((entry) => typeof entry.document === 'object' && entry.document !== null)
    .map((entry) => ({
      document: documentProps(entry.document),
      allowed: entry.allowed === true,
      twin: typeof entry.id_twin === 'string' ? entry.id_twin : null,
    }));
}

/** A document of a row's chunk, the Cypher verdict on the chunk and it, and whether its id prints the same as another document's (stored-id.ts). */
interface Judged {
  readonly document: NodeProps;
  readonly allowed: boolean;
  /** The document's id as text when another document's prints the same, else null. */
  readonly twin: string | null;
}

/**
 * The candidate rows of one returned row (`judgedProjection` in retrieval-queries.ts): one per
 * document of the chunk, each with that document, the Cypher compilation's verdict on the chunk and
 * it (`allowed`) and all the chunk's documents, as a query matching the documents again returned
 * them. A chunk with no document gives one row with none, which no check allows.
 */
function toRows(row: Record<string, unknown>): CandidateRow[] {
  const judged = judgedOf(row.judged);
  const id = idText(row.chunk_id);
  if (id === null) return nonTextId(row.chunk_id, judged);
  if (row.chunk_id_twin === true) return twinId('Chunk', id, judged);
  const twinDocument = judged.find((entry) => entry.allowed && entry.twin !== null)?.twin;
  if (twinDocument) return twinId('Document', twinDocument, judged);
  const documents = judged.map((entry) => entry.document);
  const base = { chunk_id: id, score: Number(row.score ?? 0), chunk: chunkProps(row.chunk), documents };
  if (judged.length === 0) return [{ ...base, allowed: false, document: null as unknown as NodeProps }];
  return judged.map((entry) => ({ ...base, allowed: entry.allowed, document: entry.document }));
}

/**
 * A chunk id as the item carries it: text. A candidate query returns an INTEGER id as its digits
 * (`storedIdColumn`, stored-id.ts), which reads by id match as text or integer; anything still not
 * text (a FLOAT, which equals an INTEGER in Cypher, a BOOLEAN, a LIST) is null.
 */
function idText(id: unknown): string | null {
  return typeof id === 'string' ? id : null;
}

/** A value's Cypher type as an error names it (a code name, the same in every language). */
function cypherType(value: unknown): string {
  if (Array.isArray(value)) return 'LIST';
  // An INTEGER arrives as its digits (`storedIdColumn`), so a number here is a FLOAT, whole or not.
  if (typeof value === 'number' || typeof value === 'bigint') return 'FLOAT';
  if (typeof value === 'boolean') return 'BOOLEAN';
  return 'MAP';
}

/**
 * A chunk whose id is neither text nor a whole number (4242.5, true, a list): the item would carry
 * `String(id)`, which no later read by id (provenance graph, why-not, compare) matches, so its path
 * silently vanished. One the access
 * rule allows is refused, naming it; one it withholds is dropped unnamed (its id is not shown, and a
 * chunk the principal may not see does not fail their request).
 */
function nonTextId(id: unknown, judged: readonly Judged[]): CandidateRow[] {
  if (!judged.some((entry) => entry.allowed)) return [];
  const shown = typeof id === 'number' && Number.isInteger(id) ? `${id}.0` : (JSON.stringify(id) ?? String(id));
  throw codedError(
    'invalid_input',
    retrievalError('chunk_id_not_text', { value: shown.length > 80 ? `${shown.slice(0, 79)}…` : shown, type: cypherType(id) }),
    { hint: retrievalError('chunk_id_not_text_hint') },
  );
}

/**
 * A chunk whose id, or an allowed document of it whose id, prints the same as another node's of the
 * other type (4242 beside "4242"): the item's text id would name either, so a chunk the access rule
 * allows is refused, naming the id; one it withholds is dropped unnamed, as in `nonTextId`.
 */
function twinId(label: 'Chunk' | 'Document', id: string, judged: readonly Judged[]): CandidateRow[] {
  if (!judged.some((entry) => entry.allowed)) return [];
  throw codedError('invalid_input', retrievalError('node_id_twin', { label, id: id.length > 80 ? `${id.slice(0, 79)}…` : id }), {
    hint: retrievalError('node_id_twin_hint', { label }),
  });
}

/** The rows that hold a chunk: a candidate query returns one row with a null chunk when it kept none, so its counts still arrive. */
function keptRows(rows: readonly Record<string, unknown>[]): CandidateRow[] {
  return rows.filter((row) => row.chunk_id !== null && row.chunk_id !== undefined).flatMap(toRows);
}

/** Rows of a pre-filtered query (every row is allowed by the Cypher predicate). */
export function prefilteredRows(result: ReadResult): CandidateRow[] {
  return keptRows(rowsOf(result));
}

/** Rows and counts of a post-filtered query (see `postfilterTail` in retrieval-queries.ts). */
export function postfilteredHits(result: ReadResult): PostfilteredHits {
  const rows = rowsOf(result);
  const first = rows[0];
  return {
    rows: keptRows(rows),
    fetched: Number(first?.fetched ?? 0),
    allowedTotal: Number(first?.allowed_total ?? 0),
    notVisible: Number(first?.not_visible ?? 0),
    filtered: Number(first?.filtered ?? 0),
  };
}

/** Candidate rows in rank order as the candidates of one retrieval stage, scored and ranked by it. */
export function candidatesFromRows(rows: readonly CandidateRow[], stage: 'vector' | 'fulltext' | 'entity'): Candidate[] {
  return rows.map((row, index) => ({
    chunk_id: row.chunk_id,
    chunk: row.chunk,
    document: row.document,
    documents: row.documents,
    scores: { [stage]: row.score },
    ranks: { [stage]: index + 1 },
    path: [],
  }));
}
