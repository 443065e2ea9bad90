// ADR sweep 8: status lines that open with a date written out, statuses real teams use that were not
// read, decision logs whose sections are dated or carry a dated id, and decision logs kept as one
// table, each read as `lens demo load --docs` reads its folder.
import { describe, expect, it } from 'vitest';
import { normaliseAdrStatus } from '../../../electron/corpus/adr-status';
import { readMarkdownFolder } from '../../../electron/corpus/markdown-folder';
import { useTempFolders } from '../../support/temp-folders';

const { folderWith } = useTempFolders('lens-adr-sweep8-');

describe('a status line that opens with a date written out', () => {
  it('reads the status after it and is dated by it, as one opening with an ISO date is', () => {
    const folder = readMarkdownFolder(
      folderWith({
        'docs/adr/0001-queue.md': '# 1. Queue\n\n## Status\n\n14 March 2023 Rejected\n\n## Context\n\nJobs pile up.\n',
        'docs/adr/0002-cache.md': '# 2. Cache\n\n## Status\n\nMarch 14, 2023 — Accepted\n\n## Context\n\nReads are slow.\n',
        'docs/adr/0003-search.md':
          '# 3. Search\n\n## Status\n\n- 2 January 2023: Proposed\n- Thursday 16th of March 2023: Accepted\n\n## Context\n\nUsers search.\n',
        'docs/adr/0004-facets.md': '# 4. Facets\n\nStatus: 1 April 2023 Superseded by ADR-5\n\n## Context\n\nFacets.\n',
        'docs/adr/0005-tags.md': '# 5. Tags\n\n## Status\n\nAccepted\n\n## Context\n\nTags.\n',
      }),
    );
    expect(folder.documents.map((d) => [d.adr?.adr_id, d.adr?.status, d.adr?.decided_at])).toEqual([
      ['ADR-0001', 'rejected', '2023-03-14'],
      ['ADR-0002', 'accepted', '2023-03-14'],
      ['ADR-0003', 'accepted', '2023-03-16'],
      ['ADR-0004', 'superseded', null],
      ['ADR-0005', 'accepted', null],
    ]);
    expect(folder.supersessions.map((e) => `${e.from_document_id} -> ${e.to_document_id}`)).toEqual([
      'docs--adr--0004-facets -> docs--adr--0005-tags',
    ]);
  });

  it('is no date when what opens the line only looks like one: a month alone as a word is read as a word', () => {
    expect(normaliseAdrStatus('May be superseded later')).toBe('unknown');
    expect(normaliseAdrStatus('March 2023 Accepted')).toBe('accepted');
    expect(normaliseAdrStatus('Status: 14 March 2023 Rejected')).toBe('rejected');
  });
});
