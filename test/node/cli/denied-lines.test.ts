import { describe, expect, it } from 'vitest';
import { deniedCell, deniedHeading, deniedLines } from '../../../electron/cli/denied-lines';
import { DeniedCount, type FilterNote } from '../../../shared/context-contract';

const denied = [
  { stage: 'whole_graph', kind: 'access', reason: 'not_visible_to_principal', counts: 'graph_chunks', count: 98, of: 318 },
  { stage: 'whole_graph', kind: 'filter', reason: 'document_types', counts: 'visible_chunks', count: 220, of: 220 },
  { stage: 'before_candidates', mechanism: 'fulltext', kind: 'filter', reason: 'request_filters', counts: 'hits', count: 65, of: 65 },
].map((entry) => DeniedCount.parse(entry));

describe('denied counts printed by the CLI', () => {
  it('prints each count with its kind, its figure, what it counts and where, then the filter notes', () => {
    const note: FilterNote = { code: 'filter_matches_nothing', filter: 'document_types', values: ['foo'], present: ['adr', 'runbook'] };
    expect([deniedHeading(denied), ...deniedLines(denied, [note])]).toEqual([
      'Withheld (counts only; each line says what it counts):',
      '  access   98 of 318  chunks in the graph this principal may not see (access policy) [whole_graph]',
      '  filter  220 of 220  chunks this principal may see that the document-type filter leaves out [whole_graph]',
      '  filter    65 of 65  hits of the full-text search this principal may see that the request filters leave out [before_candidates]',
      '  note: No document this principal may see has the document type foo; the types it may see are: adr, runbook.',
    ]);
  });

  it('lists a run by its whole graph access and filter figures, an older run as unclassified, and a run with none as a dash', () => {
    expect(deniedCell(denied)).toBe('access 98, filter 220');
    expect(deniedCell([DeniedCount.parse({ stage: 'before_candidates', reason: 'excluded_by_prefilter', count: 318 })])).toBe(
      '318 unclassified',
    );
    expect(deniedCell([])).toBe('-');
  });
});
