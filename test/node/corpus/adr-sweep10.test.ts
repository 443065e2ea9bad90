// ADR sweep 10: stale decision records as real teams write them, read as `lens demo load --docs` reads
// its folder: a superseded-by said in brackets after an old status, records of one day named by slugs,
// an all-numeric date that reads both ways, and statuses in more words and languages.
import { describe, expect, it } from 'vitest';
import { normaliseAdrStatus } from '../../../electron/corpus/adr-status';
import { readMarkdownFolder } from '../../../electron/corpus/markdown-folder';
import { useTempFolders } from '../../support/temp-folders';

const { folderWith } = useTempFolders('lens-adr-sweep10-');

/** `older -> newer` by document id. */
function edges(folder: ReturnType<typeof readMarkdownFolder>): string[] {
  return folder.supersessions.map((e) => `${e.from_document_id} -> ${e.to_document_id}${e.partial ? ' (partial)' : ''}`);
}

const nygard = (title: string, status: string) => `# ${title}\n\n## Status\n\n${status}\n\n## Context\n\nWhy.\n\n## Decision\n\nWhat.\n`;

describe('a status that says in brackets the record was superseded', () => {
  it('is superseded, with its successor: "Accepted (superseded by ADR-0005)"', () => {
    const folder = readMarkdownFolder(
      folderWith({
        'docs/adr/0003-sqlite.md': nygard('3. SQLite', 'Accepted (superseded by ADR-0005)'),
        'docs/adr/0004-redis.md': nygard('4. Redis', 'Accepted （superseded by [ADR-0005](0005-postgres.md)）'),
        'docs/adr/0005-postgres.md': nygard('5. Postgres', 'Accepted (2024-06-15)'),
        'docs/adr/0006-kafka.md': nygard('6. Kafka', 'Accepted (supersedes ADR-0004 in part)'),
      }),
    );
    expect(folder.documents.map((d) => [d.adr?.adr_id, d.adr?.status])).toEqual([
      ['ADR-0003', 'superseded'],
      ['ADR-0004', 'superseded'],
      ['ADR-0005', 'accepted'],
      ['ADR-0006', 'accepted'],
    ]);
    expect(edges(folder)).toEqual([
      'docs--adr--0003-sqlite -> docs--adr--0005-postgres',
      'docs--adr--0004-redis -> docs--adr--0005-postgres',
      'docs--adr--0004-redis -> docs--adr--0006-kafka (partial)',
    ]);
    // In part, or amended, the rest still holds.
    expect(normaliseAdrStatus('Accepted (partially superseded by ADR-0005)')).toBe('accepted');
    expect(normaliseAdrStatus('Accepted (amended by ADR-0005)')).toBe('accepted');
  });
});

describe('Korean statuses that say a record is no longer used', () => {
  it('reads "더 이상 사용되지 않음" and its variants as deprecated, as 폐기됨 and 사용 중단 are', () => {
    const korean = (status: string) => `# 결정\n\n## 상태\n\n${status}\n\n## 결정\n\n내용.\n`;
    const written = [
      '더 이상 사용되지 않음',
      '더이상 사용하지 않음',
      '사용되지 않음',
      '사용하지 않습니다',
      '사용 안 함',
      '미사용',
      '지원 중단',
      '지원 종료됨',
      '사용 종료',
      '폐지됨',
      '폐기됨',
      '사용 중단됨',
    ];
    const folder = readMarkdownFolder(
      folderWith({
        ...Object.fromEntries(written.map((status, k) => [`docs/adr/${String(k + 1).padStart(4, '0')}-x.md`, korean(status)])),
        'docs/adr/0013-meta.md': '# 메타\n\n상태: 더 이상 사용되지 않음\n\n## 결정\n\n내용.\n',
        'docs/adr/0014-moved.md': korean('대체됨 (ADR-0015)'),
        'docs/adr/0015-new.md': korean('승인됨'),
      }),
    );
    expect(folder.documents.map((d) => [d.adr?.status_text, d.adr?.status])).toEqual([
      ...written.map((status) => [status, 'deprecated']),
      ['더 이상 사용되지 않음', 'deprecated'],
      ['대체됨 (ADR-0015)', 'superseded'],
      ['승인됨', 'accepted'],
    ]);
    expect(edges(folder)).toEqual(['docs--adr--0014-moved -> docs--adr--0015-new']);
    // Still in use is no deprecation.
    expect(normaliseAdrStatus('사용 중')).toBe('unknown');
  });
});

