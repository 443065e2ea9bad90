// ADR sweep 8: status lines that open with a date written out, statuses real teams use that were not
// read, decision logs whose sections are dated or carry a dated id, and decision logs kept as one
// table, each read as `lens demo load --docs` reads its folder.
import { describe, expect, it } from 'vitest';
import { normaliseAdrStatus } from '../../../electron/corpus/adr-status';
import { readMarkdownFolder } from '../../../electron/corpus/markdown-folder';
import { useTempFolders } from '../../support/temp-folders';

const { folderWith } = useTempFolders('lens-adr-sweep8-');

describe('a status line that opens with a date written out', () => {
  it('reads the status after it and is dated by it, as one opening with an ISO date is', () => {
    const folder = readMarkdownFolder(
      folderWith({
        'docs/adr/0001-queue.md': '# 1. Queue\n\n## Status\n\n14 March 2023 Rejected\n\n## Context\n\nJobs pile up.\n',
        'docs/adr/0002-cache.md': '# 2. Cache\n\n## Status\n\nMarch 14, 2023 — Accepted\n\n## Context\n\nReads are slow.\n',
        'docs/adr/0003-search.md':
          '# 3. Search\n\n## Status\n\n- 2 January 2023: Proposed\n- Thursday 16th of March 2023: Accepted\n\n## Context\n\nUsers search.\n',
        'docs/adr/0004-facets.md': '# 4. Facets\n\nStatus: 1 April 2023 Superseded by ADR-5\n\n## Context\n\nFacets.\n',
        'docs/adr/0005-tags.md': '# 5. Tags\n\n## Status\n\nAccepted\n\n## Context\n\nTags.\n',
      }),
    );
    expect(folder.documents.map((d) => [d.adr?.adr_id, d.adr?.status, d.adr?.decided_at])).toEqual([
      ['ADR-0001', 'rejected', '2023-03-14'],
      ['ADR-0002', 'accepted', '2023-03-14'],
      ['ADR-0003', 'accepted', '2023-03-16'],
      ['ADR-0004', 'superseded', null],
      ['ADR-0005', 'accepted', null],
    ]);
    expect(folder.supersessions.map((e) => `${e.from_document_id} -> ${e.to_document_id}`)).toEqual([
      'docs--adr--0004-facets -> docs--adr--0005-tags',
    ]);
  });

  it('is no date when what opens the line only looks like one: a month alone as a word is read as a word', () => {
    expect(normaliseAdrStatus('May be superseded later')).toBe('unknown');
    expect(normaliseAdrStatus('March 2023 Accepted')).toBe('accepted');
    expect(normaliseAdrStatus('Status: 14 March 2023 Rejected')).toBe('rejected');
  });
});

