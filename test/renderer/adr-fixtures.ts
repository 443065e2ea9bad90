import type { AdrEntry } from '../../shared/adr-marks';

/** A fabricated ADR entry for renderer tests: accepted and current unless told otherwise. */
export function adrEntry(documentId: string, extra: Partial<AdrEntry> = {}): AdrEntry {
  return {
    document_id: documentId,
    adr_id: documentId.toUpperCase().replace(/^ADR-(\d+).*$/, 'ADR-$1'),
    title: `Title of ${documentId}`,
    status: 'accepted',
    status_text: 'Accepted',
    decided_at: '2025-01-02',
    dated_by: 'decision',
    freshness: { state: 'current', reason: 'accepted, not superseded', code: 'adr_accepted', decision: 'accepted' },
    superseded_by: [],
    drift: false,
    mark: null,
    suggestions: [],
    ...extra,
  };
}
