// ADR sweep 7: decision logs whose sections carry a series id of their own (`## DEC-002: …`,
// `## D-013 — …`, `### AD-7: …`), statuses followed by a symbol and a date, and series ids in a
// record's body, each read as `lens demo load --docs` reads its folder.
import { describe, expect, it } from 'vitest';
import { normaliseAdrStatus } from '../../../electron/corpus/adr-status';
import { readMarkdownFolder, type MarkdownFolder } from '../../../electron/corpus/markdown-folder';
import { useTempFolders } from '../../support/temp-folders';

const { folderWith } = useTempFolders('lens-adr-sweep7-');

/** `older -> newer (partial)` by document id. */
function edges(folder: MarkdownFolder): string[] {
  return folder.supersessions.map((e) => `${e.from_document_id} -> ${e.to_document_id}${e.partial ? ' (partial)' : ''}`);
}

/** `[document id, title, status]` of every document of the folder, records and text alike. */
function documents(folder: MarkdownFolder): Array<[string, string, string | null]> {
  return folder.documents.map((d) => [d.document_id, d.title, d.adr?.status ?? null]);
}

describe('a decision log whose sections carry a series id other than ADR', () => {
  const LOG = [
    '# Platform decisions\n\nOne entry per decision; the newest at the bottom.\n\n',
    '## DEC-001: Keep orders in MySQL\n\n**Status:** Superseded by DEC-002\n**Date:** 2022-04-11\n\nThe shop started on MySQL.\n\n',
    '## DEC-002: Use Postgres\n\n**Status:** Accepted\n**Date:** 2023-02-20\n\nRow-level security decided it.\n\n',
    '## DEC-003: Nightly reports from a replica\n\n**Status:** Proposed\n\nReports read a replica, not the primary.\n\n',
    '## Glossary\n\nWords used above.\n',
  ];

  it('loads each section as a record known by its id, a successor named by id resolving to its section', () => {
    const folder = readMarkdownFolder(folderWith({ 'docs/platform-notes.md': LOG.join('') }));
    expect(documents(folder)).toEqual([
      ['docs--platform-notes', 'Platform decisions', null],
      ['docs--platform-notes--dec-001', 'DEC-001: Keep orders in MySQL', 'superseded'],
      ['docs--platform-notes--dec-002', 'DEC-002: Use Postgres', 'accepted'],
      ['docs--platform-notes--dec-003', 'DEC-003: Nightly reports from a replica', 'proposed'],
    ]);
    const records = folder.documents.filter((d) => d.adr);
    expect(records.map((d) => [d.adr?.adr_id, d.adr?.decided_at])).toEqual([
      ['DEC-001', '2022-04-11'],
      ['DEC-002', '2023-02-20'],
      ['DEC-003', null],
    ]);
    expect(records[1]?.source_uri).toMatch(/platform-notes\.md#dec-002$/);
    expect(edges(folder)).toEqual(['docs--platform-notes--dec-001 -> docs--platform-notes--dec-002']);
    expect(folder.adrs.unresolved_references).toEqual([]);
    expect(folder.documents.map((d) => folder.bodies.get(d.document_id)).join('')).toBe(LOG.join(''));
  });

  it('reads one letter, a few letters, dashes or none, and the separators teams put before the title', () => {
    const folder = readMarkdownFolder(
      folderWith({
        'ops/choices.md':
          '# Ops choices\n\n## D-013 — Retire the cron host\n\nStatus: Accepted\n\n## D-014 – Move jobs to the queue\n\nStatus: Rejected\n',
        'arch/notes.md': '# Notes\n\n### AD-7: One region only\n\n- Status: Deprecated\n\n### AD-8: Two regions\n\n- Status: Accepted\n',
        'arch/big.md': '# Big picture\n\n## ARCH-004 Event bus\n\nStatus: Accepted\n\n## ARCH-005 Schema registry\n\nStatus: Proposed\n',
      }),
    );
    expect(folder.documents.filter((d) => d.adr).map((d) => [d.adr?.adr_id, d.title, d.adr?.status])).toEqual([
      ['ARCH-004', 'ARCH-004: Event bus', 'accepted'],
      ['ARCH-005', 'ARCH-005: Schema registry', 'proposed'],
      ['AD-7', 'AD-7: One region only', 'deprecated'],
      ['AD-8', 'AD-8: Two regions', 'accepted'],
      ['D-013', 'D-013: Retire the cron host', 'accepted'],
      ['D-014', 'D-014: Move jobs to the queue', 'rejected'],
    ]);
  });

  it('makes the sections of a file named as a decision log records whose status is unknown', () => {
    const folder = readMarkdownFolder(
      folderWith({
        'DECISIONS.md': '# Decisions\n\n## DEC-001: Use Go\n\nWe write services in Go.\n\n## DEC-002: Use gRPC\n\nBetween services.\n',
      }),
    );
    expect(documents(folder)).toEqual([
      ['DECISIONS', 'Decisions', null],
      ['DECISIONS--dec-001', 'DEC-001: Use Go', 'unknown'],
      ['DECISIONS--dec-002', 'DEC-002: Use gRPC', 'unknown'],
    ]);
  });

  it('keeps roadmaps, runbooks and notes whose headings start with capitals and a number one document', () => {
    const folder = readMarkdownFolder(
      folderWith({
        'roadmap.md':
          '# Roadmap\n\n## Q3-2024 goals\n\nStatus: Accepted\n\n## Q4-2024 goals\n\nStatus: Accepted\n\n## H1 plan\n\nStatus: Accepted\n\n## H2 plan\n\nStatus: Proposed\n\n## v2-migration\n\nStatus: Accepted\n',
        'runbook.md':
          '# Failover runbook\n\n## STEP-1: Drain the node\n\nStatus: Done\n\n## STEP-2: Promote the replica\n\nStatus: Completed\n\n## STEP-3: Repoint DNS\n\nStatus: In progress\n',
        'formats.md':
          '# Formats\n\n## ISO-8601 dates\n\nStatus: Accepted\n\n## UTF-8 handling\n\nStatus: Accepted\n\n## SHA-256\n\nStatus: Accepted\n',
        'sprint.md':
          '# Sprint 12\n\n## SHOP-123: Fix the login page\n\nStatus: Done\n\n## SHOP-124: Cache the catalogue\n\nStatus: Blocked\n',
      }),
    );
    expect(documents(folder)).toEqual([
      ['formats', 'Formats', null],
      ['roadmap', 'Roadmap', null],
      ['runbook', 'Failover runbook', null],
      ['sprint', 'Sprint 12', null],
    ]);
  });
});

describe('a status with a symbol after its word, then a date', () => {
  it('is the status, dated by the date', () => {
    const folder = readMarkdownFolder(
      folderWith({
        'docs/adr/0001-queue.md': '# 1. Queue\n\nStatus: Accepted ✅ (2023-03-01)\n\n## Context\n\nJobs pile up.\n',
        'docs/adr/0002-cache.md': '# 2. Cache\n\n## Status\n\nRejected ❌ (2023-04-12)\n\n## Context\n\nToo early.\n',
        'docs/adr/0003-search.md': '# 3. Search\n\n## Status\n\n**Accepted** ✔️ on 2023-05-02\n\n## Context\n\nUsers search.\n',
        'docs/adr/0004-logs.md': '# 4. Logs\n\nStatus: Accepted 🎉 — 2023-06-30\n\n## Context\n\nLogs.\n',
      }),
    );
    expect(folder.documents.map((d) => [d.adr?.adr_id, d.adr?.status, d.adr?.decided_at])).toEqual([
      ['ADR-0001', 'accepted', '2023-03-01'],
      ['ADR-0002', 'rejected', '2023-04-12'],
      ['ADR-0003', 'accepted', '2023-05-02'],
      ['ADR-0004', 'accepted', '2023-06-30'],
    ]);
  });
});

describe('a status followed by a date written out', () => {
  it('is dated by a date in words or day first, as a Date: line is ("Accepted on 12 March 2023", "Accepted (March 12, 2023)")', () => {
    const folder = readMarkdownFolder(
      folderWith({
        'docs/adr/0001-queue.md': '# 1. Queue\n\nStatus: Accepted on 12 March 2023\n\n## Context\n\nJobs pile up.\n',
        'docs/adr/0002-cache.md': '# 2. Cache\n\nStatus: Accepted (March 14, 2023)\n\n## Context\n\nReads are slow.\n',
        'docs/adr/0003-search.md': '# 3. Search\n\nStatus: **Rejected** (16/03/2023)\n\n## Context\n\nUsers search.\n',
        'docs/adr/0004-logs.md': '# 4. Logs\n\n## Status\n\nAccepted — 20 Mar 2023\n\n## Context\n\nLogs.\n',
        'docs/adr/0005-later.md': '# 5. Later\n\nStatus: Accepted: may be revisited in 2024\n\n## Context\n\nLater.\n',
        'docs/adr/0006-votes.md': '# 6. Votes\n\nStatus: Accepted (2 votes to 1)\n\n## Context\n\nA vote.\n',
      }),
    );
    expect(folder.documents.map((d) => [d.adr?.adr_id, d.adr?.status, d.adr?.decided_at])).toEqual([
      ['ADR-0001', 'accepted', '2023-03-12'],
      ['ADR-0002', 'accepted', '2023-03-14'],
      ['ADR-0003', 'rejected', '2023-03-16'],
      ['ADR-0004', 'accepted', '2023-03-20'],
      ['ADR-0005', 'accepted', null],
      ['ADR-0006', 'accepted', null],
    ]);
  });
});

describe('a status line that opens with its date', () => {
  it('is dated by it, as a history of such lines is by its latest decision', () => {
    const folder = readMarkdownFolder(
      folderWith({
        'docs/adr/0001-queue.md': '# 1. Queue\n\n## Status\n\n2023-03-12: Accepted\n\n## Context\n\nJobs pile up.\n',
        'docs/adr/0002-cache.md': '# 2. Cache\n\n## Status\n\n- 2023-03-14 Rejected\n\n## Context\n\nReads are slow.\n',
        'docs/adr/0003-search.md':
          '# 3. Search\n\n## Status\n\n- 2023-01-02: Proposed\n- 2023-03-16: Accepted\n- 2023-04-01: Amended by ADR-4\n\n## Context\n\nUsers search.\n',
        'docs/adr/0004-facets.md': '# 4. Facets\n\n## Status\n\n2023-04-01: Superseded by ADR-5\n\n## Context\n\nFacets.\n',
      }),
    );
    expect(folder.documents.map((d) => [d.adr?.adr_id, d.adr?.status, d.adr?.decided_at])).toEqual([
      ['ADR-0001', 'accepted', '2023-03-12'],
      ['ADR-0002', 'rejected', '2023-03-14'],
      ['ADR-0003', 'accepted', '2023-03-16'],
      ['ADR-0004', 'superseded', null],
    ]);
  });
});

describe('a date line keyed as teams key it', () => {
  it('dates the record from "Date accepted:", "Date of decision:", and a date line inside the status section', () => {
    const folder = readMarkdownFolder(
      folderWith({
        'docs/adr/0001-nav.md':
          '# 1. Navigation\n\n**Status:** Accepted  \n**Date accepted:** 2026-07-25  \n**Version:** 1.0\n\n## Context\n\nMenus.\n',
        'docs/adr/0002-ci.md': '# 2. CI\n\n## Status\n\nAccepted\n\nDate of decision: 2024-08-21\n\n## Context\n\nBuilds.\n',
        'docs/adr/0003-cd.md': '# 3. CD\n\n## Status\n\nRejected\n\nDate: 12 May 2024\n\n## Context\n\nReleases.\n',
        'docs/adr/0004-ledger.md':
          '# 4. Ledger\n\n## Metadata\n\n- Status: Proposed\n- Date proposed: 2026-06-26\n- Date accepted: N/A\n\n## Context\n\nMoney.\n',
        'docs/adr/0005-audit.md': '# 5. Audit\n\nStatus: Accepted\nDate accepted: N/A\nDate: 2024-01-09\n\n## Context\n\nAudits.\n',
        'docs/adr/0006-keys.md':
          '# 6. Keys\n\n| Field | Value |\n| --- | --- |\n| Status | Accepted |\n| Date accepted | TBD |\n| Date | 2024-02-02 |\n\n## Context\n\nKeys.\n',
      }),
    );
    expect(folder.documents.map((d) => [d.adr?.adr_id, d.adr?.status, d.adr?.status_text, d.adr?.decided_at])).toEqual([
      ['ADR-0001', 'accepted', 'Accepted', '2026-07-25'],
      ['ADR-0002', 'accepted', 'Accepted', '2024-08-21'],
      ['ADR-0003', 'rejected', 'Rejected', '2024-05-12'],
      // No decision date: the date it was proposed on dates it (adr-sweep17).
      ['ADR-0004', 'proposed', 'Proposed', '2026-06-26'],
      ['ADR-0005', 'accepted', 'Accepted', '2024-01-09'],
      ['ADR-0006', 'accepted', 'Accepted', '2024-02-02'],
    ]);
  });
});

describe("a record's own series id in a sentence of its body", () => {
  it('is read as ADR-0002 is: "This decision supersedes PG-001.", "Superseded by PG-004 (see below).", a link to its anchor', () => {
    const folder = readMarkdownFolder(
      folderWith({
        'docs/pg/adr/PG-001-pooling.md':
          '# PG-001: Pool in the app\n\n## Status\n\nAccepted\n\n## Context\n\nSuperseded by PG-004 (see below).\n',
        'docs/pg/adr/PG-002-vacuum.md': '# PG-002: Manual vacuum\n\n## Status\n\nAccepted\n\n## Context\n\nNightly jobs.\n',
        'docs/pg/adr/PG-003-hashing.md':
          '# PG-003: Hash keys\n\n## Status\n\nAccepted\n\n## Context\n\nThe old MD5 digest is replaced by SHA-256 here. ISO-8601 replaces our own dates.\n',
        'docs/pg/adr/PG-004-bouncer.md':
          '# PG-004: PgBouncer\n\n## Status\n\nAccepted\n\n## Decision\n\nThis decision supersedes PG-001. It also replaces `PG-002`.\n',
        'docs/DECISIONS.md':
          '# Decisions\n\n## DEC-001: Cron jobs\n\nStatus: Accepted\n\n## DEC-002: A queue\n\nStatus: Accepted\n\nThis decision supersedes DEC-001.\n\n' +
          '## DEC-003: Batch exports\n\nStatus: Superseded by [DEC-004](#dec-004-streams)\n\n## DEC-004: Streams\n\nStatus: Accepted\n',
      }),
    );
    expect(edges(folder)).toEqual([
      'docs--DECISIONS--dec-001 -> docs--DECISIONS--dec-002',
      'docs--DECISIONS--dec-003 -> docs--DECISIONS--dec-004',
      'docs--pg--adr--PG-001-pooling -> docs--pg--adr--PG-004-bouncer',
      'docs--pg--adr--PG-002-vacuum -> docs--pg--adr--PG-004-bouncer',
    ]);
    expect(folder.adrs.unresolved_references).toEqual([]);
  });
});

describe('a reference written with ADR beside records of another series of the same number', () => {
  it("names the ADR-form record, not a series' record (a file's or a log section's) of that number", () => {
    const folder = readMarkdownFolder(
      folderWith({
        'docs/adr/0001-monolith.md': '# 1. Monolith\n\n## Status\n\nSuperseded by ADR-4\n',
        'docs/adr/0002-rest.md': '# 2. REST\n\n## Status\n\nAccepted\n',
        'docs/adr/0004-services.md': '# 4. Services\n\n## Status\n\nAccepted\n',
        'docs/adr/SEC-004-mtls.md': '# SEC-004: Mutual TLS\n\n## Status\n\nAccepted\n',
        'docs/DECISIONS.md':
          '# Decisions\n\n## DEC-002: Nightly builds\n\nStatus: Accepted\n\n## DEC-003: gRPC between services\n\nStatus: Accepted\n\nThis decision supersedes ADR-2.\n',
      }),
    );
    expect(edges(folder)).toEqual([
      'docs--adr--0001-monolith -> docs--adr--0004-services',
      'docs--adr--0002-rest -> docs--DECISIONS--dec-003',
    ]);
    expect(folder.adrs.unresolved_references).toEqual([]);
  });

  it('still names the one record of a series that has the number when no ADR-form record has it', () => {
    const folder = readMarkdownFolder(
      folderWith({
        'docs/pg/adr/PG-003-locks.md': '# PG-003: Advisory locks\n\n## Status\n\nSuperseded by ADR-4\n',
        'docs/pg/adr/PG-004-queue.md': '# PG-004: A queue table\n\n## Status\n\nAccepted\n',
      }),
    );
    expect(edges(folder)).toEqual(['docs--pg--adr--PG-003-locks -> docs--pg--adr--PG-004-queue']);
  });
});

describe('status words decision records use', () => {
  it('reads "Ratified", "Retracted", "Under consideration" and "Awaiting approval"', () => {
    expect(['Ratified', 'RATIFIED — binding', 'Retracted', 'Under consideration', 'Awaiting approval'].map(normaliseAdrStatus)).toEqual([
      'accepted',
      'accepted',
      'deprecated',
      'proposed',
      'pending',
    ]);
  });

  it('makes a ratified record one, in a folder of records, and a retracted one no longer in force', () => {
    const folder = readMarkdownFolder(
      folderWith({
        'docs/decisions/2026-05-02-resolver.md':
          '---\nstatus: ratified\ndate: 2026-05-02\n---\n\n# Resolver in its own file\n\nOne script.\n',
        'docs/adr/0001-cron.md': '# 1. Cron\n\n## Status\n\nRetracted\n\n## Context\n\nJobs.\n',
      }),
    );
    expect(folder.documents.map((d) => [d.file, d.adr?.status, d.adr?.decided_at])).toEqual([
      ['docs/adr/0001-cron.md', 'deprecated', null],
      ['docs/decisions/2026-05-02-resolver.md', 'accepted', '2026-05-02'],
    ]);
  });
});