describe('statuses teams write that were not read', () => {
  it('reads an acceptance with a reservation as accepted, in a list, a MADR bullet and a decision log', () => {
    const folder = readMarkdownFolder(
      folderWith({
        'docs/adr/0018-temporal-records.md':
          '# ADR 0018: Temporal records\n\n- Status: Conditionally Accepted\n- Date: 2026-09-24\n\n## Context\n\nRecords change.\n',
        'docs/adr/0004-guidance-floor.md':
          '# ADR 0004: Local guidance floor\n\n- Status: provisionally accepted for the installed internal baseline\n- Date: 2026-08-16\n\n## Decision\n\nVoice first.\n',
        'docs/decisions/task-selection.md':
          '# Task selection: select task first\n\n* Status: tentatively accepted\n* Deciders: the team\n* Date: 2021-06-02\n\n## Context and Problem Statement\n\nTimers.\n',
        'docs/direction.md':
          '# Direction\n\n### D-001 — OMP as execution kernel\n\nStatus: PROVISIONALLY ACCEPTED\n\nThe runtime.\n\n### D-002 — One queue\n\nStatus: Proposed\n\nOne queue.\n',
      }),
    );
    expect(folder.documents.filter((d) => d.adr).map((d) => [d.adr?.adr_id, d.adr?.status])).toEqual([
      ['ADR-0004', 'accepted'],
      ['ADR-0018', 'accepted'],
      ['task-selection', 'accepted'],
      ['D-001', 'accepted'],
      ['D-002', 'proposed'],
    ]);
  });

  it('reads the EIP-style lifecycle an ADR repository keeps in front matter (Review, Last Call, Stagnant, Living)', () => {
    const adr = (n: number, status: string) =>
      `---\nadr: ${n}\ndate: 2020-10-05\ntitle: Record ${n}\nstatus: ${status}\ntype: Standards Track\n---\n\n## Abstract\n\nText.\n`;
    const folder = readMarkdownFolder(
      folderWith({
        'content/ADR-1-adr-process.md': adr(1, 'Living'),
        'content/ADR-2-sync.md': adr(2, 'Review'),
        'content/ADR-3-comms.md': adr(3, 'Last Call'),
        'content/ADR-4-realms.md': adr(4, 'Stagnant'),
        'content/ADR-5-rpc.md': adr(5, 'Final'),
      }),
    );
    expect(folder.documents.map((d) => [d.adr?.adr_id, d.adr?.status, d.adr?.status_raw])).toEqual([
      ['ADR-1', 'accepted', 'Living'],
      ['ADR-2', 'proposed', 'Review'],
      ['ADR-3', 'proposed', 'Last Call'],
      ['ADR-4', 'pending', 'Stagnant'],
      ['ADR-5', 'accepted', 'Final'],
    ]);
  });

  it('leaves a board of tickets whose column is "Review" one document, and words seen only on tasks unread', () => {
    const folder = readMarkdownFolder(
      folderWith({
        'docs/sprint.md': '# Sprint 12\n\n## SHOP-101: Cart badge\n\nStatus: Review\n\n## SHOP-102: Coupon field\n\nStatus: Review\n',
      }),
    );
    expect(folder.documents.map((d) => [d.document_id, d.adr?.status ?? null])).toEqual([['docs--sprint', null]]);
    expect(normaliseAdrStatus('Dropped')).toBe('unknown');
    expect(normaliseAdrStatus('Expired')).toBe('unknown');
  });
});

/** `older -> newer` by document id. */
function edges(folder: ReturnType<typeof readMarkdownFolder>): string[] {
  return folder.supersessions.map((e) => `${e.from_document_id} -> ${e.to_document_id}${e.partial ? ' (partial)' : ''}`);
}

