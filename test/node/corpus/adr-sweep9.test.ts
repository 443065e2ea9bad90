// ADR sweep 9: decision logs as teams keep them, read as `lens demo load --docs` reads its folder:
// two records of one day, a successor named by its entry's date and title, and text after a log's table.
import { describe, expect, it } from 'vitest';
import { readMarkdownFolder } from '../../../electron/corpus/markdown-folder';
import { useTempFolders } from '../../support/temp-folders';

const { folderWith } = useTempFolders('lens-adr-sweep9-');

/** `older -> newer` by document id. */
function edges(folder: ReturnType<typeof readMarkdownFolder>): string[] {
  return folder.supersessions.map((e) => `${e.from_document_id} -> ${e.to_document_id}${e.partial ? ' (partial)' : ''}`);
}

describe('a dated decision log with two records of one day', () => {
  it('gives `### DEC-20240301-a …` and `### DEC-20240301-b …` an id each, a reference to either naming it', () => {
    const log =
      '# Decisions\n\n### DEC-20240301-a Use SQLite\n\nStatus: Superseded by DEC-20240301-b\n\nOne file.\n\n' +
      '### DEC-20240301-b: Use Redis\n\nStatus: Accepted\n\nA cache.\n\n### DEC-20240615 Use Postgres\n\nStatus: Accepted\n\nSupersedes DEC-20240301-b.\n';
    const folder = readMarkdownFolder(folderWith({ 'docs/decisions.md': log }));
    expect(
      folder.documents.map((d) => [d.document_id, d.title, d.adr?.adr_id ?? null, d.adr?.status ?? null, d.adr?.decided_at ?? null]),
    ).toEqual([
      ['docs--decisions', 'Decisions', null, null, null],
      ['docs--decisions--dec-20240301-a', 'DEC-20240301-a: Use SQLite', 'DEC-20240301-a', 'superseded', '2024-03-01'],
      ['docs--decisions--dec-20240301-b', 'DEC-20240301-b: Use Redis', 'DEC-20240301-b', 'accepted', '2024-03-01'],
      ['docs--decisions--dec-20240615', 'DEC-20240615: Use Postgres', 'DEC-20240615', 'accepted', '2024-06-15'],
    ]);
    expect(edges(folder)).toEqual([
      'docs--decisions--dec-20240301-a -> docs--decisions--dec-20240301-b',
      'docs--decisions--dec-20240301-b -> docs--decisions--dec-20240615',
    ]);
    expect(folder.adrs.unresolved_references).toEqual([]);
    expect(folder.warnings.filter((w) => w.includes('carry the id'))).toEqual([]);
    expect(folder.documents.map((d) => folder.bodies.get(d.document_id)).join('')).toBe(log);
  });

  it('reads the same ids in a log kept as a table', () => {
    const log =
      '# Decision log\n\n| ID | Title | Status | Superseded by |\n|---|---|---|---|\n' +
      '| DEC-20240301-a | Use SQLite | Superseded | DEC-20240301-b |\n| DEC-20240301-b | Use Redis | Accepted | |\n';
    const folder = readMarkdownFolder(folderWith({ 'docs/decision-log.md': log }));
    expect(folder.documents.filter((d) => d.adr).map((d) => [d.document_id, d.adr?.adr_id, d.adr?.status, d.adr?.decided_at])).toEqual([
      ['docs--decision-log--dec-20240301-a', 'DEC-20240301-a', 'superseded', '2024-03-01'],
      ['docs--decision-log--dec-20240301-b', 'DEC-20240301-b', 'accepted', '2024-03-01'],
    ]);
    expect(edges(folder)).toEqual(['docs--decision-log--dec-20240301-a -> docs--decision-log--dec-20240301-b']);
  });
});

