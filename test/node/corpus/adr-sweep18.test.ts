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

/** A Korean record whose status section says `status`, its context `context`. */
const ko = (n: number, status: string, context = '이유.') => `# ${n}. 결정 ${n}\n\n## 상태\n\n${status}\n\n## 배경\n\n${context}\n`;
const KO_TARGETS = Object.fromEntries([3, 4, 7, 10, 12].map((n) => [`docs/adr/${String(n).padStart(4, '0')}-x${n}.md`, ko(n, '승인')]));
const edge = (from: string, to: string, partial = '') => `docs--adr--${from} -> docs--adr--${to}${partial}`;

describe('Korean supersession written without a particle', () => {
  it('reads a status that opens with the record and 대체 (부분 대체 in part), 대체: [X], and a field row | 대체됨 | [X] |', () => {
    const { records, edges } = read({
      ...KO_TARGETS,
      'docs/adr/0001-a.md': ko(1, 'ADR-0010 부분 대체'),
      'docs/adr/0002-b.md': ko(2, 'ADR-0007 대체'),
      'docs/adr/0005-c.md': ko(5, '0012번 결정으로 대체됨'),
      'docs/adr/0006-d.md': ko(6, '대체: ADR-0003'),
      'docs/adr/0008-e.md': '# 8. 결정 8\n\n| 항목 | 값 |\n|---|---|\n| 상태 | 승인 |\n| 대체됨 | ADR-0004 |\n\n## 배경\n\n이유.\n',
      'docs/adr/0009-f.md': '# 9. 결정 9\n\n상태: ADR-0007 대체\n\n## 배경\n\n이유.\n',
    });
    expect(edges).toEqual([
      edge('0001-a', '0010-x10', ' (partial)'),
      edge('0002-b', '0007-x7'),
      edge('0005-c', '0012-x12'),
      edge('0006-d', '0003-x3'),
      edge('0008-e', '0004-x4'),
      edge('0009-f', '0007-x7'),
    ]);
    const statuses = Object.fromEntries(records.map(([file, status]) => [file, status]));
    expect([statuses['0001-a.md'], statuses['0002-b.md'], statuses['0005-c.md'], statuses['0006-d.md']]).toEqual([
      'partly_superseded',
      'superseded',
      'superseded',
      'superseded',
    ]);
    // As `| Superseded by | ADR-0004 |` beside `| Status | Accepted |`: the status stays, the edge is drift.
    expect(statuses['0008-e.md']).toBe('accepted');
  });

  it('reads nothing where 대체 replaces what is no record, or follows a status of the record’s own, or stands in the body', () => {
    const { records, edges } = read({
      ...KO_TARGETS,
      // "Accepted (ADR-0007 대체)" may as well say this record replaces ADR-0007: not guessed.
      'docs/adr/0001-a.md': ko(1, '승인 (ADR-0007 대체)'),
      'docs/adr/0002-b.md': ko(2, '승인', 'ADR-0007 대체 방안을 검토했다. 기존 큐 대체: Redis. ADR-0003 대체'),
      'docs/adr/0005-c.md': ko(
        5,
        '승인',
        '캐시는 Redis로 대체됨. 로그 수집기 대체.\n\n| 항목 | 내용 |\n|---|---|\n| 대안 | ADR-0004 대체 |',
      ),
      'docs/adr/0006-d.md': ko(6, '캐시 대체'),
      'docs/adr/0008-e.md': ko(8, 'ADR-0007 참조, 캐시 대체'),
      'docs/adr/0011-g.md': '# 11. 결정 11\n\n- 상태: 승인\n- 대체: 없음\n\n## 배경\n\n대체: Redis 클러스터, ADR-0003 참고.\n',
    });
    expect(edges).toEqual([]);
    expect(records.filter(([, status]) => status !== 'accepted').map(([file, status]) => `${file} ${status}`)).toEqual([
      '0006-d.md unknown',
      '0008-e.md unknown',
    ]);
  });
});

