// ADR sweep 11: stale decision records as real teams write them, read as `lens demo load --docs` reads
// its folder: an all-numeric date that reads both ways wherever a record writes its date, a successor
// named in a sentence of the body, and more conventions of real ADR folders.
import { describe, expect, it } from 'vitest';
import { readMarkdownFolder } from '../../../electron/corpus/markdown-folder';
import { useTempFolders } from '../../support/temp-folders';

const { folderWith } = useTempFolders('lens-adr-sweep11-');

/** `older -> newer` by document id. */
function edges(folder: ReturnType<typeof readMarkdownFolder>): string[] {
  return folder.supersessions.map((e) => `${e.from_document_id} -> ${e.to_document_id}${e.partial ? ' (partial)' : ''}`);
}

const nygard = (title: string, status: string, decision = 'What.') =>
  `# ${title}\n\n## Status\n\n${status}\n\n## Context\n\nWhy.\n\n## Decision\n\n${decision}\n`;

describe('an all-numeric date that reads both ways, wherever the record writes it', () => {
  // Each way a record dates itself other than a `Date:` line, with the ambiguous 3 January / 1 March.
  const written: Record<string, string> = {
    'beside the status in brackets': nygard('T', 'Accepted (03/01/2024)'),
    'after "on"': nygard('T', 'Accepted on 03/01/2024'),
    'before the status': nygard('T', '03/01/2024: Accepted'),
    'beside a status line above the first heading': '# T\n\nStatus: Accepted (03/01/2024)\n\n## Context\n\nWhy.\n',
    'in the status heading': '# T\n\n## Status (03/01/2024)\n\nAccepted\n\n## Context\n\nWhy.\n',
    'in a history table': '# T\n\n## Status\n\n| Date | Status |\n|---|---|\n| 03/01/2024 | Accepted |\n\n## Context\n\nWhy.\n',
    'in a `## Date` section': '# T\n\n## Status\n\nAccepted\n\n## Date\n\n03/01/2024\n\n## Context\n\nWhy.\n',
    'on a date line under the status': '# T\n\n## Status\n\nAccepted\n\nDate: 03/01/2024\n\n## Context\n\nWhy.\n',
  };
  const forms = Object.entries(written);
  const files = (folder: string, neighbour: string | null) =>
    Object.fromEntries([
      ...forms.map(([, text], k) => [`${folder}/f${k}/adr/0001-a.md`, text]),
      ...(neighbour === null ? [] : forms.map((_, k) => [`${folder}/f${k}/adr/0002-b.md`, nygard('B', `Accepted (${neighbour})`)])),
    ]);
  const datesOfFirst = (folder: ReturnType<typeof readMarkdownFolder>) =>
    folder.documents.filter((d) => d.file.endsWith('0001-a.md')).map((d) => [d.file.split('/')[1], d.adr?.decided_at]);
  const where = forms.map((_, k) => `f${k}`);

  it('is not guessed day first: the record loads undated and a warning names the file and the two dates', () => {
    const folder = readMarkdownFolder(folderWith(files('x', null)));
    expect(datesOfFirst(folder)).toEqual(where.map((f) => [f, null]));
    const warned = folder.warningMessages.filter((m) => m.code === 'demo_load:adr_date_ambiguous').map((m) => m.params);
    expect(warned).toEqual(
      where.map((f) => ({ file: `x/${f}/adr/0001-a.md`, text: '03/01/2024', day_first: '2024-01-03', month_first: '2024-03-01' })),
    );
  });

  it('takes the order its folder writes unambiguous dates in, beside a status too', () => {
    const monthFirst = readMarkdownFolder(folderWith(files('us', '01/13/2024')));
    expect(datesOfFirst(monthFirst)).toEqual(where.map((f) => [f, '2024-03-01']));
    const dayFirst = readMarkdownFolder(folderWith(files('uk', '13/01/2024')));
    expect(datesOfFirst(dayFirst)).toEqual(where.map((f) => [f, '2024-01-03']));
    expect(dayFirst.warningMessages.filter((m) => m.code === 'demo_load:adr_date_ambiguous')).toEqual([]);
  });
});