describe('a successor named by its dated entry’s date and title', () => {
  const entry = (date: string, title: string, status: string) => `## ${date}: ${title}\n\n**Status:** ${status}\n\nText.\n\n`;

  it('resolves "Superseded by 2024-06-15: Use Postgres" to the one entry of that day and title', () => {
    const folder = readMarkdownFolder(
      folderWith({
        'docs/decision-log.md':
          '# Decision log\n\n' +
          entry('2024-03-01', 'Use SQLite', 'Superseded by 2024-06-15: Use Postgres') +
          entry('2024-06-15', 'Use Postgres', 'Accepted') +
          entry('2024-07-01', 'Use Kafka', 'Superseded by 2024-09-01 — Use NATS') +
          entry('2024-09-01', 'Use NATS', 'Accepted'),
      }),
    );
    expect(edges(folder)).toEqual([
      'docs--decision-log--2024-03-01-use-sqlite -> docs--decision-log--2024-06-15-use-postgres',
      'docs--decision-log--2024-07-01-use-kafka -> docs--decision-log--2024-09-01-use-nats',
    ]);
    expect(folder.adrs.unresolved_references).toEqual([]);
  });

  it('leaves it unresolved, as before, when no entry or several have that day and title', () => {
    const folder = readMarkdownFolder(
      folderWith({
        'docs/decision-log.md':
          '# Decision log\n\n' +
          entry('2024-03-01', 'Use SQLite', 'Superseded by 2024-06-16: Use Postgres') +
          entry('2024-06-15', 'Use Postgres', 'Accepted') +
          entry('2024-07-01', 'Use Kafka', 'Superseded by 2024-09-01: Use NATS') +
          entry('2024-09-01', 'Use NATS', 'Accepted'),
        'teams/b/decision-log.md':
          '# Decision log\n\n' + entry('2024-09-01', 'Use NATS', 'Proposed') + entry('2024-10-01', 'Use gRPC', 'Accepted'),
        'teams/c/decision-log.md':
          '# Decision log\n\n' + entry('2024-09-01', 'Use NATS', 'Proposed') + entry('2024-10-02', 'Use gRPC', 'Accepted'),
        'teams/d/decision-log.md':
          '# Decision log\n\n' +
          entry('2024-01-01', 'Use Ant', 'Superseded by 2024-09-01: Use NATS') +
          entry('2024-02-01', 'Use Make', 'Accepted'),
      }),
    );
    expect(edges(folder)).toEqual(['docs--decision-log--2024-07-01-use-kafka -> docs--decision-log--2024-09-01-use-nats']);
    expect(folder.adrs.unresolved_references.map((r) => [r.file, r.target, r.kind])).toEqual([
      ['docs/decision-log.md#2024-03-01-use-sqlite', '2024-06-16: Use Postgres', 'unresolved_target'],
      ['teams/d/decision-log.md#2024-01-01-use-ant', '2024-09-01: Use NATS', 'unresolved_target'],
    ]);
  });
});

describe('text after a decision log kept as one table', () => {
  it('is the file’s own text, not a document of its own titled by the file name; text under a heading of its own goes by it', () => {
    const head = '# Decision log\n\n| ID | Title | Status | Date |\n|---|---|---|---|\n';
    const rows = '| DEC-001 | Use SQLite | Superseded by DEC-002 | 2024-03-01 |\n| DEC-002 | Use Postgres | Accepted | 2024-06-15 |\n';
    const after = '\nAdd a row for each decision; never delete one.\n\n## How we decide\n\nBy consensus.\n';
    const notes = '\n## Notes\n\nRows are kept.\n';
    const folder = readMarkdownFolder(
      folderWith({ 'docs/decision-log.md': head + rows + after, 'team/decision-log.md': head + rows + notes }),
    );
    expect(folder.documents.map((d) => [d.document_id, d.title, d.adr?.adr_id ?? null])).toEqual([
      ['docs--decision-log', 'Decision log', null],
      ['docs--decision-log--dec-001', 'DEC-001: Use SQLite', 'DEC-001'],
      ['docs--decision-log--dec-002', 'DEC-002: Use Postgres', 'DEC-002'],
      ['team--decision-log', 'Decision log', null],
      ['team--decision-log--dec-001', 'DEC-001: Use SQLite', 'DEC-001'],
      ['team--decision-log--dec-002', 'DEC-002: Use Postgres', 'DEC-002'],
      ['team--decision-log-2', 'Notes', null],
    ]);
    expect(folder.bodies.get('docs--decision-log')).toBe(head + after);
    expect(folder.bodies.get('team--decision-log-2')).toBe(notes);
    expect(folder.documents[0]?.chunks.map((c) => c.text).join(' ')).toContain('never delete one');
  });
});