describe('records named by a series, a day and a slug', () => {
  it('gives two of one day an id each, the file’s name, and resolves a reference or a link to either', () => {
    const folder = readMarkdownFolder(
      folderWith({
        'docs/decisions/DEC-20240301-use-sqlite.md':
          '# Use SQLite\n\nStatus: Superseded by DEC-20240301-use-redis\n\n## Decision\n\nOne file.\n',
        'docs/decisions/DEC-20240301-use-redis.md': '# Use Redis\n\nStatus: Accepted\n\n## Decision\n\nA cache.\n',
        'docs/decisions/DEC-20240615-use-postgres.md':
          '# Use Postgres\n\nStatus: Accepted\n\n## Decision\n\nSupersedes [the cache](DEC-20240301-use-redis.md).\n',
        'docs/decisions/DEC-20240701-use-kafka.md':
          '# Use Kafka\n\nStatus: Superseded by DEC-20240615-use-postgres.\n\n## Decision\n\nA queue.\n',
        'docs/decisions/DEC-20240702-use-nats.md': '# Use NATS\n\nStatus: Superseded by DEC-20240615\n\n## Decision\n\nA bus.\n',
      }),
    );
    expect(folder.documents.map((d) => [d.title, d.adr?.adr_id, d.adr?.status, d.adr?.decided_at])).toEqual([
      // Superseded as the newer record says (the edge below), its own status as written.
      ['DEC-20240301-use-redis: Use Redis', 'DEC-20240301-use-redis', 'accepted', '2024-03-01'],
      ['DEC-20240301-use-sqlite: Use SQLite', 'DEC-20240301-use-sqlite', 'superseded', '2024-03-01'],
      ['DEC-20240615: Use Postgres', 'DEC-20240615', 'accepted', '2024-06-15'],
      ['DEC-20240701: Use Kafka', 'DEC-20240701', 'superseded', '2024-07-01'],
      ['DEC-20240702: Use NATS', 'DEC-20240702', 'superseded', '2024-07-02'],
    ]);
    const d = 'docs--decisions--';
    expect(edges(folder).sort()).toEqual([
      `${d}DEC-20240301-use-redis -> ${d}DEC-20240615-use-postgres`,
      `${d}DEC-20240301-use-sqlite -> ${d}DEC-20240301-use-redis`,
      `${d}DEC-20240701-use-kafka -> ${d}DEC-20240615-use-postgres`,
      `${d}DEC-20240702-use-nats -> ${d}DEC-20240615-use-postgres`,
    ]);
    expect(folder.adrs.unresolved_references).toEqual([]);
    expect(folder.warnings.filter((w) => w.includes('carry the id'))).toEqual([]);
  });

  it('reads a reference by the day alone as naming both, and says so', () => {
    const folder = readMarkdownFolder(
      folderWith({
        'docs/decisions/DEC-20240301-use-sqlite.md': '# Use SQLite\n\nStatus: Accepted\n\n## Decision\n\nOne file.\n',
        'docs/decisions/DEC-20240301-use-redis.md': '# Use Redis\n\nStatus: Accepted\n\n## Decision\n\nA cache.\n',
        'docs/decisions/DEC-20240201-use-files.md': '# Use files\n\nStatus: Superseded by DEC-20240301\n\n## Decision\n\nFiles.\n',
      }),
    );
    expect(edges(folder)).toEqual([]);
    expect(folder.adrs.unresolved_references.map((r) => [r.target, r.kind, r.message])).toEqual([
      [
        'DEC-20240301',
        'ambiguous_target',
        'docs/decisions/DEC-20240201-use-files.md: the reference "DEC-20240301", named as its successor, matches 2 ADRs ' +
          '(docs/decisions/DEC-20240301-use-redis.md, docs/decisions/DEC-20240301-use-sqlite.md); link to the file of the one meant',
      ],
    ]);
  });

  it('still names a shared number in one folder, which is no day', () => {
    const folder = readMarkdownFolder(
      folderWith({
        'docs/adr/ADR-003-draft-cache.md': '# Cache\n\n## Status\n\nProposed\n',
        'docs/adr/ADR-003-queue.md': '# Queue\n\n## Status\n\nAccepted\n',
      }),
    );
    expect(folder.documents.map((d) => d.adr?.adr_id)).toEqual(['ADR-003', 'ADR-003']);
    expect(folder.warnings.filter((w) => w.includes('carry the id'))).toHaveLength(1);
  });
});