describe('a decision log whose sections are dated', () => {
  it('reads `### DEC-20240301-use-sqlite` sections as records numbered by their day, a successor named so resolving', () => {
    const log =
      '# Decisions\n\n### DEC-20240301-use-sqlite\n\nStatus: Superseded by DEC-20240615-use-postgres\n\nWe use SQLite.\n\n' +
      '### DEC-20240615-use-postgres\n\nStatus: Accepted\n\nPostgres now.\n\n### DEC-20240702: Nightly backups\n\nStatus: Proposed\n';
    const folder = readMarkdownFolder(folderWith({ 'docs/decisions.md': log }));
    expect(
      folder.documents.map((d) => [d.document_id, d.title, d.adr?.adr_id ?? null, d.adr?.status ?? null, d.adr?.decided_at ?? null]),
    ).toEqual([
      ['docs--decisions', 'Decisions', null, null, null],
      ['docs--decisions--dec-20240301', 'DEC-20240301: use-sqlite', 'DEC-20240301', 'superseded', '2024-03-01'],
      ['docs--decisions--dec-20240615', 'DEC-20240615: use-postgres', 'DEC-20240615', 'accepted', '2024-06-15'],
      ['docs--decisions--dec-20240702', 'DEC-20240702: Nightly backups', 'DEC-20240702', 'proposed', '2024-07-02'],
    ]);
    expect(edges(folder)).toEqual(['docs--decisions--dec-20240301 -> docs--decisions--dec-20240615']);
    expect(folder.adrs.unresolved_references).toEqual([]);
    expect(folder.documents.map((d) => folder.bodies.get(d.document_id)).join('')).toBe(log);
  });

  it('reads `## 2024-03-01: Use SQLite` sections as records known by their anchor, titled and dated by their heading', () => {
    const log =
      '# Decision log\n\nNewest last.\n\n## 2024-03-01: Use SQLite\n\n**Status:** Superseded by [Use Postgres](#2024-06-15--use-postgres)\n\nOne file.\n\n' +
      // GitHub anchors `## 2024-06-15 — Use Postgres` as `#2024-06-15--use-postgres` (the dash dropped, each space a dash).
      '## 2024-06-15 — Use Postgres\n\n**Status:** Accepted\n\nRow-level security.\n\n## 2024-08-02: Cache in Redis\n\n### Status\n\nSuperseded by 2024-09-10-drop-the-cache\n\n' +
      '## 2024-09-10: Drop the cache\n\n### Status\n\nAccepted\n';
    const folder = readMarkdownFolder(folderWith({ 'docs/decision-log.md': log }));
    expect(
      folder.documents.map((d) => [d.document_id, d.title, d.adr?.adr_id ?? null, d.adr?.status ?? null, d.adr?.decided_at ?? null]),
    ).toEqual([
      ['docs--decision-log', 'Decision log', null, null, null],
      ['docs--decision-log--2024-03-01-use-sqlite', 'Use SQLite', '2024-03-01-use-sqlite', 'superseded', '2024-03-01'],
      ['docs--decision-log--2024-06-15--use-postgres', 'Use Postgres', '2024-06-15--use-postgres', 'accepted', '2024-06-15'],
      ['docs--decision-log--2024-08-02-cache-in-redis', 'Cache in Redis', '2024-08-02-cache-in-redis', 'superseded', '2024-08-02'],
      ['docs--decision-log--2024-09-10-drop-the-cache', 'Drop the cache', '2024-09-10-drop-the-cache', 'accepted', '2024-09-10'],
    ]);
    expect(folder.documents[1]?.source_uri).toMatch(/decision-log\.md#2024-03-01-use-sqlite$/);
    expect(edges(folder)).toEqual([
      'docs--decision-log--2024-03-01-use-sqlite -> docs--decision-log--2024-06-15--use-postgres',
      'docs--decision-log--2024-08-02-cache-in-redis -> docs--decision-log--2024-09-10-drop-the-cache',
    ]);
    expect(folder.adrs.unresolved_references).toEqual([]);
    expect(folder.documents.map((d) => folder.bodies.get(d.document_id)).join('')).toBe(log);
  });

  it('leaves a changelog, a log of stand-ups and a journal under dated headings one document each', () => {
    const folder = readMarkdownFolder(
      folderWith({
        'CHANGELOG.md':
          '# Changelog\n\n## 2024-03-01 — Release 1.4\n\nAccepted payments by card.\n\n### Added\n\n- Accepted payments by card\n\n### Fixed\n\n- Status: rejected orders were lost\n\n' +
          '## 2024-02-01: Release 1.3\n\n### Deprecated\n\n- The v1 API\n\n### Removed\n\n- Superseded exports\n',
        'notes/standups.md': '# Standups\n\n## 2024-03-01: Monday\n\nStatus: Done\n\n## 2024-03-04: Tuesday\n\nStatus: In progress\n',
        'notes/journal.md': '# Journal\n\n## 2024-03-01 Deploy\n\nApproved by ops.\n\n## 2024-03-04 Rollback\n\nRejected the hotfix.\n',
        'notes/days.md': '# Days\n\n## 2024-03-01\n\nStatus: Accepted\n\n## 2024-03-04\n\nStatus: Rejected\n',
      }),
    );
    expect(folder.documents.map((d) => [d.document_id, d.adr?.status ?? null])).toEqual([
      ['CHANGELOG', null],
      ['notes--days', null],
      ['notes--journal', null],
      ['notes--standups', null],
    ]);
  });
});

describe('a decision log kept as one table', () => {
  it('loads each row as a record: its id, title, status and date from their columns, its successor from "Superseded by"', () => {
    const log =
      '# Decision log\n\nOne row a decision.\n\n| ID | Title | Status | Date | Superseded by |\n|---|---|---|---|---|\n' +
      '| DEC-001 | Use SQLite | Superseded | 2024-03-01 | DEC-002 |\n| DEC-002 | Use Postgres | Accepted | 2024-06-15 | — |\n' +
      '| DEC-003 | Cache in Redis | Proposed | 2024-07-01 | |\n';
    const folder = readMarkdownFolder(folderWith({ 'docs/decision-log.md': log }));
    expect(
      folder.documents.map((d) => [d.document_id, d.title, d.adr?.adr_id ?? null, d.adr?.status ?? null, d.adr?.decided_at ?? null]),
    ).toEqual([
      ['docs--decision-log', 'Decision log', null, null, null],
      ['docs--decision-log--dec-001', 'DEC-001: Use SQLite', 'DEC-001', 'superseded', '2024-03-01'],
      ['docs--decision-log--dec-002', 'DEC-002: Use Postgres', 'DEC-002', 'accepted', '2024-06-15'],
      ['docs--decision-log--dec-003', 'DEC-003: Cache in Redis', 'DEC-003', 'proposed', '2024-07-01'],
    ]);
    expect(edges(folder)).toEqual(['docs--decision-log--dec-001 -> docs--decision-log--dec-002']);
    expect(folder.adrs.unresolved_references).toEqual([]);
    expect(folder.documents.map((d) => folder.bodies.get(d.document_id)).join('')).toBe(log);
  });

  it('reads bare numbers under a column named for records, and a "Supersedes" column', () => {
    const folder = readMarkdownFolder(
      folderWith({
        'architecture/choices.md':
          '# Architecture choices\n\n| ADR | Decision | Status | Decided | Supersedes |\n|:-:|---|---|---|---|\n' +
          '| 1 | Monolith first | Superseded | 2022-01-10 | |\n| 2 | Split out billing | Accepted | 2023-05-02 | 1 |\n',
      }),
    );
    expect(folder.documents.filter((d) => d.adr).map((d) => [d.adr?.adr_id, d.title, d.adr?.status, d.adr?.decided_at])).toEqual([
      ['ADR-1', 'ADR-1: Monolith first', 'superseded', '2022-01-10'],
      ['ADR-2', 'ADR-2: Split out billing', 'accepted', '2023-05-02'],
    ]);
    expect(edges(folder)).toEqual(['architecture--choices--adr-1 -> architecture--choices--adr-2']);
  });

  it('leaves an index of linked records, a table of tasks or tickets, and a record with a table of related records as they were', () => {
    const folder = readMarkdownFolder(
      folderWith({
        'docs/decisions.md':
          '# Decisions\n\n| ID | Title | Status |\n|---|---|---|\n| [ADR-0001](adr/0001-a.md) | A | Accepted |\n| [ADR-0002](adr/0002-b.md) | B | Superseded |\n',
        'docs/plan.md': '# Plan\n\n| # | Title | Status |\n|---|---|---|\n| 1 | Export | Approved |\n| 2 | Import | Done |\n',
        'docs/tickets.md':
          '# Tickets\n\n| ID | Title | Status |\n|---|---|---|\n| SHOP-1 | Export | Done |\n| SHOP-2 | Import | In progress |\n',
        'docs/adr/0010-x.md':
          '# 10. X\n\n## Status\n\nAccepted\n\n## Related\n\n| ID | Title | Status |\n|---|---|---|\n| ADR-0003 | Old | Superseded |\n| ADR-0005 | Other | Accepted |\n',
      }),
    );
    expect(folder.documents.map((d) => [d.document_id, d.adr?.status ?? null])).toEqual([
      ['docs--adr--0010-x', 'accepted'],
      ['docs--decisions', null],
      ['docs--plan', null],
      ['docs--tickets', null],
    ]);
  });
});

describe('an index of records kept as a table', () => {
  it('is no record of its own status: its Status column is each listed record’s', () => {
    const index =
      '| ADR | Title | Status |\n|---|---|---|\n| [ADR-0001](0001-a.md) | A | Accepted |\n| [ADR-0002](0002-b.md) | B | Superseded |\n';
    const folder = readMarkdownFolder(
      folderWith({
        'docs/adr/adr-log.md': `# Log\n\n${index}`,
        'docs/architecture/decision-log.md': `# Decision log\n\n${index.replaceAll('](0', '](../adr/0')}`,
        'docs/adr/0001-a.md': '# 1. A\n\n## Status\n\nAccepted\n',
        'docs/adr/0002-b.md': '# 2. B\n\n| Status | Date |\n|---|---|\n| Superseded by ADR-1 | 2024-05-01 |\n\n## Context\n\nB.\n',
      }),
    );
    expect(folder.documents.map((d) => [d.document_id, d.adr?.status ?? null])).toEqual([
      ['docs--adr--0001-a', 'accepted'],
      ['docs--adr--0002-b', 'superseded'],
      ['docs--adr--adr-log', null],
      ['docs--architecture--decision-log', null],
    ]);
  });
});
