// ADR sweep 20: the dates a status carries beside its words (a mark's own date beside a later confirmation, a remark
// saying when the decision was taken), successors outside the folder, and real folders' conventions read this round.
// Fixtures are written here in the shapes real folders use, in words of our own.
import { describe, expect, it } from 'vitest';
import { readMarkdownFolder } from '../../../electron/corpus/markdown-folder';
import { useTempFolders } from '../../support/temp-folders';

const { folderWith } = useTempFolders('lens-adr-sweep20-');

/** Each record's file name, status and date. */
function records(files: Record<string, string>) {
  return readMarkdownFolder(folderWith(files))
    .documents.filter((d) => d.adr !== null)
    .map((d) => [d.file.split('/').pop(), d.adr?.status ?? null, d.adr?.decided_at ?? null])
    .sort();
}

describe('a mark with its own date and a later confirmation', () => {
  it('is dated by the date written with the mark, not by the confirmation after it', () => {
    expect(
      records({
        'docs/adrs/README.md': '# ADRs\n\n| Emoji | Status |\n|---|---|\n| ✅ | Accepted |\n| 🔶 | Accepted |\n',
        'docs/adrs/adr-0001.md': '# ADR-0001: A\n\n## Status\n\n✅ (2026-08-19, confirmed 2026-08-21)\n\n## Context\n\nWhy.\n',
        'docs/adrs/adr-0002.md': '# ADR-0002: B\n\nStatus: ✅ (2026-08-19, confirmed 2026-08-21)\n\n## Context\n\nWhy.\n',
        'docs/adrs/adr-0003.md': '# ADR-0003: C\n\n**Status:** ✅ Accepted (2026-08-19, confirmed 2026-08-21)\n\n## Context\n\nWhy.\n',
        // A mark the legend alone gives a status, with its date and a remark.
        'docs/adrs/adr-0004.md': '# ADR-0004: D\n\n- **Status:** 🔶 (2026-09-02, closed by the audit)\n\n## Context\n\nWhy.\n',
        // An arc42 chapter of decisions, its legend on a line.
        'docs/arc42/09-decisions.md':
          '# 09 — Decisions\n\n> Status legend: ✅ decided & implemented · 🔶 decided, partly implemented\n\n' +
          '## ADR-001 · One service\n\n- **Status:** ✅ (2026-08-19, confirmed 2026-08-21)\n- **Context:** Builds were slow.\n\n' +
          '## ADR-002 · A CRDT\n\n- **Status:** 🔶 (2026-08-25)\n- **Context:** Locks block people.\n',
      }),
    ).toEqual([
      ['09-decisions.md', 'accepted', '2026-08-19'],
      ['09-decisions.md', 'accepted', '2026-08-25'],
      ['adr-0001.md', 'accepted', '2026-08-19'],
      ['adr-0002.md', 'accepted', '2026-08-19'],
      ['adr-0003.md', 'accepted', '2026-08-19'],
      ['adr-0004.md', 'accepted', '2026-09-02'],
    ]);
  });
});

