// ADR sweep 17: a proposal's date dates a record no decision date does (Ember's `start-date:` too); a table's
// "Supersedes | Unresolved portions of …" row replaces those records in part. Fixtures are written here in the
// shapes real folders use.
import { describe, expect, it } from 'vitest';
import { readMarkdownFolder } from '../../../electron/corpus/markdown-folder';
import { useTempFolders } from '../../support/temp-folders';

const { folderWith } = useTempFolders('lens-adr-sweep17-');

/** Each record's file name, status and how it was read, with its date; the folder's supersession edges. */
function read(files: Record<string, string>, extensions?: string[]) {
  const folder = readMarkdownFolder(folderWith(files), extensions ? { extensions } : {});
  return {
    records: folder.documents
      .filter((d) => d.adr !== null)
      .map((d) => [d.file.split('/').pop(), d.adr?.status ?? null, d.adr?.status_source ?? null, d.adr?.decided_at ?? null])
      .sort(),
    edges: folder.supersessions.map((e) => `${e.from_document_id} -> ${e.to_document_id}${e.partial ? ' (partial)' : ''}`).sort(),
  };
}

describe('the date a record was proposed on', () => {
  it('dates a record that no date of its decision does: a Proposed: line, proposed-date:, a Date proposed row, Ember’s start-date:', () => {
    const { records } = read({
      'docs/adr/0001-use-x.md': '# 1. Use X\n\n* Status: Proposed\n* Proposed: 2021-03-04\n\n## Context\n\nWhy.\n',
      'docs/adr/0002-use-y.md': '---\nstatus: accepted\nproposed-date: 2021-04-05\n---\n# 2. Use Y\n\n## Context\n\nWhy.\n',
      'docs/adr/0003-use-z.md':
        '# 3. Use Z\n\n| Field | Value |\n|---|---|\n| Status | Accepted |\n| Date proposed | 2021-05-06 |\n\n## Context\n\nWhy.\n',
      // A decision's own date goes first.
      'docs/adr/0004-use-w.md':
        '# 4. Use W\n\nStatus: Accepted\nDate proposed: 2021-06-07\nDate accepted: 2021-07-08\n\n## Context\n\nWhy.\n',
      'docs/adr/0005-use-v.md': '# 5. Use V\n\n## Metadata\n\n- Status: Proposed\n- Proposed on: 2021-08-09\n\n## Context\n\nWhy.\n',
      // `Proposed: <date>` alone under the title is its status with that date.
      'docs/adr/0006-use-u.md': '# 6. Use U\n\nProposed: 2021-09-10\n\n## Context\n\nWhy.\n',
      // emberjs/rfcs: the stage is the status and start-date (a YAML timestamp) the date it was proposed on.
      'rfcs/text/0790-deprecate-x.md':
        '---\nstage: discontinued\nstart-date: 2022-01-21T00:00:00.000Z\nrelease-date:\nteams:\n  - data\n---\n\n# Deprecate X\n\n## Summary\n\nWhy.\n',
    });
    expect(records).toEqual([
      ['0001-use-x.md', 'proposed', 'madr', '2021-03-04'],
      ['0002-use-y.md', 'accepted', 'front_matter', '2021-04-05'],
      ['0003-use-z.md', 'accepted', 'madr', '2021-05-06'],
      ['0004-use-w.md', 'accepted', 'madr', '2021-07-08'],
      ['0005-use-v.md', 'proposed', 'madr', '2021-08-09'],
      ['0006-use-u.md', 'proposed', 'under_title', '2021-09-10'],
      ['0790-deprecate-x.md', 'deprecated', 'front_matter', '2022-01-21'],
    ]);
  });
});

describe('a Supersedes row naming portions of records', () => {
  it('replaces each record it names in part', () => {
    const old = (n: string, title: string) =>
      `# ADR-${n} — ${title}\n\n| Field | Value |\n| --- | --- |\n| Date | 2026-05-01 |\n| Status | Accepted |\n\n## Context\n\nWhy.\n`;
    const { edges } = read({
      'docs/adr/ADR-022-old-rail.md': old('022', 'Old rail'),
      'docs/adr/ADR-023-old-source.md': old('023', 'Old source'),
      'docs/adr/ADR-039-rail.md':
        '# ADR-039 — Rail ownership\n\n| Field | Value |\n| --- | --- |\n| Platform | IPC-100 |\n| Date | 2026-07-29 |\n| Status | Accepted |\n| Supersedes | Unresolved portions of ADR-022 and ADR-023 |\n\n## Context\n\nWhy.\n',
    });
    expect(edges).toEqual([
      'docs--adr--ADR-022-old-rail -> docs--adr--ADR-039-rail (partial)',
      'docs--adr--ADR-023-old-source -> docs--adr--ADR-039-rail (partial)',
    ]);
  });
});