describe('an all-numeric date whose day and month could be either', () => {
  const dated = (title: string, date: string) => `# ${title}\n\nDate: ${date}\n\n## Status\n\nAccepted\n\n## Context\n\nWhy.\n`;
  const dates = (folder: ReturnType<typeof readMarkdownFolder>) => folder.documents.map((d) => [d.file, d.adr?.decided_at]);

  it('is read in the order the other records of its folder write unambiguous dates in', () => {
    const folder = readMarkdownFolder(
      folderWith({
        'uk/adr/0001-a.md': dated('1. A', '03/01/2024'),
        'uk/adr/0002-b.md': dated('2. B', '13/01/2024'),
        'us/adr/0001-a.md': dated('1. A', '03/01/2024'),
        'us/adr/0002-b.md': dated('2. B', '01/13/2024'),
        'us/adr/0003-c.md': dated('3. C', '04/04/2024'),
      }),
    );
    expect(dates(folder)).toEqual([
      ['uk/adr/0001-a.md', '2024-01-03'],
      ['uk/adr/0002-b.md', '2024-01-13'],
      ['us/adr/0001-a.md', '2024-03-01'],
      ['us/adr/0002-b.md', '2024-01-13'],
      ['us/adr/0003-c.md', '2024-04-04'],
    ]);
    expect(folder.warnings.filter((w) => w.includes('03/01/2024'))).toEqual([]);
  });

  it('is left undated with a warning naming the file, the text and the ISO forms when nothing tells which', () => {
    const folder = readMarkdownFolder(
      folderWith({
        'alone/adr/0001-a.md': dated('1. A', '03/01/2024'),
        'mixed/adr/0001-a.md': dated('1. A', '03/01/2024'),
        'mixed/adr/0002-b.md': dated('2. B', '13/01/2024'),
        'mixed/adr/0003-c.md': dated('3. C', '01/13/2024'),
        'named/adr/2024-03-01-a.md': dated('A', '03/01/2024'),
        // A status in a language that writes the day first says which.
        'pt/adr/0001-a.md': '# 1. A\n\nData: 03/01/2024\n\n## Status\n\nAceito\n',
      }),
    );
    expect(dates(folder)).toEqual([
      ['alone/adr/0001-a.md', null],
      ['mixed/adr/0001-a.md', null],
      ['mixed/adr/0002-b.md', '2024-01-13'],
      ['mixed/adr/0003-c.md', '2024-01-13'],
      // The file's name says which.
      ['named/adr/2024-03-01-a.md', '2024-03-01'],
      ['pt/adr/0001-a.md', '2024-01-03'],
    ]);
    const warned = folder.warningMessages.filter((m) => m.code === 'demo_load:adr_date_ambiguous');
    expect(warned.map((m) => m.params)).toEqual([
      { file: 'alone/adr/0001-a.md', text: '03/01/2024', day_first: '2024-01-03', month_first: '2024-03-01' },
      { file: 'mixed/adr/0001-a.md', text: '03/01/2024', day_first: '2024-01-03', month_first: '2024-03-01' },
    ]);
    expect(folder.warnings).toContain(
      'alone/adr/0001-a.md: its date "03/01/2024" may be day first (2024-01-03) or month first (2024-03-01), and no other record of its folder writes a date that tells which, so it loads undated; write it year first, as 2024-01-03 or 2024-03-01',
    );
  });
});