describe('a date in a remark after the status', () => {
  it('dates the record when a verb of deciding is dated by it, in the status line or the status section', () => {
    expect(
      records({
        'docs/adr/0001-a.md': '# 1. A\n\n## Status\n\nAccepted. Agreed at the architecture board on 4 March 2026.\n\n## Context\n\nWhy.\n',
        'docs/adr/0002-b.md': '# 2. B\n\nStatus: Accepted, approved by the CAB on 2026-03-10\n\n## Context\n\nWhy.\n',
        'docs/adr/0003-c.md': '# 3. C\n\n## Status\n\nRejected\n\nDecided 12 February 2026 in the platform guild.\n\n## Context\n\nWhy.\n',
        'docs/adr/0004-d.md': '# 4. D\n\n## Status\n\nAccepted — signed off on March 5, 2026 by the leads\n\n## Context\n\nWhy.\n',
      }),
    ).toEqual([
      ['0001-a.md', 'accepted', '2026-03-04'],
      ['0002-b.md', 'accepted', '2026-03-10'],
      ['0003-c.md', 'rejected', '2026-02-12'],
      ['0004-d.md', 'accepted', '2026-03-05'],
    ]);
  });

  it('leaves the record undated by a date no decision is dated by: a plan, a review, an end, another section, a live status', () => {
    expect(
      records({
        'docs/adr/0001-a.md': '# 1. A\n\n## Status\n\nAccepted. The contract ends on 4 March 2027.\n\n## Context\n\nWhy.\n',
        'docs/adr/0002-b.md': '# 2. B\n\n## Status\n\nAccepted. Agreed to revisit on 4 March 2027.\n\n## Context\n\nWhy.\n',
        'docs/adr/0003-c.md': '# 3. C\n\nStatus: Approved, to be reviewed on 2027-06-01\n\n## Context\n\nWhy.\n',
        'docs/adr/0004-d.md': '# 4. D\n\n## Status\n\nAccepted. Agreed at the board; next review on 1 June 2027.\n\n## Context\n\nWhy.\n',
        'docs/adr/0005-e.md': '# 5. E\n\n## Status\n\nAccepted\n\n## Context\n\nThe vendor agreed on 4 March 2026 to extend support.\n',
        'docs/adr/0006-f.md': '# 6. F\n\n## Status\n\nProposed. Agreed in principle on 4 March 2026.\n\n## Context\n\nWhy.\n',
      }),
    ).toEqual([
      ['0001-a.md', 'accepted', null],
      ['0002-b.md', 'accepted', null],
      ['0003-c.md', 'accepted', null],
      ['0004-d.md', 'accepted', null],
      ['0005-e.md', 'accepted', null],
      ['0006-f.md', 'proposed', null],
    ]);
  });
});

describe('successors outside the folder', () => {
  /** Each record's file name, status, outside successor and whether it replaces a part; the folder's edges and unresolved targets. */
  function outside(files: Record<string, string>) {
    const folder = readMarkdownFolder(folderWith(files));
    return {
      records: folder.documents
        .filter((d) => d.adr !== null)
        .map((d) => [d.file.split('/').pop(), d.adr?.status, d.adr?.successor_outside ?? null, d.adr?.successor_outside_partial ?? false])
        .sort(),
      edges: folder.supersessions.map((e) => `${e.from_document_id} -> ${e.to_document_id}${e.partial ? ' (partial)' : ''}`),
      unresolved: folder.adrs.unresolved_references.map((r) => r.target),
    };
  }
  const platform = 'https://github.com/acme/platform/blob/main/docs/adr';

  it('records a partial or whole successor in another repository or on the web as one outside, the record kept or superseded', () => {
    expect(
      outside({
        'docs/adr/0001-a.md': `# 1. A\n\n## Status\n\nAccepted, partly superseded by [platform ADR-4](${platform}/0004-x.md)\n\n## Context\n\nWhy.\n`,
        'docs/adr/0002-b.md': `# 2. B\n\n## Status\n\nAccepted, amended by ${platform}/0007-y.md\n\n## Context\n\nWhy.\n`,
        'docs/adr/0003-c.md': `# 3. C\n\n## Status\n\nSuperseded by [platform ADR-9](${platform}/0009-z.md)\n\n## Context\n\nWhy.\n`,
        'docs/adr/0004-d.md': '# 4. D\n\n## Status\n\nAccepted, partly superseded by PR #88\n\n## Context\n\nWhy.\n',
        // Already read: a whole successor that is a pull request.
        'docs/adr/0005-e.md': '# 5. E\n\n## Status\n\nSuperseded by https://github.com/acme/handbook/pull/12\n\n## Context\n\nWhy.\n',
      }),
    ).toEqual({
      records: [
        ['0001-a.md', 'accepted', `${platform}/0004-x.md`, true],
        ['0002-b.md', 'accepted', `${platform}/0007-y.md`, true],
        ['0003-c.md', 'superseded', `${platform}/0009-z.md`, false],
        ['0004-d.md', 'accepted', 'PR #88', true],
        ['0005-e.md', 'superseded', 'https://github.com/acme/handbook/pull/12', false],
      ],
      edges: [],
      unresolved: [],
    });
  });

  it('draws the edge, and names nothing outside, when the web address is a record of the folder', () => {
    expect(
      outside({
        'docs/adr/0001-a.md':
          '# 1. A\n\n## Status\n\nAccepted, partly superseded by [ADR 2](https://github.com/acme/app/blob/main/docs/adr/0002-b.md)\n\n## Context\n\nWhy.\n',
        'docs/adr/0002-b.md': '# 2. B\n\n## Status\n\nAccepted\n\n## Context\n\nWhy.\n',
        // A record that names no successor: a relative link that is not there stays a reference to fix.
        'docs/adr/0003-c.md': '# 3. C\n\n## Status\n\nSuperseded by [ADR 9](0009-z.md)\n\n## Context\n\nWhy.\n',
      }),
    ).toEqual({
      records: [
        ['0001-a.md', 'accepted', null, false],
        ['0002-b.md', 'accepted', null, false],
        ['0003-c.md', 'superseded', null, false],
      ],
      edges: ['docs--adr--0001-a -> docs--adr--0002-b (partial)'],
      unresolved: ['0009-z.md'],
    });
  });
});

