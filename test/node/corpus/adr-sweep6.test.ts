// ADR sweep 6: lines real teams wrote (Russian, Ukrainian, Polish, Turkish, Indonesian and Czech
// records; statuses that go on after the first word; series ids per domain), each read as
// `lens demo load --docs` reads its folder.
import { describe, expect, it } from 'vitest';
import { decisionDate } from '../../../electron/corpus/adr-date';
import { normaliseAdrStatus } from '../../../electron/corpus/adr-status';
import { readMarkdownFolder, type MarkdownFolder } from '../../../electron/corpus/markdown-folder';
import { useTempFolders } from '../../support/temp-folders';

const { folderWith } = useTempFolders('lens-adr-sweep6-');

/** `file → { id, title, status, date }` for every record of a folder of the given files. */
function read(files: Record<string, string>): { folder: MarkdownFolder; byFile: Record<string, Record<string, unknown>> } {
  const folder = readMarkdownFolder(folderWith(files));
  const byFile = Object.fromEntries(
    folder.documents
      .filter((d) => d.adr)
      .map((d) => [d.file, { id: d.adr?.adr_id, title: d.title, status: d.adr?.status, date: d.adr?.decided_at }]),
  );
  return { folder, byFile };
}

/** `older → newer (partial)` by file name. */
function edges(folder: MarkdownFolder): string[] {
  const file = new Map(folder.documents.map((d) => [d.document_id, d.file.split('/').pop()]));
  return folder.supersessions.map(
    (e) => `${file.get(e.from_document_id)} -> ${file.get(e.to_document_id)}${e.partial ? ' (partial)' : ''}`,
  );
}

describe('a status that goes on after its first word', () => {
  it('is superseded when a later clause says so and names the successor (RC-1), and keeps its status otherwise', () => {
    expect(normaliseAdrStatus('Accepted; superseded by ADR-0016')).toBe('superseded');
    expect(normaliseAdrStatus('Accepted, replaced by [5](0005-x.md)')).toBe('superseded');
    expect(normaliseAdrStatus('Accepted — superseded by ADR-9')).toBe('superseded');
    expect(normaliseAdrStatus('Accepted, amended by [0018](0018-x.md)')).toBe('accepted');
    expect(normaliseAdrStatus('Proposed, replaces the old approach')).toBe('proposed');
    expect(normaliseAdrStatus('Accepted, teilweise abgelöst durch [ADR 003](003-x.md)')).toBe('accepted');
    expect(normaliseAdrStatus('Accepted; superseded on 2020-01-01 by ADR-7')).toBe('accepted');
  });

  it('is partly superseded when it says the rest of the record still holds (RC-2)', () => {
    expect(normaliseAdrStatus('Superseded by ADR-0003 for repository topology; core-surface intent remains accepted.')).toBe(
      'partly_superseded',
    );
    expect(normaliseAdrStatus('Superseded by ADR-0003; the rest is still in force')).toBe('partly_superseded');
    expect(normaliseAdrStatus('Superseded by ADR-0003 for performance reasons')).toBe('superseded');
  });

  it('makes the superseded record stale with a full edge, and the one still in force partial', () => {
    const { folder, byFile } = read({
      'docs/adr/0014-sessions.md': '# ADR-0014: Shared sessionStorage slots\n\nStatus: Accepted; superseded by ADR-0016\n\n## Context\nx\n',
      'docs/adr/0016-fireworks.md': '# ADR-0016: Fireworks-only UX\n\nStatus: Accepted\n',
      'docs/adr/0001-core.md':
        '# ADR-0001: Core surface\n\n## Status\n\nSuperseded by ADR-0003 for repository topology; core-surface intent remains accepted.\n',
      'docs/adr/0003-topology.md': '# ADR-0003: Workspace topology\n\n## Status\n\nAccepted\n',
      'docs/adr/0031-toolchain.md': '# ADR-0031: Toolchain\n\nStatus: Accepted（タスクランナーの項のみ Superseded by ADR-0033）\n',
      'docs/adr/0033-task-runner.md': '# ADR-0033: Task runner\n\nStatus: Accepted\n',
    });
    expect(byFile['docs/adr/0014-sessions.md']).toMatchObject({ status: 'superseded' });
    expect(byFile['docs/adr/0001-core.md']).toMatchObject({ status: 'partly_superseded' });
    expect(byFile['docs/adr/0031-toolchain.md']).toMatchObject({ status: 'accepted' });
    expect(edges(folder).sort()).toEqual([
      '0001-core.md -> 0003-topology.md (partial)',
      '0014-sessions.md -> 0016-fireworks.md',
      '0031-toolchain.md -> 0033-task-runner.md (partial)',
    ]);
  });
});

