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
