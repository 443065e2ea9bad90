// ADR sweep 21: a supersession that names the part it replaces, between the verb and "by" ("superseded for the managed
// path by ADR-0020") or as its subject ("Decision 2 of this record is superseded by ADR-0042"), is partial.
// Fixtures are written here in the shapes real folders use, in words of our own.
import { describe, expect, it } from 'vitest';
import { readMarkdownFolder } from '../../../electron/corpus/markdown-folder';
import { useTempFolders } from '../../support/temp-folders';

const { folderWith } = useTempFolders('lens-adr-sweep21-');

/** Each record's file name and status; the folder's edges with their partial flag; the references left unresolved. */
function read(files: Record<string, string>) {
  const folder = readMarkdownFolder(folderWith(files));
  return {
    records: folder.documents
      .filter((d) => d.adr !== null)
      .map((d) => [d.file.split('/').pop(), d.adr?.status])
      .sort(),
    edges: folder.supersessions
      .map(
        (e) =>
          `${e.from_document_id.replace('docs--adr--', '')} -> ${e.to_document_id.replace('docs--adr--', '')}${e.partial ? ' (partial)' : ''}`,
      )
      .sort(),
  };
}

const successor = { 'docs/adr/0020-managed-queue.md': '# 20. Managed queue\n\n## Status\n\nAccepted\n\n## Context\n\nWhy.\n' };
const older = { 'docs/adr/0003-self-hosted-queue.md': '# 3. Self-hosted queue\n\n## Status\n\nAccepted\n\n## Context\n\nWhy.\n' };

describe('a supersession qualified between the verb and "by"', () => {
  it('is partial, in the status and in the body', () => {
    expect(
      read({
        ...successor,
        'docs/adr/0004-a.md': '# 4. A\n\n## Status\n\nDecision 4 is superseded for the managed path by ADR-0020\n\n## Context\n\nWhy.\n',
        'docs/adr/0005-b.md':
          '# 5. B\n\n## Status\n\nAccepted\n\n## Context\n\nWhy.\n\n## Decision\n\nUse the queue.\n\nThis decision is superseded, where the managed queue is available, by [ADR-0020](0020-managed-queue.md).\n',
        'docs/adr/0006-c.md': '# 6. C\n\n## Status\n\nReplaced only in the EU region by ADR-0020\n\n## Context\n\nWhy.\n',
      }),
    ).toEqual({
      records: [
        ['0004-a.md', 'partly_superseded'],
        ['0005-b.md', 'accepted'],
        ['0006-c.md', 'partly_superseded'],
        ['0020-managed-queue.md', 'accepted'],
      ],
      edges: ['0004-a -> 0020-managed-queue (partial)', '0005-b -> 0020-managed-queue (partial)', '0006-c -> 0020-managed-queue (partial)'],
    });
  });

  it('marks nothing where the words say when or how, another record is the subject, or "by" names no record', () => {
    expect(
      read({
        ...successor,
        ...older,
        // When, not which part: superseded whole, as before.
        'docs/adr/0007-d.md': '# 7. D\n\n## Status\n\nSuperseded in March 2026 by ADR-0020\n\n## Context\n\nWhy.\n',
        'docs/adr/0008-e.md': '# 8. E\n\n## Status\n\nSuperseded in practice by ADR-0020\n\n## Context\n\nWhy.\n',
        // Context about another record, an active verb, and "by hand".
        'docs/adr/0009-f.md':
          '# 9. F\n\n## Status\n\nAccepted\n\n## Context\n\nWe superseded the approach described by ADR-0003 last year. ' +
          'ADR-0003 is superseded for the managed path by ADR-0020. The config is replaced in the build by hand, see ADR-0003.\n',
      }),
    ).toEqual({
      records: [
        ['0003-self-hosted-queue.md', 'accepted'],
        ['0007-d.md', 'superseded'],
        ['0008-e.md', 'superseded'],
        ['0009-f.md', 'accepted'],
        ['0020-managed-queue.md', 'accepted'],
      ],
      edges: ['0007-d -> 0020-managed-queue', '0008-e -> 0020-managed-queue'],
    });
  });
});