describe('records in Russian, Ukrainian, Polish, Turkish, Indonesian and Czech (RC-3, RC-4, RC-13)', () => {
  it('maps their status words', () => {
    const cases: Record<string, string> = {
      Принято: 'accepted',
      'На рассмотрении': 'proposed',
      Отклонено: 'rejected',
      Устарело: 'deprecated',
      'Отменено (0005)': 'deprecated',
      'заменено [ADR 0007](0007-x.md)': 'superseded',
      Прийнято: 'accepted',
      zaakceptowane: 'accepted',
      'Zastąpione przez ADR-0009': 'superseded',
      'Kabul edildi': 'accepted',
      'Kabul edilmedi': 'rejected',
      diterima: 'accepted',
      Diusulkan: 'proposed',
      Přijato: 'accepted',
      'Частично заменено ADR-5': 'partly_superseded',
    };
    expect(Object.fromEntries(Object.keys(cases).map((text) => [text, normaliseAdrStatus(text)]))).toEqual(cases);
  });

  it('reads their status and date keys, in sections, lines and lists, and names the successor of a Cyrillic status', () => {
    const { folder, byFile } = read({
      'Docs/decisions/0004-дата_создания_решения.md':
        '# 0004-Дата создания решения\n\n## Статус\n\nОтменено (0005)\n\n## Дата создания\n\n12.01.2020\n\n## Контекст\nx\n',
      'Docs/decisions/0005-культура.md': '# 0005-Культура\n\n## Статус\n\nПринято\n\n## Дата создания\n\n12.01.2020\n',
      'docs/adr/0003-registry.md':
        '# ADR-0003: единый реестр\n\n- Статус: заменено [ADR 0007](0007-typed.md)\n- Дата: 9 августа 2026 года\n',
      'docs/adr/0007-typed.md': '# ADR-0007: typed workflow\n\n- Статус: принято\n- Дата: 2026-08-20\n',
      'docs/adr/0002-kurallar.md': '# ADR-0002: MVP İş Kuralları\n\n- Durum: Kabul edildi\n- Tarih: 14 Ağustos 2026\n',
      'docs/adr/0023-podglad.md': '# ADR-0023: Podgląd\n\nStatus: zaakceptowane\nData: 2026-04-25\n\n- Zmienia: ADR 0009 (CSP)\n',
      'docs/adr/0009-csp.md': '# ADR-0009: CSP\n\nStatus: accepted\n',
      'docs/adr/0025-disk.md': '# ADR-0025: Disk\n\n- Status: diterima\n- Tanggal: 2026-09-30\n\n- Menggantikan: ADR-0015\n',
      'docs/adr/0015-esp.md': '# ADR-0015: ESP\n\nStatus: accepted\n',
    });
    expect(byFile).toMatchObject({
      'Docs/decisions/0004-дата_создания_решения.md': {
        title: 'ADR-0004: Дата создания решения',
        status: 'deprecated',
        date: '2020-01-12',
      },
      'Docs/decisions/0005-культура.md': { title: 'ADR-0005: Культура', status: 'accepted', date: '2020-01-12' },
      'docs/adr/0003-registry.md': { status: 'superseded', date: '2026-08-09' },
      'docs/adr/0007-typed.md': { status: 'accepted', date: '2026-08-20' },
      'docs/adr/0002-kurallar.md': { status: 'accepted', date: '2026-08-14' },
      'docs/adr/0023-podglad.md': { status: 'accepted', date: '2026-04-25' },
      'docs/adr/0025-disk.md': { status: 'accepted', date: '2026-09-30' },
    });
    expect(edges(folder).sort()).toEqual([
      '0003-registry.md -> 0007-typed.md',
      '0009-csp.md -> 0023-podglad.md (partial)',
      '0015-esp.md -> 0025-disk.md',
    ]);
  });

  it('reads Polish "Data:" as a date line only when a date follows', () => {
    const { byFile } = read({ 'notes/plan.md': '# Plan\n\nData: customer records\n\nText.\n' });
    expect(byFile).toEqual({});
  });

  it('reads dates with month names of other languages and the words between their parts', () => {
    expect(
      [
        '12.01.2020',
        '9 августа 2026 года',
        '14 Ağustos 2026',
        '5 de marzo de 2024',
        '16th of September 2022',
        '5 marca 2024 r.',
        '3. März 2021',
        '7 janvier 2022',
      ].map(decisionDate),
    ).toEqual(['2020-01-12', '2026-08-09', '2026-08-14', '2024-03-05', '2022-09-16', '2024-03-05', '2021-03-03', '2022-01-07']);
  });
});