describe('one metadata line writing several fields, and Portuguese Situação', () => {
  it('reads the status after a date on its line (· or a run of spaces between), and Situação: as a status key', () => {
    const { records } = read({
      // German records: the date first, the status after three spaces or a middle dot.
      'docs/adr/0002-zeitlimit.md': '# ADR-0002: Zeitlimit\n\nDatum: 2026-07-01   Status: akzeptiert\n\n## Kontext\n\nText.\n',
      'docs/adr/0003-runden.md':
        '# ADR-0003: Runden\n\nDatum: 2026-07-03 · Status: akzeptiert (präzisiert ADR-0002)\n\n## Kontext\n\nText.\n',
      // French: a space before the colon, a day-first date the language decides.
      'docs/adr/0041-site.md':
        '# 0041 — Un site vérifiable\n\nDate : 05/08/2026 · Statut : accepté · Complète : 0027\n\n## Contexte\n\nTexte.\n',
      'docs/adr/0027-identite.md': '# 0027 — Identité\n\n**Date :** 2026-07-01 · **Statut :** accepté\n\n## Contexte\n\nTexte.\n',
      // Portuguese: Situação, in a list and on its own line.
      'docs/adr/0001-cliente.md':
        '# ADR-001 — Cliente-servidor\n\n- Situação: Aceito — definido pelo usuário\n- Data: 2026-09-21\n\n## Contexto\n\nTexto.\n',
      'docs/adr/0007-ecossistema.md': '# ADR-0007: Ecossistema\n\nSituação: Aceito\n\nData: 13/08/2026\n\n## Contexto\n\nTexto.\n',
      // Still one field: a status with its date after a middle dot, and a date line with words after it.
      'docs/adr/0009-cache.md': '# 9. Cache\n\nStatus: Accepted · **Date:** 2026-10-04\n\n## Context\n\nWhy.\n',
      'docs/adr/0010-queue.md':
        '# 10. Queue\n\nDate: 2026-10-05 · reviewed by the platform team\n\n## Status\n\nProposed\n\n## Context\n\nWhy.\n',
    });
    expect(records).toEqual([
      ['0001-cliente.md', 'accepted', '2026-09-21', 'decision'],
      ['0002-zeitlimit.md', 'accepted', '2026-07-01', 'decision'],
      ['0003-runden.md', 'accepted', '2026-07-03', 'decision'],
      ['0007-ecossistema.md', 'accepted', '2026-08-13', 'decision'],
      ['0009-cache.md', 'accepted', '2026-10-04', 'decision'],
      ['0010-queue.md', 'proposed', '2026-10-05', 'decision'],
      ['0027-identite.md', 'accepted', '2026-07-01', 'decision'],
      ['0041-site.md', 'accepted', '2026-08-05', 'decision'],
    ]);
  });
});

describe('a creation date', () => {
  it('dates no record: Created:, Date created: and front matter created_at: say when the file was opened, not when anything was decided', () => {
    const { records } = read({
      'docs/adr/0004-layers.md':
        '# ADR-004: Validation Layers\n\n**Status:** 🔴 Proposed  \n**Created:** 2026-01-14  \n**Last Updated:** 2026-01-14\n\n## Context\n\nWhy.\n',
      'docs/adr/0005-cache.md': '# ADR-005: Cache\n\n**Status:** Accepted  \n**Created:** 2026-01-10\n\n## Context\n\nWhy.\n',
      'docs/adr/0006-queue.md': '---\nstatus: accepted\ncreated_at: 2026-01-03\n---\n# 6. Queue\n\n## Context\n\nWhy.\n',
      'docs/adr/0007-log.md': '# 7. Log\n\n- Status: Accepted\n- Date created: 2026-01-05\n\n## Context\n\nWhy.\n',
    });
    expect(records.map(([file, , date]) => [file, date])).toEqual([
      ['0004-layers.md', null],
      ['0005-cache.md', null],
      ['0006-queue.md', null],
      ['0007-log.md', null],
    ]);
  });
});