describe('one decision of an accepted record superseded', () => {
  it('is a partial supersession, the record staying accepted', () => {
    expect(
      read({
        ...successor,
        'docs/adr/0011-g.md':
          '# 11. G\n\n## Status\n\nAccepted. Decision 2 of this record is superseded by ADR-0020.\n\n## Context\n\nWhy.\n',
        'docs/adr/0012-h.md':
          '# 12. H\n\n## Status\n\nAccepted\n\n## Decision\n\n1. Use X.\n2. Use Y.\n3. Use Z.\n\nPoint 3 is replaced by [ADR-20](0020-managed-queue.md).\n',
        'docs/adr/0013-i.md': '# 13. I\n\n## Status\n\nAccepted\n\n## Decision\n\nSection 2.1 has been superseded by ADR-0020.\n',
      }),
    ).toEqual({
      records: [
        ['0011-g.md', 'accepted'],
        ['0012-h.md', 'accepted'],
        ['0013-i.md', 'accepted'],
        ['0020-managed-queue.md', 'accepted'],
      ],
      edges: ['0011-g -> 0020-managed-queue (partial)', '0012-h -> 0020-managed-queue (partial)', '0013-i -> 0020-managed-queue (partial)'],
    });
  });

  it('stays whole where the decision named is the record itself, and names nothing where "by" names no record', () => {
    expect(
      read({
        ...successor,
        ...older,
        'docs/adr/0014-j.md': '# 14. J\n\n## Status\n\nDecision 14 is superseded by ADR-0020\n\n## Context\n\nWhy.\n',
        'docs/adr/0015-k.md': '# 15. K\n\n## Status\n\nAccepted\n\n## Decision\n\nPoint 2 is replaced by hand, see ADR-0003.\n',
      }),
    ).toEqual({
      records: [
        ['0003-self-hosted-queue.md', 'accepted'],
        ['0014-j.md', 'superseded'],
        ['0015-k.md', 'accepted'],
        ['0020-managed-queue.md', 'accepted'],
      ],
      edges: ['0014-j -> 0020-managed-queue'],
    });
  });
});

describe('real folders read this round: Dutch one-line headers, Turkish statuses with a part taken over', () => {
  it('reads a Dutch `Datum: … · Status: vervangen door …` header and a Dutch list', () => {
    expect(
      read({
        'docs/adr/ADR-001-regio.md':
          '# ADR-001 Regio Noord in plaats van West\nDatum: 2026-09-16 · Status: vervangen door ADR-002 (de database bleek in Noord niet beschikbaar)\n## Context\nTekst.\n',
        'docs/adr/ADR-002-regio.md': '# ADR-002 Regio West\nDatum: 2026-09-17 · Status: geaccepteerd\n## Context\nTekst.\n',
        'docs/adr/ADR-003-logboek.md':
          '# ADR-003 Logboek\n\n- Status: Vervangen door [ADR-002](ADR-002-regio.md)\n- Datum: 2026-09-20\n\n## Context\nTekst.\n',
      }),
    ).toEqual({
      records: [
        ['ADR-001-regio.md', 'superseded'],
        ['ADR-002-regio.md', 'accepted'],
        ['ADR-003-logboek.md', 'superseded'],
      ],
      edges: ['ADR-001-regio -> ADR-002-regio', 'ADR-003-logboek -> ADR-002-regio'],
    });
  });

  it('reads a Turkish note that a successor took the place of some parts ("kısımların yerini … aldı") as partial', () => {
    expect(
      read({
        'docs/adr/0003-gorsel.md':
          '# 0003 — Görsel seviye 1\n\nDurum: Kabul — 2026-09-22, öneri sırasıyla. Müzeye özgü kısımların yerini 0005 (derslik) aldı.\n\n## Kararlar\n- Pencereler dış duvarda.\n',
        'docs/adr/0004-ses.md': '# 0004 — Ses\n\nDurum: Kabul edildi, yerini 0005 aldı.\n\n## Bağlam\n\nMetin.\n',
        'docs/adr/0005-derslik.md':
          '# 0005 — Derslik\n\n- Durum: Kabul edildi; Aşama 2 içinde uygulandı\n- Tarih: 2026-08-15\n\n## Bağlam\n\nMetin.\n',
      }),
    ).toEqual({
      records: [
        ['0003-gorsel.md', 'accepted'],
        ['0004-ses.md', 'superseded'],
        ['0005-derslik.md', 'accepted'],
      ],
      edges: ['0003-gorsel -> 0005-derslik (partial)', '0004-ses -> 0005-derslik'],
    });
  });
});