describe('a successor named in a sentence of the body', () => {
  it('reads "This RFC supersedes RFC-012." in a folder of RFCs not named for records, as "This decision supersedes ADR-0003." is read', () => {
    const rfc = (title: string, decision: string) => nygard(title, 'Accepted', decision);
    const folder = readMarkdownFolder(
      folderWith({
        'docs/rfcs/RFC-010-use-files.md': rfc('RFC-010: Use files', 'Files.'),
        'docs/rfcs/RFC-011-use-redis.md': rfc('RFC-011: Use Redis', 'This RFC replaces RFC-10 for the queue.'),
        'docs/rfcs/RFC-012-use-kafka.md': rfc('RFC-012: Use Kafka', 'A log.'),
        'docs/rfcs/RFC-013-use-nats.md': rfc('RFC-013: Use NATS', 'This RFC supersedes RFC-012.'),
        'docs/rfcs/RFC-014-use-sqs.md': rfc('RFC-014: Use SQS', 'Replaces [RFC 13](RFC-013-use-nats.md).'),
        // A sentence that says one record superseded another says nothing of this one.
        'docs/rfcs/RFC-015-use-grpc.md': rfc('RFC-015: Use gRPC', 'RFC-014 superseded RFC-011 last year, and we keep it.'),
        // A record names itself by its series' id.
        'docs/rfcs/RFC-016-use-http.md': rfc('RFC-016: Use HTTP', 'RFC-016 supersedes RFC-015.'),
        'docs/adr/0003-use-sqlite.md': nygard('3. Use SQLite', 'Accepted'),
        'docs/adr/0004-use-mysql.md': nygard('4. Use MySQL', 'Accepted'),
        'docs/adr/0005-use-postgres.md': nygard('5. Use Postgres', 'Accepted', 'This decision supersedes ADR-0003.'),
        'docs/adr/0006-use-pgbouncer.md': nygard('6. Use PgBouncer', 'Accepted', 'ADR-0005 superseded ADR-0004 last year.'),
      }),
    );
    const r = 'docs--rfcs--';
    expect(edges(folder).sort()).toEqual([
      'docs--adr--0003-use-sqlite -> docs--adr--0005-use-postgres',
      `${r}RFC-010-use-files -> ${r}RFC-011-use-redis`,
      `${r}RFC-012-use-kafka -> ${r}RFC-013-use-nats`,
      `${r}RFC-013-use-nats -> ${r}RFC-014-use-sqs`,
      `${r}RFC-015-use-grpc -> ${r}RFC-016-use-http`,
    ]);
    expect(folder.adrs.unresolved_references).toEqual([]);
  });
});

describe('statuses in more words and languages for a record no longer in force, or in force', () => {
  it.each([
    // French writes a décision in the feminine: déprécié is read, dépréciée was not.
    ['Dépréciée', 'deprecated'],
    ['Retirée', 'deprecated'],
    ['Révoquée', 'deprecated'],
    ['Archivée', 'deprecated'],
    ['Caduque', 'deprecated'],
    ['Périmée', 'deprecated'],
    ['Refusée', 'rejected'],
    ['En vigueur', 'accepted'],
    ['Archivado', 'deprecated'],
    ['Revocada', 'deprecated'],
    ['Derogada', 'deprecated'],
    ['Retirado', 'deprecated'],
    ['Anulada', 'rejected'],
    ['Revogada', 'deprecated'],
    ['Arquivado', 'deprecated'],
    ['Recusada', 'rejected'],
    ['Em vigor', 'accepted'],
    ['Archiviert', 'deprecated'],
    ['Aufgehoben', 'deprecated'],
    ['Außer Kraft', 'deprecated'],
    ['Nicht mehr gültig', 'deprecated'],
    ['Ungültig', 'deprecated'],
    ['In Kraft', 'accepted'],
    ['Entschieden', 'accepted'],
    ['Ritirata', 'deprecated'],
    ['Revocato', 'deprecated'],
    ['Archiviato', 'deprecated'],
    ['Annullata', 'rejected'],
    ['In vigore', 'accepted'],
    ['Bozza', 'proposed'],
    ['Rolled back', 'deprecated'],
    ['Reversed', 'deprecated'],
    ['Phased out', 'deprecated'],
    ['Decommissioned', 'deprecated'],
    ['Invalidated', 'deprecated'],
    ['No longer in force', 'deprecated'],
    ['No longer valid', 'deprecated'],
  ])('reads %j as %s', (written, status) => {
    const folder = readMarkdownFolder(folderWith({ 'docs/adr/0001-a.md': nygard('1. A', written) }));
    expect(folder.documents.map((d) => d.adr?.status)).toEqual([status]);
  });
});

