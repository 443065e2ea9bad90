// ADR sweep 19: partial relations as German, French and English records write them (refined, completed,
// amended), a negated verb, and real folders' conventions read this round. Fixtures are written here in
// the shapes real folders use, in words of our own.
import { describe, expect, it } from 'vitest';
import { readMarkdownFolder } from '../../../electron/corpus/markdown-folder';
import { useTempFolders } from '../../support/temp-folders';

const { folderWith } = useTempFolders('lens-adr-sweep19-');

/** Each record's file name, status and date; the folder's supersession edges (older -> newer). */
function read(files: Record<string, string>) {
  const folder = readMarkdownFolder(folderWith(files));
  return {
    records: folder.documents
      .filter((d) => d.adr !== null)
      .map((d) => [d.file.split('/').pop(), d.adr?.status ?? null, d.adr?.decided_at ?? null])
      .sort(),
    edges: folder.supersessions.map((e) => `${e.from_document_id} -> ${e.to_document_id}${e.partial ? ' (partial)' : ''}`).sort(),
  };
}

const edge = (from: string, to: string, partial = ' (partial)') => `docs--adr--${from} -> docs--adr--${to}${partial}`;
/** Accepted records numbered `numbers`, as `docs/adr/000N-dN.md`, in a language's status heading. */
function targets(numbers: number[], heading = 'Status', status = 'Accepted') {
  return Object.fromEntries(
    numbers.map((n) => [
      `docs/adr/${String(n).padStart(4, '0')}-d${n}.md`,
      `# ${n}. Decision ${n}\n\n## ${heading}\n\n${status}\n\n## Context\n\nWhy.\n`,
    ]),
  );
}

describe('German präzisiert and French complète / complété par / précise', () => {
  it('reads them as partial links, both ways, in a status section and on a metadata line of several fields', () => {
    const { records, edges } = read({
      ...targets([3, 4, 5, 6, 7], 'Status', 'Akzeptiert'),
      // Refined by a newer record: this one stays accepted, linked in part.
      'docs/adr/0001-a.md':
        '# 1. Zeitlimit\n\nDatum: 2026-07-03\n\n## Status\n\nAkzeptiert, präzisiert durch ADR-0003\n\n## Kontext\n\nText.\n',
      // Refines an older record.
      'docs/adr/0010-b.md': '# 10. Runden\n\n## Status\n\nAkzeptiert\n\nPräzisiert ADR-0004.\n\n## Kontext\n\nText.\n',
      'docs/adr/0011-c.md': '# 11. Site\n\nDate : 2026-07-01 · Statut : accepté · Complète : 0005\n\n## Contexte\n\nTexte.\n',
      'docs/adr/0002-d.md': '# 2. Identité\n\n## Statut\n\nAccepté, complété par ADR-0006\n\n## Contexte\n\nTexte.\n',
      'docs/adr/0012-e.md': '# 12. Délais\n\n## Statut\n\nAccepté\n\nPrécise ADR-0007.\n\n## Contexte\n\nTexte.\n',
    });
    expect(edges).toEqual([
      edge('0001-a', '0003-d3'),
      edge('0002-d', '0006-d6'),
      edge('0004-d4', '0010-b'),
      edge('0005-d5', '0011-c'),
      edge('0007-d7', '0012-e'),
    ]);
    // A record refined or completed in part keeps its decision: nothing here is superseded.
    expect(records.filter(([, status]) => status !== 'accepted')).toEqual([]);
  });

  it('reads nothing where the verb states rather than refines, or names no record, or another record is its subject', () => {
    const { edges } = read({
      ...targets([3, 4, 5, 6], 'Status', 'Akzeptiert'),
      'docs/adr/0010-a.md': '# 10. X\n\n## Statut\n\nAccepté\n\n## Contexte\n\nCette décision précise que ADR-0003 reste en vigueur.\n',
      'docs/adr/0011-b.md': '# 11. X\n\n## Status\n\nAkzeptiert\n\n## Kontext\n\nDieses ADR präzisiert, warum ADR-0004 weiter gilt.\n',
      'docs/adr/0012-c.md':
        '# 12. X\n\n## Status\n\nAkzeptiert\n\n## Kontext\n\nDas Team präzisiert die Regel. Le texte précise la règle et complète la liste.\n',
      'docs/adr/0013-d.md':
        '# 13. X\n\n## Statut\n\nAccepté\n\n## Contexte\n\nLe cache est complété par Redis, comme ADR-0005 le décrit.\n',
      'docs/adr/0014-e.md': '# 14. X\n\n## Status\n\nAkzeptiert\n\n## Kontext\n\nDie Richtlinie wird durch ADR-0006 präzisiert.\n',
    });
    expect(edges).toEqual([]);
  });
});

