// ADR sweep 17: notes and admonitions in a record's sections are asides, not the record's own words; a proposal's
// date dates a record no decision date does (Ember's `start-date:` too); a table's "Supersedes | Unresolved portions
// of …" row replaces those records in part. Fixtures are written here in the shapes real folders use.
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

const DECISION = '\n## Decision\n\nWhat.\n';
const SEVEN = { 'docs/adr/0007-use-y.md': '# 7. Use Y\n\nStatus: Accepted\n\n## Context\n\nWhy.\n' };

describe('a note or admonition in a section of the record', () => {
  it('neither supersedes nor sets a status, in each shape teams write one', () => {
    const { records, edges } = read(
      {
        // A GitHub callout about another record, beside a status stated in its own section.
        'docs/adr/0002-use-b.md':
          '# 2. Use B\n\n## Status\n\nAccepted\n\n## Context\n\n> [!NOTE]\n> ADR-0001 was superseded by ADR-0007; this record keeps the queue.\n> Superseded by ADR-0007 only where the queue is named.\n\nWhy.\n' +
          DECISION,
        // A Docusaurus admonition in Context, the record stating no status.
        'docs/adr/0003-use-c.md':
          '# 3. Use C\n\n## Context\n\n:::note\nSuperseded by ADR-0007 in the other team.\n:::\n\nWhy.\n' + DECISION,
        // A note written as a bold label in a blockquote.
        'docs/adr/0004-use-d.md':
          '# 4. Use D\n\n## Context\n\n> **Note**\n> This ADR has been superseded by ADR-0007 in the billing service.\n\nWhy.\n' + DECISION,
        // AsciiDoc: an admonition paragraph and an admonition block.
        'docs/adr/0005-use-e.adoc':
          '= 5. Use E\n\n== Context\n\nNOTE: Superseded by ADR-0007 in the sister project; here it holds.\n\n[WARNING]\n====\nThis ADR has been superseded by ADR-0007.\n====\n\nWhy.\n\n== Decision\n\nWhat.\n',
        // A GitHub callout in Context saying a record is retired.
        'docs/adr/0006-use-f.md':
          '# 6. Use F\n\n## Context\n\n> [!CAUTION]\n> This ADR is deprecated in the mobile app.\n\nWhy.\n' + DECISION,
        // An MkDocs admonition with its indented text.
        'docs/adr/0008-use-g.md':
          '# 8. Use G\n\n## Context\n\n!!! note "Superseded by ADR-0007"\n    In the mobile app only.\n\nWhy.\n' + DECISION,
        ...SEVEN,
      },
      ['md', 'adoc'],
    );
    expect(records).toEqual([
      ['0002-use-b.md', 'accepted', 'nygard', null],
      ['0003-use-c.md', 'unknown', 'none', null],
      ['0004-use-d.md', 'unknown', 'none', null],
      ['0005-use-e.adoc', 'unknown', 'none', null],
      ['0006-use-f.md', 'unknown', 'none', null],
      ['0007-use-y.md', 'accepted', 'madr', null],
      ['0008-use-g.md', 'unknown', 'none', null],
    ]);
    expect(edges).toEqual([]);
  });

  it('still reads the record’s own words after the note closes, a banner over the text, and one in the status section', () => {
    const { records, edges } = read({
      'docs/adr/0002-use-b.md':
        '# 2. Use B\n\n## Context\n\n:::tip\nKeep it short.\n:::\n\nThis decision supersedes ADR-0001.\n' + DECISION,
      'docs/adr/0001-use-a.md': '# 1. Use A\n\n:::warning Superseded\nSuperseded by ADR-0007.\n:::\n\n## Context\n\nWhy.\n' + DECISION,
      'docs/adr/0003-use-c.md':
        '# 3. Use C\n\n## Status\n\nAccepted\n\n> [!WARNING]\n> Superseded by ADR-0007\n\n## Context\n\n!!! note\n    Indented note.\n\nThis decision supersedes ADR-0004.\n' +
        DECISION,
      'docs/adr/0004-use-d.md': '# 4. Use D\n\nStatus: Accepted\n\n## Context\n\nWhy.\n',
      // In markdown, a line opening with `NOTE:` is a sentence of the record, not an AsciiDoc admonition.
      'docs/adr/0005-use-e.md': '# 5. Use E\n\nStatus: Accepted\n\n## Context\n\nNOTE: This decision supersedes ADR-0006.\n',
      'docs/adr/0006-use-f.md': '# 6. Use F\n\nStatus: Superseded\n\n## Context\n\nWhy.\n',
      ...SEVEN,
    });
    expect(records.map((r) => r.slice(0, 3))).toEqual([
      ['0001-use-a.md', 'superseded', 'statement'],
      ['0002-use-b.md', 'unknown', 'none'],
      ['0003-use-c.md', 'superseded', 'nygard'],
      ['0004-use-d.md', 'accepted', 'madr'],
      ['0005-use-e.md', 'accepted', 'madr'],
      ['0006-use-f.md', 'superseded', 'madr'],
      ['0007-use-y.md', 'accepted', 'madr'],
    ]);
    expect(edges).toEqual([
      'docs--adr--0001-use-a -> docs--adr--0002-use-b',
      'docs--adr--0001-use-a -> docs--adr--0007-use-y',
      'docs--adr--0003-use-c -> docs--adr--0007-use-y',
      'docs--adr--0004-use-d -> docs--adr--0003-use-c',
      'docs--adr--0006-use-f -> docs--adr--0005-use-e',
    ]);
  });
});

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