describe('a folder index that lists every record with its status', () => {
  const bare = (title: string) => `# ${title}\n\n## Context\n\nWhy.\n\n## Decision\n\nWhat.\n`;
  const index = [
    '# Architecture decisions',
    '',
    '| ADR | Title | Status | Superseded by |',
    '|---|---|---|---|',
    '| [0001](0001-use-sqlite.md) | Use SQLite | Superseded | [0002](0002-use-postgres.md) |',
    '| [0002](0002-use-postgres.md) | Use Postgres | Accepted | - |',
    '| [0003](0003-use-redis.md) | Use Redis | Deprecated | - |',
    '| [0004](0004-use-kafka.md) | Use Kafka | Superseded by [0002](0002-use-postgres.md) | - |',
    '| [0005](0005-use-nats.md) | Use NATS | Superseded | - |',
    '',
  ].join('\n');

  it('gives its status (and successor) to a record that states none, and is no record itself', () => {
    const folder = readMarkdownFolder(
      folderWith({
        'docs/adr/README.md': index,
        'docs/adr/0001-use-sqlite.md': bare('1. Use SQLite'),
        'docs/adr/0002-use-postgres.md': bare('2. Use Postgres'),
        'docs/adr/0003-use-redis.md': bare('3. Use Redis'),
        'docs/adr/0004-use-kafka.md': bare('4. Use Kafka'),
        // Its own status wins over the index's.
        'docs/adr/0005-use-nats.md': nygard('5. Use NATS', 'Accepted'),
      }),
    );
    expect(folder.documents.map((d) => [d.file, d.adr?.status ?? null, d.adr?.status_source ?? null])).toEqual([
      ['docs/adr/0001-use-sqlite.md', 'superseded', 'index'],
      ['docs/adr/0002-use-postgres.md', 'accepted', 'index'],
      ['docs/adr/0003-use-redis.md', 'deprecated', 'index'],
      ['docs/adr/0004-use-kafka.md', 'superseded', 'index'],
      ['docs/adr/0005-use-nats.md', 'accepted', 'nygard'],
      ['docs/adr/README.md', null, null],
    ]);
    expect(edges(folder)).toEqual([
      'docs--adr--0001-use-sqlite -> docs--adr--0002-use-postgres',
      'docs--adr--0004-use-kafka -> docs--adr--0002-use-postgres',
    ]);
    // The record that says it is in force while the index says it is not is named, with both.
    const warned = folder.warningMessages.filter((m) => m.code === 'demo_load:adr_index_status_differs').map((m) => m.params);
    expect(warned).toEqual([
      { file: 'docs/adr/0005-use-nats.md', status: 'Accepted', index: 'docs/adr/README.md', index_status: 'Superseded' },
    ]);
  });

  it('says nothing of a record in another folder than the index', () => {
    const folder = readMarkdownFolder(
      folderWith({
        'docs/README.md': index.replaceAll('](0', '](adr/0'),
        'docs/adr/0001-use-sqlite.md': bare('1. Use SQLite'),
        'docs/adr/0002-use-postgres.md': bare('2. Use Postgres'),
      }),
    );
    expect(folder.documents.map((d) => d.adr?.status ?? null)).toEqual(['unknown', 'unknown', null]);
    expect(edges(folder)).toEqual([]);
  });
});

