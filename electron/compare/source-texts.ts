// The texts items may be drawn from, read once per audit or leak check: the named chunks' text, the
// claims' text and the evidence quotes, by id (the graph scope leaves texts out; the provider audit
// and Compare's leak check need them to hold each item's content to its sources).
import { codedError } from '../../shared/coded-error';
import type { Deadline } from '../../shared/deadline';
import { retrievalError } from '../../shared/errors/retrieval-error-messages';
import { quoteName as q } from '../../shared/cypher/quote-name';
import type { SchemaProfile } from '../../shared/schema-profile';
import type { ContextItem } from '../../shared/context-contract';
import { nodeKindOf, type GraphReader, type GraphScope } from './graph-scope';
import { defineQuery, type BuiltInQuery } from '../graph/built-in-query';
import { storedIdForms } from '../graph/stored-id';
import { documentTitle } from '../retrieval/document-title-value';

/** The source texts read for a set of items, by node id; undefined for a node the graph lacks. */
export interface SourceTexts {
  readonly chunk: (id: string) => string | undefined;
  readonly claim: (id: string) => string | undefined;
  readonly evidence: (id: string) => string | undefined;
}

/** Text compared as a reader sees it: composed, every run of whitespace one space. */
const comparable = (text: string) => text.normalize('NFC').replace(/\s+/g, ' ').trim();
// Where a provider may have left text out of a chunk: an ellipsis, as packing cuts write it.
const ELLIPSIS = /…|\.\.\./;

/**
 * The item's title when it is not its document's title in the graph (whitespace and composition
 * aside), and the graph's title (null when the document has none); null when the item gives no
 * title or gives the document's, and when the graph lacks the document (that has its own finding).
 * A title that is not the document's may be any text, another document's title among them.
 */
export function titleOutsideDocument(
  item: ContextItem,
  scope: GraphScope,
  profile: SchemaProfile,
): { readonly claimed: string; readonly found: string | null } | null {
  const document = scope.document(item.document_id)?.documents[0];
  if (item.title === undefined || !document) return null;
  // A title the graph holds as a list or a number is the text an item hands out for it (document-title-value.ts).
  const found = documentTitle(document, profile.properties.document.title).title ?? null;
  return found !== null && comparable(found) === comparable(item.title) ? null : { claimed: item.title, found };
}

/** The chunk ids an item names: `chunk_ids`, or its one `chunk_id`. */
function namedChunks(item: ContextItem): string[] {
  return [...new Set([item.chunk_id, ...item.chunk_ids])];
}

/**
 * The first piece of an item's content (between ellipses) that is text of none of its sources: its
 * chunks (in the order `chunk_ids` lists them, as one text, and each alone), its claim, a claim or
 * evidence on its path. Null when every piece is drawn from them, and when a named chunk is not in
 * the graph (that has its own finding; its text cannot be compared). Whitespace and composition
 * aside, so a reflowed text is the same text.
 */
export function contentOutsideSources(item: ContextItem, texts: SourceTexts, profile: SchemaProfile): string | null {
  const chunks = namedChunks(item).map((id) => texts.chunk(id));
  if (chunks.some((text) => text === undefined)) return null;
  const inOrder = (item.chunk_ids.length > 0 ? item.chunk_ids : [item.chunk_id]).map((id) => texts.chunk(id) ?? '');
  const sources = [inOrder.join(' '), ...(chunks as string[])];
  if (item.claim_id) sources.push(texts.claim(item.claim_id) ?? '');
  for (const node of item.provenance_path) {
    const kind = nodeKindOf(node.label, profile);
    if (kind === 'claim') sources.push(texts.claim(node.id) ?? '');
    if (kind === 'evidence') sources.push(texts.evidence(node.id) ?? '');
  }
  const haystacks = sources.map(comparable).filter((text) => text !== '');
  return (
    item.content
      .split(ELLIPSIS)
      .map(comparable)
      .find((piece) => /[\p{L}\p{N}]/u.test(piece) && !haystacks.some((text) => text.includes(piece))) ?? null
  );
}

/** Chunk texts (`$chunk_ids`), claim texts (`$claim_ids`) and evidence quotes (`$evidence_ids`), one row per node found. */
export function sourceTextsQuery(profile: SchemaProfile): BuiltInQuery {
  const { labels: L, properties: P } = profile;
  return defineQuery(
    'provider-audit-source-texts',
    `UNWIND $chunk_ids AS id
     MATCH (x:${q(L.chunk)}) WHERE x.${q(P.chunk.id)} IN ${storedIdForms('id')}
     RETURN 'chunk' AS kind, id, x.${q(P.chunk.text)} AS text
     UNION ALL
     UNWIND $claim_ids AS id
     MATCH (x:${q(L.claim)} {${q(P.claim.id)}: id})
     RETURN 'claim' AS kind, id, x.${q(P.claim.text)} AS text
     UNION ALL
     UNWIND $evidence_ids AS id
     MATCH (x:${q(L.evidence)} {${q(P.evidence.id)}: id})
     RETURN 'evidence' AS kind, id, x.${q(P.evidence.quote)} AS text`,
  );
}

/** Reads the source texts of the items through `reader` (the run's log of the gateway, so the read is recorded). */
export async function readSourceTexts(
  reader: GraphReader,
  profile: SchemaProfile,
  items: readonly ContextItem[],
  deadline: Deadline,
  stage: string,
): Promise<SourceTexts> {
  const chunkIds = new Set<string>();
  const claimIds = new Set<string>();
  const evidenceIds = new Set<string>();
  for (const item of items) {
    for (const id of [item.chunk_id, ...item.chunk_ids]) chunkIds.add(id);
    if (item.claim_id) claimIds.add(item.claim_id);
    for (const node of item.provenance_path) {
      const kind = nodeKindOf(node.label, profile);
      if (kind === 'claim') claimIds.add(node.id);
      if (kind === 'evidence') evidenceIds.add(node.id);
    }
  }
  const result = await reader.read(
    sourceTextsQuery(profile),
    { chunk_ids: [...chunkIds], claim_ids: [...claimIds], evidence_ids: [...evidenceIds] },
    { deadline, stage },
  );
  // An audit that could not read every text is never reported as clean.
  if (result.truncated)
    throw codedError('unavailable', retrievalError('leak_check_row_cap', { cap: result.rowCap, query: 'provider-audit-source-texts' }), {
      hint: retrievalError('leak_check_row_cap_hint'),
    });
  const texts = { chunk: new Map<string, string>(), claim: new Map<string, string>(), evidence: new Map<string, string>() };
  for (const row of result.rows) {
    const kind = row.kind;
    if ((kind === 'chunk' || kind === 'claim' || kind === 'evidence') && typeof row.id === 'string')
      texts[kind].set(row.id, typeof row.text === 'string' ? row.text : '');
  }
  return { chunk: (id) => texts.chunk.get(id), claim: (id) => texts.claim.get(id), evidence: (id) => texts.evidence.get(id) };
}