describe('a date beside the status on its line (RC-5)', () => {
  it('is the record date, and not part of the status', () => {
    const { byFile, folder } = read({
      'docs/adr/0015-arrangement.md':
        '# ADR-0015: The arrangement\n\n**Status:** Accepted, amended by [0018](0018-song.md) · **Date:** 2026-10-04\n',
      'docs/adr/0018-song.md': '# ADR-0018: The song\n\n**Status:** Accepted · **Date:** 2026-10-10\n',
      'docs/adr/0019-tr.md': '# ADR-0019: Görsel\n\nDurum: Kabul — 2026-09-22, ekip toplantısı\n',
    });
    expect(byFile['docs/adr/0015-arrangement.md']).toMatchObject({ status: 'accepted', date: '2026-10-04' });
    expect(byFile['docs/adr/0018-song.md']).toMatchObject({ status: 'accepted', date: '2026-10-10' });
    expect(byFile['docs/adr/0019-tr.md']).toMatchObject({ status: 'accepted', date: '2026-09-22' });
    const raw = folder.documents.find((d) => d.file === 'docs/adr/0018-song.md')?.adr?.status_raw;
    expect(raw).toBe('Accepted');
  });
});

describe('series ids and titles (RC-6, RC-7)', () => {
  it('gives a record numbered in a series per domain its series id, number and title', () => {
    const { byFile } = read({
      'docs/adrs/postgresql/PG-001-binary-importer.md':
        '# PG-001: MapBinaryImporter Deve Escrever Todas as Colunas\n\n## Status\n\nAceita\n',
      'docs/adrs/relational/RL-001-mapper.md': '# RL-001 - Mapper Deve Herdar\n\n## Status\n\nAceita\n',
      'notes/api-001-notes.md': '# api-001: notes\n\nText.\n',
    });
    expect(byFile).toEqual({
      'docs/adrs/postgresql/PG-001-binary-importer.md': {
        id: 'PG-001',
        title: 'PG-001: MapBinaryImporter Deve Escrever Todas as Colunas',
        status: 'accepted',
        date: null,
      },
      'docs/adrs/relational/RL-001-mapper.md': { id: 'RL-001', title: 'RL-001: Mapper Deve Herdar', status: 'accepted', date: null },
    });
  });

  it('reads a letter or a few before a number of three digits, with or without a dash, as a series id its successor is named by', () => {
    const { byFile, folder } = read({
      'docs/adr/S001-store-sessions-in-redis.md': '# S001: Store sessions in Redis\n\n## Status\n\nSuperseded by S002\n',
      'docs/adr/S002-store-sessions-in-postgres.md': '# S002: Store sessions in Postgres\n\n## Status\n\nAccepted\n',
      'docs/adr/T-0003-nightly-exports.md': '# T-0003: Nightly exports\n\n## Status\n\nSuperseded by T-0004\n',
      'docs/adr/T-0004-hourly-exports.md': '# T-0004: Hourly exports\n\n## Status\n\nAccepted\n',
    });
    expect(Object.values(byFile).map((r) => [r['id'], r['title']])).toEqual([
      ['S001', 'S001: Store sessions in Redis'],
      ['S002', 'S002: Store sessions in Postgres'],
      ['T-0003', 'T-0003: Nightly exports'],
      ['T-0004', 'T-0004: Hourly exports'],
    ]);
    expect(edges(folder)).toEqual([
      'S001-store-sessions-in-redis.md -> S002-store-sessions-in-postgres.md',
      'T-0003-nightly-exports.md -> T-0004-hourly-exports.md',
    ]);
    expect(folder.adrs.unresolved_references).toEqual([]);
  });

  it('takes a draft note in brackets off a title', () => {
    const { byFile } = read({ 'docs/adr/ADR-003-draft.md': '# ADR-003 (Draft): Экспериментальный extractor\n\n- Status: Draft\n' });
    expect(byFile['docs/adr/ADR-003-draft.md']).toMatchObject({
      id: 'ADR-003',
      title: 'ADR-003: Экспериментальный extractor',
      status: 'proposed',
    });
  });
});