describe('English amended by / amends, and a verb that is negated', () => {
  it('links in part the records an amendment names, and none that a negated verb or a clause of its own names', () => {
    const { records, edges } = read({
      ...targets([2, 3, 4, 5, 6, 18, 20, 22, 27]),
      'docs/adr/0010-a.md':
        '# 10. Arrangement\n\n**Status:** Accepted, amended by [0018](0018-d18.md) and [0020](0020-d20.md) · **Date:** 2026-10-04\n\n## Context\n\nWhy.\n',
      'docs/adr/0011-b.md':
        '# 11. Secrets\n\nDate: 2021-05-25\n\n## Status\n\nProposed\n\nAmends [2. Decision 2](0002-d2.md)\n\n## Context\n\nWhy.\n',
      // "complements — does not replace —" keeps ADR-0003 and ADR-0027 whole.
      'docs/adr/0030-c.md':
        '# ADR-0030: Checker\n\n**Status:** Accepted (amends [ADR-0022](0022-d22.md)’s model choice; complements — does not replace — the judge of [ADR-0003](0003-d3.md)/[ADR-0027](0027-d27.md))\n\n## Context\n\nWhy.\n',
      'docs/adr/0031-d.md': '# 31. X\n\n## Status\n\nAccepted (amends ADR-0004; complements ADR-0005)\n\n## Context\n\nWhy.\n',
      'docs/adr/0032-e.md':
        '# 32. X\n\n## Status\n\nAccepted\n\n## Context\n\nThis ADR does not supersede ADR-0006. It doesn’t replace ADR-0003 either.\n',
    });
    expect(edges).toEqual([
      edge('0002-d2', '0011-b'),
      edge('0004-d4', '0031-d'),
      edge('0010-a', '0018-d18'),
      edge('0010-a', '0020-d20'),
      edge('0022-d22', '0030-c'),
    ]);
    expect(records.find(([file]) => file === '0010-a.md')).toEqual(['0010-a.md', 'accepted', '2026-10-04']);
    expect(records.find(([file]) => file === '0011-b.md')).toEqual(['0011-b.md', 'proposed', '2021-05-25']);
  });
});

describe('a status written as a mark alone', () => {
  it('reads the mark through the legend of its own file (an arc42 chapter) or of its folder’s README, and no further', () => {
    const { records } = read({
      // An arc42 §9 chapter holding its decisions, its legend on a line of the preamble.
      'docs/arc42/09-decisions.md':
        '# 09 — Architecture Decisions\n\n> Status legend: ✅ decided & implemented · 🔶 decided, partly implemented · 🔮 candidate\n\n' +
        '## ADR-001 · One service\n\n- **Status:** ✅\n- **Context:** Builds were slow.\n\n' +
        '## ADR-002 · A CRDT\n\n- **Status:** 🔶 (engine live; editor in flight)\n- **Context:** Locks block people.\n\n' +
        '## ADR-003 · Plugins\n\n- **Status:** 🔮\n- **Context:** Some ask for them.\n',
      // A folder whose README's legend table says what each mark means: ❌ is deprecated here.
      'docs/adrs/README.md':
        '# ADRs\n\n## Status Legend\n\n| Emoji | Status | Meaning |\n|---|---|---|\n| 🟡 | Proposed | Under discussion |\n' +
        '| ✅ | Accepted | In effect |\n| ❌ | Deprecated | No longer applies |\n',
      'docs/adrs/adr-0001.md': '# ADR-0001: A\n\n## Status\n\n❌\n\n## Context\n\nWhy.\n',
      'docs/adrs/adr-0002.md':
        '# ADR-0002: B\n\n| Field | Value |\n|---|---|\n| Status | ✅ |\n| Date | 2026-02-10 |\n\n## Context\n\nWhy.\n',
      'docs/adrs/adr-0003.md': '# ADR-0003: C\n\n## Status\n\n🟡\n\n## Context\n\nWhy.\n',
      // A mark the legend does not name, and a folder with no legend: not guessed.
      'docs/adrs/adr-0004.md': '# ADR-0004: D\n\n## Status\n\n🧪\n\n## Context\n\nWhy.\n',
      'docs/other/adr-0001.md': '# ADR-0001: X\n\n## Status\n\n❌\n\n## Context\n\nWhy.\n',
    });
    expect(records.map(([file, status]) => `${file} ${status}`)).toEqual([
      '09-decisions.md accepted',
      '09-decisions.md accepted',
      '09-decisions.md proposed',
      'adr-0001.md deprecated',
      'adr-0001.md unknown',
      'adr-0002.md accepted',
      'adr-0003.md proposed',
      'adr-0004.md unknown',
    ]);
  });
});

describe('Italian records as real folders write them', () => {
  it('reads a status dated with "il" and a date and a status on one line after a full stop', () => {
    const { records } = read({
      'docs/adr/0004-provider.md':
        '# 0004 — Provider\n\nStato: accettata il 17 settembre 2026 da Emanuele. Da verificare.\n\n## Contesto\n\nTesto.\n',
      'docs/adr/0005-conferma.md': '# ADR 0005 — Conferma\n\nData: 2026-10-10. Stato: accettata dal fondatore.\n\n## Decisione\n\nTesto.\n',
      'docs/adr/0031-audit.md':
        '# ADR 0031 — Audit\n\nData: 2026-06-11. Stato: accettato, applicato (mig 0406).\n\n## Contesto\n\nTesto.\n',
      // Already read: a list with "Sostituisce: nessuna" (supersedes: none), and a status with remarks after a comma.
      'docs/adr/0003-motore.md':
        '# 0003 — Motore\n\n- Stato: accettata\n- Data: 2026-09-12\n- Sostituisce: nessuna\n\n## Contesto\n\nTesto.\n',
      'docs/adr/0041-rimozione.md':
        '# ADR 0041 — Rimozione\n\nData: 2026-07-17\nStato: accettata, applicata (mig 0609)\n\n## Contesto\n\nTesto.\n',
    });
    expect(records).toEqual([
      ['0003-motore.md', 'accepted', '2026-09-12'],
      ['0004-provider.md', 'accepted', '2026-09-17'],
      ['0005-conferma.md', 'accepted', '2026-10-10'],
      ['0031-audit.md', 'accepted', '2026-06-11'],
      ['0041-rimozione.md', 'accepted', '2026-07-17'],
    ]);
  });

  it('still reads one field where the full stop ends a sentence that opens no field', () => {
    const { records } = read({
      'docs/adr/0001-a.md': '# 1. A\n\nDate: 2026-10-05. Reviewed by the platform team.\n\n## Status\n\nProposed\n\n## Context\n\nWhy.\n',
    });
    expect(records).toEqual([['0001-a.md', 'proposed', '2026-10-05']]);
  });
});