describe('a Korean status that names its successor in brackets', () => {
  it('reads "대체됨 (ADR-0005)", a link or "참조" in the brackets as superseded by that record, as "Superseded (ADR-0005)" is', () => {
    const record = (n: number, status: string) => `# ${n}. 결정 ${n}\n\n## 상태\n\n${status}\n\n## 배경\n\n내용.\n`;
    const folder = readMarkdownFolder(
      folderWith({
        'docs/adr/0001-a.md': record(1, '대체됨 (ADR-0005)'),
        'docs/adr/0002-b.md': record(2, '대체됨 ([ADR-0005](0005-e.md))'),
        'docs/adr/0003-c.md': record(3, '대체됨 (ADR-0005 참조)'),
        'docs/adr/0004-d.md': record(4, 'Superseded (ADR-0005)'),
        'docs/adr/0005-e.md': record(5, '승인됨'),
        'docs/adr/0006-f.md': record(6, '승인됨 (2024-03-01)'),
      }),
    );
    expect(folder.documents.map((d) => [d.adr?.adr_id, d.adr?.status])).toEqual([
      ['ADR-0001', 'superseded'],
      ['ADR-0002', 'superseded'],
      ['ADR-0003', 'superseded'],
      ['ADR-0004', 'superseded'],
      ['ADR-0005', 'accepted'],
      ['ADR-0006', 'accepted'],
    ]);
    expect(edges(folder)).toEqual([
      'docs--adr--0001-a -> docs--adr--0005-e',
      'docs--adr--0002-b -> docs--adr--0005-e',
      'docs--adr--0003-c -> docs--adr--0005-e',
      'docs--adr--0004-d -> docs--adr--0005-e',
    ]);
    expect(folder.warnings.filter((w) => w.includes('no ADR is named as its successor'))).toEqual([]);
  });
});

describe('an index of records kept as a table whose titles or a file column name the records', () => {
  it('loads no record of its rows: the records are their files', () => {
    const record = (n: number, status: string) => `# ${n}. Record ${n}\n\n## Status\n\n${status}\n\n## Context\n\nx\n`;
    const folder = readMarkdownFolder(
      folderWith({
        'docs/architecture.md':
          '# Architecture\n\n## ADR Index\n\n| ADR | Title | Status | Date | File |\n| --- | --- | --- | --- | --- |\n' +
          '| 0001 | Record 1 | Accepted | 2016-02-12 | `docs/adr/0001-r1.md` |\n| 0002 | Record 2 | Superseded | 2020-02-20 | `docs/adr/0002-r2.md` |\n',
        'docs/overview.md':
          '# Overview\n\n| ID | Title | Status |\n|---|---|---|\n| ADR-0001 | [Record 1](adr/0001-r1.md) | Accepted |\n| ADR-0002 | [Record 2](adr/0002-r2.md) | Superseded |\n',
        'docs/adr/0001-r1.md': record(1, 'Accepted'),
        'docs/adr/0002-r2.md': record(2, 'Superseded by ADR-0001'),
      }),
    );
    expect(folder.documents.map((d) => [d.document_id, d.adr?.adr_id ?? null])).toEqual([
      ['docs--adr--0001-r1', 'ADR-0001'],
      ['docs--adr--0002-r2', 'ADR-0002'],
      ['docs--architecture', null],
      ['docs--overview', null],
    ]);
    expect(folder.warnings.filter((w) => w.includes('no ADR is named as its successor'))).toEqual([]);
  });

  it('still loads a log whose rows link elsewhere only in a column of notes or successors', () => {
    const folder = readMarkdownFolder(
      folderWith({
        'docs/decision-log.md':
          '# Decision log\n\n| ID | Title | Status | Notes |\n|---|---|---|---|\n' +
          '| DEC-001 | Use SQLite | Superseded by DEC-002 | See [the spike](spikes/sqlite.md) |\n| DEC-002 | Use Postgres | Accepted | |\n',
      }),
    );
    expect(folder.documents.filter((d) => d.adr).map((d) => [d.adr?.adr_id, d.adr?.status])).toEqual([
      ['DEC-001', 'superseded'],
      ['DEC-002', 'accepted'],
    ]);
  });
});

describe('records named `YYYY-MM-DD.decision-title.md`', () => {
  it('are known by their whole name, so two of one day are two ids', () => {
    const record = (title: string, status: string) => `# ${title}\n\n## Status\n\n${status}\n\n## Context\n\nx\n`;
    const folder = readMarkdownFolder(
      folderWith({
        'decisions/2024-03-01.use-sqlite.md': record('Use SQLite', 'Superseded by 2024-03-01.use-postgres'),
        'decisions/2024-03-01.use-postgres.md': record('Use Postgres', 'Accepted'),
      }),
    );
    expect(folder.documents.map((d) => [d.adr?.adr_id, d.title, d.adr?.decided_at])).toEqual([
      ['2024-03-01.use-postgres', 'Use Postgres', '2024-03-01'],
      ['2024-03-01.use-sqlite', 'Use SQLite', '2024-03-01'],
    ]);
    expect(edges(folder)).toEqual(['decisions--2024-03-01.use-sqlite -> decisions--2024-03-01.use-postgres']);
    expect(folder.warnings.filter((w) => w.includes('carry the id'))).toEqual([]);
  });
});