describe("a template's unfilled status and a folder of templates", () => {
  it('reads a status left as the list of options (MADR 2) as none, and its example successor as no supersession', () => {
    const { byFile, folder } = read({
      'docs/adr/0007-cache-fares.md':
        '# 7. Cache fares\n\n* Status: [proposed | rejected | accepted | deprecated | superseded by [ADR-0005](0005-example.md)]\n\n## Context and Problem Statement\n\nx\n',
      'docs/adr/0008-cache-seats.md':
        '# 8. Cache seats\n\n## Status\n\n{proposed | accepted | superseded by [ADR-0005](0005-example.md)}\n',
    });
    expect(Object.values(byFile).map((r) => r['status'])).toEqual(['unknown', 'unknown']);
    expect(folder.supersessions).toEqual([]);
    expect(folder.adrs.unresolved_references).toEqual([]);
  });

  it('reads no file of a templates folder as a record', () => {
    const { byFile } = read({
      'docs/adr/templates/nygard.md': '# Title\n\n## Status\n\nAccepted\n\n## Context\n\nx\n',
      'docs/adr/0001-record-decisions.md': '# 1. Record decisions\n\n## Status\n\nAccepted\n',
    });
    expect(Object.keys(byFile)).toEqual(['docs/adr/0001-record-decisions.md']);
  });
});

describe('two records of one folder with the same id (RC-12)', () => {
  it('are named in one warning; the same number in folders of their own is not', () => {
    const folder = readMarkdownFolder(
      folderWith({
        'docs/adr/ADR-003-draft-extractor.md': '# ADR-003 (Draft): Extractor\n\n- Status: Draft\n',
        'docs/adr/ADR-003-model-policy.md': '# ADR-003: Model policy\n\n- Status: Accepted\n',
        'docs/adrs/postgresql/PG-001-importer.md': '# PG-001: Importer\n\n## Status\n\nAceita\n',
        'docs/adrs/relational/PG-001-mapper.md': '# PG-001: Mapper\n\n## Status\n\nAceita\n',
      }),
    );
    expect(folder.warnings.filter((warning) => warning.includes('all carry the id'))).toEqual([
      'docs/adr/ADR-003-draft-extractor.md, docs/adr/ADR-003-model-policy.md all carry the id ADR-003; a reference to ADR-003 cannot tell them apart, so give each its own number',
    ]);
  });
});

