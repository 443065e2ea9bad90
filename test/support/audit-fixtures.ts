import type { ContextItem, ContextResponse } from '../../shared/context-contract';

/** An item of `document_id` as the pipeline hands it out: a chunk with its path back to the document. */
export function auditItem(document_id: string, fields: Partial<ContextItem> = {}): ContextItem {
  const chunk_id = `${document_id}#c1`;
  return {
    content: `text of ${document_id}`,
    source_uri: `https://wiki.nurion.example/${document_id}`,
    document_id,
    doc_type: document_id.startsWith('adr-') ? 'adr' : 'policy',
    chunk_id,
    chunk_ids: [chunk_id],
    document_version: '1',
    span: { start_char: 0, end_char: 100 },
    freshness: { state: 'current', reason: 'valid, not superseded' },
    provenance_path: [
      { label: 'Chunk', id: chunk_id },
      { label: 'Document', id: document_id },
    ],
    retrieval_scores: { fused: 0.5 },
    ranks: { final: 1 },
    tokens: 20,
    ...fields,
  };
}

/** A recorded run's response fields, as the judges read them. */
export function auditRun(
  items: ContextItem[],
  outcome: ContextResponse['outcome'] = items.length > 0 ? 'ok' : 'no_evidence',
  message?: string,
) {
  return { trace_id: 'tr-audit-1', outcome, items, ...(message ? { message } : {}) };
}