describe('a Korean record whose status says it was decided', () => {
  it('reads "결정됨" as accepted, dated by a date in brackets; "결정 대기", "결정 중" and "결정 필요" are not decided yet', () => {
    const folder = readMarkdownFolder(
      folderWith({
        'docs/adr/0004-home.md': '# ADR-0004. 홈 화면 API 연동\n\n- 상태: 결정됨\n- 날짜: 2026-08-18\n\n## 맥락\n\n목데이터.\n',
        'docs/adr/0007-route.md': '# ADR 0007: 지도 표시 계약\n\n- 상태: 결정됨 (2026-09-14)\n- 관련: ADR 0004\n\n## 배경\n\n지도.\n',
        'docs/adr/0008-ldap.md': '# ADR: LDAP 그룹 매핑 정책\n\n> 날짜: 2026-05-20\n> 상태: 결정됨\n\n## 맥락\n\n그룹.\n',
        'docs/adr/0009-a.md': '# 9. 대기\n\n## 상태\n\n결정 대기\n\n## 배경\n\n가.\n',
        'docs/adr/0010-b.md': '# 10. 진행\n\n## 상태\n\n결정 중\n\n## 배경\n\n나.\n',
        'docs/adr/0011-c.md': '# 11. 필요\n\n## 상태\n\n결정 필요\n\n## 배경\n\n다.\n',
      }),
    );
    expect(folder.documents.map((d) => [d.adr?.adr_id, d.adr?.status, d.adr?.decided_at])).toEqual([
      ['ADR-0004', 'accepted', '2026-08-18'],
      ['ADR-0007', 'accepted', '2026-09-14'],
      ['ADR-0008', 'accepted', '2026-05-20'],
      ['ADR-0009', 'pending', null],
      ['ADR-0010', 'proposed', null],
      ['ADR-0011', 'pending', null],
    ]);
  });
});

describe('a successor named by a wiki link, as records kept in an Obsidian vault name it', () => {
  it('reads `[[0005-x]]`, `[[decisions/0005-x|alias]]` and `[[0005-x#Decision]]` as links to that record', () => {
    const record = (n: number, status: string) =>
      `# ${n}. Record ${n}\n\n## Status\n\n${status}\n\n## Context\n\nSee [[notes/glossary]].\n`;
    const folder = readMarkdownFolder(
      folderWith({
        'decisions/0001-a.md': record(1, 'Superseded by [[0005-e]]'),
        'decisions/0002-b.md': record(2, '⚠️ **PARTIALLY SUPERSEDED by [[decisions/0005-e|Record 5]]** (2026-06-15)'),
        'decisions/0003-c.md': record(3, 'superseded by [[0005-e#Decision]]'),
        'decisions/0004-d.md': record(4, 'Accepted. Not superseded by [[#status]] headings.'),
        'decisions/0005-e.md': record(5, 'Accepted'),
      }),
    );
    expect(edges(folder)).toEqual([
      'decisions--0001-a -> decisions--0005-e',
      'decisions--0002-b -> decisions--0005-e (partial)',
      'decisions--0003-c -> decisions--0005-e',
    ]);
    expect(folder.adrs.unresolved_references).toEqual([]);
  });
});

describe('front matter keyed in the language of the record', () => {
  it('reads `상태:` and `결정일:` as `status:` and the decision date, as the same keys on a line are read', () => {
    const folder = readMarkdownFolder(
      folderWith({
        'docs/adr/0003-c.md': '---\n상태: 대체됨 (ADR-0005)\n결정일: 2024-03-01\n---\n# 3. 큐\n\n## 배경\n\n가.\n',
        'docs/adr/0005-e.md': '---\nEstado: Aceptado\nFecha: 2024-06-15\n---\n# 5. Cola\n\n## Contexto\n\nb.\n',
        'docs/adr/0006-f.md': '---\nstatus: accepted\n상태: 폐기됨\n---\n# 6. 둘\n\n## 배경\n\n다.\n',
      }),
    );
    expect(folder.documents.map((d) => [d.adr?.adr_id, d.adr?.status, d.adr?.decided_at])).toEqual([
      ['ADR-0003', 'superseded', '2024-03-01'],
      ['ADR-0005', 'accepted', '2024-06-15'],
      ['ADR-0006', 'accepted', null],
    ]);
    expect(edges(folder)).toEqual(['docs--adr--0003-c -> docs--adr--0005-e']);
  });
});
