// ADR sweep 18: what dated a record (its decision, or only its proposal), Korean supersession written without a
// particle, and real folders' conventions read this round. Fixtures are written here in the shapes real folders use.
import { describe, expect, it } from 'vitest';
import { readMarkdownFolder } from '../../../electron/corpus/markdown-folder';
import { useTempFolders } from '../../support/temp-folders';

const { folderWith } = useTempFolders('lens-adr-sweep18-');

/** Each record's file name, status, date and what dated it; the folder's supersession edges. */
function read(files: Record<string, string>) {
  const folder = readMarkdownFolder(folderWith(files));
  return {
    records: folder.documents
      .filter((d) => d.adr !== null)
      .map((d) => [d.file.split('/').pop(), d.adr?.status ?? null, d.adr?.decided_at ?? null, d.adr?.dated_by ?? null])
      .sort(),
    edges: folder.supersessions.map((e) => `${e.from_document_id} -> ${e.to_document_id}${e.partial ? ' (partial)' : ''}`).sort(),
  };
}

describe('what dated a record', () => {
  it('says a record dated only by the date it was proposed on was dated by its proposal, and one with a decision date by its decision', () => {
    const { records } = read({
      'docs/adr/0001-use-x.md': '# 1. Use X\n\n* Status: Accepted\n* Proposed: 2021-03-04\n\n## Context\n\nWhy.\n',
      'docs/adr/0002-use-y.md': '---\nstatus: accepted\nproposed-date: 2021-04-05\n---\n# 2. Use Y\n\n## Context\n\nWhy.\n',
      'docs/adr/0003-use-z.md': '# 3. Use Z\n\n- Start Date: 2021-05-06\n\n## Status\n\nAccepted\n\n## Context\n\nWhy.\n',
      // A decision's own date goes first, and says so.
      'docs/adr/0004-use-w.md':
        '# 4. Use W\n\nStatus: Accepted\nDate proposed: 2021-06-07\nDate accepted: 2021-07-08\n\n## Context\n\nWhy.\n',
      'docs/adr/0005-use-v.md': '# 5. Use V\n\nDate: 2021-08-09\n\n## Status\n\nAccepted\n\n## Context\n\nWhy.\n',
      'docs/adr/0006-use-u.md': '# 6. Use U\n\n## Status\n\nAccepted\n\n## Context\n\nWhy.\n',
    });
    expect(records).toEqual([
      ['0001-use-x.md', 'accepted', '2021-03-04', 'proposal'],
      ['0002-use-y.md', 'accepted', '2021-04-05', 'proposal'],
      ['0003-use-z.md', 'accepted', '2021-05-06', 'proposal'],
      ['0004-use-w.md', 'accepted', '2021-07-08', 'decision'],
      ['0005-use-v.md', 'accepted', '2021-08-09', 'decision'],
      ['0006-use-u.md', 'accepted', null, null],
    ]);
  });
});