describe('a status marked on the title of a record that states none', () => {
  const titled = (heading: string) => `# ${heading}\n\n## Context\n\nWhy.\n\n## Decision\n\nWhat.\n`;

  it('is read from a bracketed tag before or after the title: "[DEPRECATED] 3. Use C", "Use B (Superseded)"', () => {
    const folder = readMarkdownFolder(
      folderWith({
        'docs/adr/0001-use-a.md': titled('[Superseded by [ADR-0010](0010-use-z.md)] Use A'),
        'docs/adr/0002-use-b.md': titled('2. Use B (Superseded)'),
        'docs/adr/0003-use-c.md': titled('[DEPRECATED] 3. Use C'),
        'docs/adr/0004-use-d.md': titled('4. Use D [Superseded by ADR-0010]'),
        'docs/adr/0005-use-e.md': titled('(Rejected) Use E'),
        // A bracket that is no status, and a status stated in the text, are what they say.
        'docs/adr/0006-use-f.md': titled('6. Use F (with a cache)'),
        'docs/adr/0007-use-g.md': `# 7. Use G (Superseded)\n\n## Status\n\nAccepted\n`,
        'docs/adr/0010-use-z.md': `# 10. Use Z\n\n## Status\n\nAccepted\n`,
      }),
    );
    expect(folder.documents.map((d) => [d.adr?.adr_id, d.adr?.status, d.adr?.status_source])).toEqual([
      ['ADR-0001', 'superseded', 'title'],
      ['ADR-0002', 'superseded', 'title'],
      ['ADR-0003', 'deprecated', 'title'],
      ['ADR-0004', 'superseded', 'title'],
      ['ADR-0005', 'rejected', 'title'],
      ['ADR-0006', 'unknown', 'none'],
      ['ADR-0007', 'accepted', 'nygard'],
      ['ADR-0010', 'accepted', 'nygard'],
    ]);
    expect(edges(folder)).toEqual(['docs--adr--0001-use-a -> docs--adr--0010-use-z', 'docs--adr--0004-use-d -> docs--adr--0010-use-z']);
  });
});

describe('a status tag on a title outside the records', () => {
  it('makes no page a record: a plan titled "[SUPERSEDED] Plan: tracker" with a Decision section stays a document', () => {
    const folder = readMarkdownFolder(
      folderWith({ 'docs/plans/tracker.md': '# [SUPERSEDED] Plan: tracker\n\n## Decision\n\nWe build it.\n' }),
    );
    expect(folder.documents.map((d) => [d.title, d.adr])).toEqual([['[SUPERSEDED] Plan: tracker', null]]);
  });
});

describe('a pointer in the status of a superseded record', () => {
  it('names its successor: "Superseded. See [ADR-0010](…)." and "Superseded" over a "See ADR-0010" line', () => {
    const folder = readMarkdownFolder(
      folderWith({
        'docs/adr/0001-a.md': nygard('1. A', 'Superseded. See [ADR-0010](0010-use-z.md).'),
        'docs/adr/0002-b.md': nygard('2. B', 'Superseded\n\nSee ADR-0010'),
        'docs/adr/0003-c.md':
          '# 3. C\n\nStatus: Superseded. See [ADR-0010](0010-use-z.md) for the current decision.\n\n## Context\n\nWhy.\n',
        // A record in force that points elsewhere is superseded by nothing.
        'docs/adr/0004-d.md': nygard('4. D', 'Accepted\n\nSee [ADR-0010](0010-use-z.md) for background.'),
        'docs/adr/0010-use-z.md': nygard('10. Use Z', 'Accepted'),
      }),
    );
    expect(edges(folder)).toEqual([
      'docs--adr--0001-a -> docs--adr--0010-use-z',
      'docs--adr--0002-b -> docs--adr--0010-use-z',
      'docs--adr--0003-c -> docs--adr--0010-use-z',
    ]);
    expect(folder.warnings.filter((w) => w.includes('no ADR is named as its successor'))).toEqual([]);
  });
});