describe('real folders read this round: status headings with their date, Polish, Russian, TOML front matter', () => {
  it('reads `## Date: …` beside `## Status: Accepted` as the record’s date', () => {
    expect(
      records({
        'docs/adr/ADR-013-schemas.md':
          '# ADR-013: Schemas\n\n## Status: Superseded by [ADR-016](ADR-016-remove-schemas.md)\n## Date: 2026-05-02\n\n## Context\n\nWhy.\n',
        'docs/adr/ADR-016-remove-schemas.md':
          '# ADR-016: Remove unused schemas (Supersedes ADR-013)\n\n## Status: Accepted\n## Date: 2026-07-02\n\n## Context\n\nWhy.\n',
        // A heading named Date over its date, and one that holds no date, as before.
        'docs/adr/ADR-017-x.md': '# ADR-017: X\n\n## Status: Accepted\n\n## Date\n\n2026-07-09\n\n## Context\n\nWhy.\n',
        'docs/adr/ADR-018-y.md': '# ADR-018: Y\n\n## Status: Accepted\n## Date: to be set\n\n## Context\n\nWhy.\n',
      }),
    ).toEqual([
      ['ADR-013-schemas.md', 'superseded', '2026-05-02'],
      ['ADR-016-remove-schemas.md', 'accepted', '2026-07-02'],
      ['ADR-017-x.md', 'accepted', '2026-07-09'],
      ['ADR-018-y.md', 'accepted', null],
    ]);
  });

  it('reads Polish statuses in the impersonal past and a date labelled after the status', () => {
    const folder = readMarkdownFolder(
      folderWith({
        'docs/adr/0001-a.md': '# ADR 0001: A\n\n## Status\n\nZaakceptowano.\n\n## Kontekst\n\nTekst.\n',
        'docs/adr/0002-b.md': '# ADR 0002: B\n\n## Status\n\nOdrzucono.\n\n## Kontekst\n\nTekst.\n',
        'docs/adr/0003-c.md': '# ADR 0003: C\n\n## Status\n\nZastąpiono przez ADR 0001\n\n## Kontekst\n\nTekst.\n',
        'docs/adr/0004-d.md': '# ADR 0004: D\n\n## Status\n\nWycofano.\n\n## Kontekst\n\nTekst.\n',
        'docs/adr/0005-e.md':
          '# ADR 0005: E\n\n## Status\n\nZaakceptowane. Data: 2026-07-01. Wdrożenie po spełnieniu warunków.\n\n## Kontekst\n\nTekst.\n',
      }),
    );
    expect(folder.documents.map((d) => [d.adr?.adr_id, d.adr?.status, d.adr?.decided_at])).toEqual([
      ['ADR-0001', 'accepted', null],
      ['ADR-0002', 'rejected', null],
      ['ADR-0003', 'superseded', null],
      ['ADR-0004', 'deprecated', null],
      ['ADR-0005', 'accepted', '2026-07-01'],
    ]);
    expect(folder.supersessions.map((e) => `${e.from_document_id} -> ${e.to_document_id}`)).toEqual([
      'docs--adr--0003-c -> docs--adr--0001-a',
    ]);
  });
});