describe('records of a series kept outside a folder named for records', () => {
  it('resolves "Superseded by RFC-013" to RFC-013-use-nats.md in docs/rfcs/, not as a successor outside the corpus', () => {
    const rfc = (title: string, status: string) => `# ${title}\n\nStatus: ${status}\n\n## Context\n\nWhy.\n\n## Decision\n\nWhat.\n`;
    const folder = readMarkdownFolder(
      folderWith({
        'docs/rfcs/RFC-012-use-kafka.md': rfc('RFC-012: Use Kafka', 'Superseded by RFC-013'),
        'docs/rfcs/RFC-013-use-nats.md': rfc('RFC-013: Use NATS', 'Accepted'),
        'docs/rfcs/RFC-014-use-grpc.md': rfc('RFC-014: Use gRPC', 'Superseded by RFC-7'),
      }),
    );
    expect(edges(folder)).toEqual(['docs--rfcs--RFC-012-use-kafka -> docs--rfcs--RFC-013-use-nats']);
    expect(folder.documents.map((d) => d.adr?.successor_outside ?? null)).toEqual([null, null, 'RFC-7']);
  });
});

describe('a status badge in the Status section', () => {
  it('is read as under the title: `## Status` over `![status](https://img.shields.io/badge/status-deprecated-red)`', () => {
    const badge = (message: string, colour: string) => `![status](https://img.shields.io/badge/status-${message}-${colour})`;
    const folder = readMarkdownFolder(
      folderWith({
        'docs/adr/0001-a.md': nygard('1. A', badge('deprecated', 'red')),
        'docs/adr/0002-b.md': nygard('2. B', `[${badge('superseded', 'lightgrey')}](0003-c.md)\n\nSuperseded by [3. C](0003-c.md)`),
        'docs/adr/0003-c.md': nygard('3. C', badge('accepted', 'brightgreen')),
        'docs/adr/0004-d.md': nygard('4. D', '![build](https://img.shields.io/badge/build-passing-green)'),
      }),
    );
    expect(folder.documents.map((d) => [d.adr?.adr_id, d.adr?.status])).toEqual([
      ['ADR-0001', 'deprecated'],
      ['ADR-0002', 'superseded'],
      ['ADR-0003', 'accepted'],
      ['ADR-0004', 'unknown'],
    ]);
    expect(edges(folder)).toEqual(['docs--adr--0002-b -> docs--adr--0003-c']);
  });
});

describe('statuses teams write for a record no longer in force, or never taken', () => {
  it.each([
    ['Outdated', 'deprecated'],
    ['Outdated as of 2026-10-01', 'deprecated'],
    ['Sunsetted', 'deprecated'],
    ['Discarded, 2026-09-23, without implementation', 'rejected'],
    ['Suspended', 'pending'],
    ['已作废', 'deprecated'],
    ['作廢', 'deprecated'],
    ['已失效', 'deprecated'],
    ['使用停止', 'deprecated'],
    ['廃案', 'rejected'],
  ])('reads %j as %s', (written, status) => {
    const folder = readMarkdownFolder(folderWith({ 'docs/adr/0001-a.md': nygard('1. A', written) }));
    expect(folder.documents.map((d) => d.adr?.status)).toEqual([status]);
  });
});

describe('a successor named in front matter by a wiki link', () => {
  it('resolves `superseded-by: "[[0002-b]]"` and `supersedes: ["[[decisions/0003-c|C]]"]`, as Obsidian writes a property link', () => {
    const fm = (lines: string) => `---\n${lines}\n---\n# T\n\n## Context\n\nWhy.\n`;
    const folder = readMarkdownFolder(
      folderWith({
        'decisions/0001-a.md': fm('status: superseded\nsuperseded-by: "[[0002-b]]"'),
        'decisions/0002-b.md': fm('status: accepted\nsupersedes:\n  - "[[decisions/0003-c|C]]"'),
        'decisions/0003-c.md': fm('status: accepted'),
        'decisions/0004-d.md': fm('status: superseded\nsuperseded_by: "[[0002-b#Decision]]"'),
      }),
    );
    expect(edges(folder)).toEqual([
      'decisions--0001-a -> decisions--0002-b',
      'decisions--0003-c -> decisions--0002-b',
      'decisions--0004-d -> decisions--0002-b',
    ]);
    expect(folder.adrs.unresolved_references).toEqual([]);
  });
});