describe('a successor named by its heading as written, number and title', () => {
  it('resolves `superseded_by: "10. Use Z"` in front matter to the record headed "# 10. Use Z"', () => {
    const ctx = '\n## Context\n\nWhy.\n';
    const folder = readMarkdownFolder(
      folderWith({
        'docs/adr/0001-a.md': `---\nstatus: Superseded\nsuperseded_by: "10. Use Z"\n---\n# 1. A\n${ctx}`,
        'docs/adr/0002-b.md': `---\nstatus: Superseded\nsuperseded-by: "ADR-10: Use Z"\n---\n# 2. B\n${ctx}`,
        // The number must be the record's: "11. Use Z" names no record.
        'docs/adr/0003-c.md': `---\nstatus: Superseded\nsuperseded_by: "11. Use Z"\n---\n# 3. C\n${ctx}`,
        'docs/adr/0010-use-z.md': `# 10. Use Z\n\n## Status\n\nAccepted\n${ctx}`,
      }),
    );
    expect(edges(folder)).toEqual(['docs--adr--0001-a -> docs--adr--0010-use-z', 'docs--adr--0002-b -> docs--adr--0010-use-z']);
    expect(folder.adrs.unresolved_references.map((r) => r.target)).toEqual(['11. Use Z']);
  });
});

describe('a status history written as dated lines', () => {
  it('dates a record it says was superseded by the line that accepted it, as a history table does', () => {
    const history = (...lines: string[]) => nygard('T', lines.join('\n'));
    const folder = readMarkdownFolder(
      folderWith({
        'docs/adr/0001-a.md': history('- 2024-03-01: Proposed', '- 2024-03-05: Accepted', '- 2024-06-01: Superseded by ADR-0010'),
        'docs/adr/0002-b.md': history('* 2024-02-01 Proposed', '* 9 February 2024 Accepted', '* 2024-06-01 Deprecated'),
        'docs/adr/0003-c.md': history('- 2024-03-01: Proposed', '- 2024-06-01: Superseded by ADR-0010'),
        'docs/adr/0010-z.md': history('- 2024-06-01: Accepted'),
      }),
    );
    expect(folder.documents.map((d) => [d.adr?.adr_id, d.adr?.status, d.adr?.decided_at])).toEqual([
      ['ADR-0001', 'superseded', '2024-03-05'],
      ['ADR-0002', 'deprecated', '2024-02-09'],
      // Never accepted: no decision to date.
      ['ADR-0003', 'superseded', null],
      ['ADR-0010', 'accepted', '2024-06-01'],
    ]);
  });
});

describe('a record that states no status but says in a sentence of its own that it is retired', () => {
  it('is deprecated: "This ADR is deprecated." / "**This decision is obsolete as of 2025-10-21.**"; a condition is not', () => {
    const body = (text: string) => `# T\n\n## Context\n\nWhy.\n\n## Decision\n\n${text}\n`;
    const folder = readMarkdownFolder(
      folderWith({
        'docs/adr/0001-a.md': body('This ADR is deprecated. The system relies on the flag.'),
        'docs/adr/0002-b.md': body('**This decision is obsolete as of 2025-10-21.**'),
        'docs/adr/0003-c.md': body('We keep the queue. This record has been withdrawn.'),
        // A condition under which it would be, a mention mid-sentence, or another record's state say nothing of it.
        'docs/adr/0004-d.md': body('- If the seam is found; this ADR is deprecated.\n\nThis ADR is deprecated if the seam is found.'),
        'docs/adr/0005-e.md': body('ADR-0002 is deprecated. We build on it anyway.'),
        'docs/adr/0006-f.md': nygard('6. F', 'Accepted', 'This ADR is deprecated.'),
      }),
    );
    expect(folder.documents.map((d) => [d.adr?.adr_id, d.adr?.status])).toEqual([
      ['ADR-0001', 'deprecated'],
      ['ADR-0002', 'deprecated'],
      ['ADR-0003', 'deprecated'],
      ['ADR-0004', 'unknown'],
      ['ADR-0005', 'unknown'],
      // Its own status is what it says.
      ['ADR-0006', 'accepted'],
    ]);
  });
});
