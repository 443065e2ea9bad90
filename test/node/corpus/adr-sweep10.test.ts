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