describe('a decision log: many records as sections of one file (RC-9)', () => {
  const LOG = [
    '# Architecture Decisions\n\nWhat we decided, newest last.\n\n',
    '### ADR-005: Tailwind CSS for Styling\n\n**Status:** Superseded by ADR-007\n**Decision:** Tailwind CSS 4.x with a custom theme\n\n',
    '### ADR-007: SCSS for styling\n\n**Status:** Accepted\n**Date:** 2026-02-01\n\n#### Notes\n\nThe theme moved to SCSS variables.\n\n',
    '## Appendix\n\nHow to write a new entry.\n',
  ];

  it('loads each section as a record of its own, superseded ones stale, and the text around them as text, losing nothing', () => {
    const folder = readMarkdownFolder(folderWith({ 'docs/DECISIONS.md': LOG.join('') }));
    const docs = folder.documents;
    expect(docs.map((d) => [d.document_id, d.title, d.adr?.status ?? null])).toEqual([
      ['docs--DECISIONS', 'Architecture Decisions', null],
      ['docs--DECISIONS--adr-005', 'ADR-005: Tailwind CSS for Styling', 'superseded'],
      ['docs--DECISIONS--adr-007', 'ADR-007: SCSS for styling', 'accepted'],
      ['docs--DECISIONS-2', 'Appendix', null],
    ]);
    expect(docs.map((d) => folder.bodies.get(d.document_id)).join('')).toBe(LOG.join(''));
    expect(docs[1]?.source_uri).toMatch(/DECISIONS\.md#adr-005$/);
    expect(docs[2]?.chunks.map((c) => c.text).join('\n\n')).toContain('The theme moved to SCSS variables.');
    expect(edges(folder)).toEqual(['DECISIONS.md -> DECISIONS.md']);
    expect(folder.supersessions[0]).toMatchObject({
      from_document_id: 'docs--DECISIONS--adr-005',
      to_document_id: 'docs--DECISIONS--adr-007',
    });
  });

  it('keeps a file whose record-like headings state no status one document, and a digest of records none', () => {
    const folder = readMarkdownFolder(
      folderWith({
        'roadmap.md': '# Roadmap\n\n## ADR-1 follow-ups\n\nMore tests.\n\n## ADR-2 follow-ups\n\nDocs.\n',
        'decisions/reports/report-accepted.md':
          '# Содержание\n\n# 0001-Использование ADR\n\n## Статус\n\nПринято\n\n# 0003-Номер решения\n\n## Статус\n\nПринято\n',
      }),
    );
    expect(folder.documents.map((d) => [d.file, d.document_id, d.adr?.adr_id ?? null])).toEqual([
      ['decisions/reports/report-accepted.md', 'decisions--reports--report-accepted', null],
      ['roadmap.md', 'roadmap', null],
    ]);
  });
});

describe('a link to a renamed record (RC-10)', () => {
  it('names the one record of its number beside it, with a warning to fix the link; no such record leaves it unresolved', () => {
    const folder = readMarkdownFolder(
      folderWith({
        'doc/adr/0003-format.md': '# 3. ADR format\n\n## Status\n\nAccepted\n\nAmended by [4. ADR Result](0004-adr-result.md)\n',
        'doc/adr/0004-support-tool.md': '# 4. ADR support tool\n\n## Status\n\nAccepted\n\nAmends [3. ADR format](0003-format.md)\n',
        'doc/adr/0006-viewer.md': '# 6. Viewer\n\n## Status\n\nAccepted\n\nAmends [9. Gone](0009-gone.md)\n',
      }),
    );
    expect(edges(folder)).toEqual(['0003-format.md -> 0004-support-tool.md (partial)']);
    expect(folder.supersessions[0]).toMatchObject({ stated_in: ['old_status', 'new_status'], drift: false });
    expect(folder.warnings.filter((warning) => warning.includes('names no file of this corpus'))).toEqual([
      'doc/adr/0003-format.md: the link to "0004-adr-result.md" names no file of this corpus; it was read as doc/adr/0004-support-tool.md, the one record numbered 4 beside it: fix the link',
    ]);
    expect(folder.adrs.unresolved_references.map((entry) => entry.target)).toEqual(['0009-gone.md']);
  });
});
