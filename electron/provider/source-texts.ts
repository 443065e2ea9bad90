// The texts a provider's items may be drawn from, read once per audit: the named chunks' text, the
// claims' text and the evidence quotes, by id (the graph scope leaves texts out; the audit needs them
// to hold each item's content to its sources).
import { codedError } from '../../shared/coded-error';
import type { Deadline } from '../../shared/deadline';
import { retrievalError } from '../../shared/errors/retrieval-error-messages';
import { quoteName as q } from '../../shared/cypher/quote-name';
import type { SchemaProfile } from '../../shared/schema-profile';
import type { ContextItem } from '../../shared/context-contract';
import { nodeKindOf, type GraphReader } from '../compare/graph-scope';
import { defineQuery, type BuiltInQuery } from '../graph/built-in-query';
import type { SourceTexts } from './audit-rules';

/** Chunk texts (`$chunk_ids`), claim texts (`$claim_ids`) and evidence quotes (`$evidence_ids`), one row per node found. */
export function sourceTextsQuery(profile: SchemaProfile): BuiltInQuery {
  const { labels: L, properties: P } = profile;
  return defineQuery(
    'provider-audit-source-texts',
    `UNWIND $chunk_ids AS id
     MATCH (x:${q(L.chunk)} {${q(P.chunk.id)}: id})
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
