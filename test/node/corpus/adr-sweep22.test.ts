// ADR sweep 22: a status carried in the file name (`0007-accepted-use-postgres.md`) read when the record states none; a
// supersession that says when or how between the verb and "by" ("Superseded for now by ADR-0020",
// "Superseded, for the time being, by ADR-0020", "Superseded temporarily by …") names its successor after "by" and no
// title before it, and replaces the whole record.
// Fixtures are written here in the shapes real folders use, in words of our own.
import { describe, expect, it } from 'vitest';
import { parseAdr } from '../../../electron/corpus/adr-record';
import { readMarkdownFolder } from '../../../electron/corpus/markdown-folder';
import { useTempFolders } from '../../support/temp-folders';

/** The status and the successors a record's `## Status` section gives. */
function statusOf(status: string) {
  const facts = parseAdr({
    fileName: 'docs/adr/0003-self-hosted-queue.md',
    body: `# 3. Self-hosted queue\n\n## Status\n\n${status}\n\n## Context\n\nWhy.\n`,
    frontMatter: {},
  });
  return {
    status: facts?.status,
    successors: facts?.links
      .filter((link) => link.relation === 'superseded_by')
      .map((link) => `${link.target}${link.partial ? ' (partial)' : ''}`),
  };
}

describe('a qualifier of when or how before "by"', () => {
  it.each([
    'Superseded for now by ADR-0020',
    'Superseded, for the time being, by ADR-0020',
    'Superseded for the time being by ADR-0020',
    'Superseded in full by ADR-0020',
    'Superseded temporarily by ADR-0020',
    'Superseded completely by ADR-0020',
    'Superseded for the moment by ADR-0020',
    'Superseded until further notice by ADR-0020',
  ])('%s: superseded whole by ADR-0020, and no title', (written) => {
    expect(statusOf(written)).toEqual({ status: 'superseded', successors: ['ADR-0020'] });
  });

  it('reads a link or a title after "by", not the words before it', () => {
    expect(statusOf('Superseded for now by [Managed queue](0020-managed-queue.md)')).toEqual({
      status: 'superseded',
      successors: ['0020-managed-queue.md'],
    });
    expect(statusOf('Superseded for now by Managed queue')).toEqual({ status: 'superseded', successors: ['Managed queue'] });
    expect(statusOf('Superseded for the time being by "Managed queue"')).toEqual({ status: 'superseded', successors: ['Managed queue'] });
  });

  it('keeps a qualifier that names the part partial (round 10), with a title after "by" too', () => {
    expect(statusOf('Superseded for the EU region by ADR-0020')).toEqual({
      status: 'partly_superseded',
      successors: ['ADR-0020 (partial)'],
    });
    expect(statusOf('Superseded in part by ADR-0020')).toEqual({ status: 'partly_superseded', successors: ['ADR-0020 (partial)'] });
    expect(statusOf('Superseded for the managed path by Managed queue')).toEqual({
      status: 'partly_superseded',
      successors: ['Managed queue (partial)'],
    });
    // "by hand" names nothing.
    expect(statusOf('Replaced in the build by hand')).toEqual({ status: 'superseded', successors: [] });
  });
});

const { folderWith } = useTempFolders('lens-adr-sweep22-');

/** Each record's file name, status and where it was read; the folder's edges; the warnings about a record's status. */
function readFolder(files: Record<string, string>) {
  const folder = readMarkdownFolder(folderWith(files));
  return {
    records: folder.documents
      .filter((d) => d.adr !== null)
      .map((d) => [d.file.replace('docs/adr/', ''), d.adr?.status, d.adr?.status_source])
      .sort(),
    edges: folder.supersessions.map(
      (e) => `${e.from_document_id.replace('docs--adr--', '')} -> ${e.to_document_id.replace('docs--adr--', '')}`,
    ),
    warnings: folder.warningMessages
      .filter((m) => m.code.startsWith('demo_load:adr_'))
      .map((m) => [m.code, m.params])
      .sort(),
  };
}

const record = (title: string, status: string | null) =>
  `# ${title}\n\n${status === null ? '' : `## Status\n\n${status}\n\n`}## Context\n\nWhy.\n\n## Decision\n\nWe do it.\n`;

describe('a status carried in the file name', () => {
  it('is read when the record states none: right after the number, or as the last word', () => {
    expect(
      readFolder({
        'docs/adr/0007-accepted-use-postgres.md': record('7. Use Postgres', null),
        'docs/adr/ADR-0012-superseded-event-bus.md': record('ADR-0012: Event bus', null),
        'docs/adr/0003-deprecated-ftp-uploads.md': record('3. FTP uploads', null),
        'docs/adr/0004-use-redis-SUPERSEDED.md': record('4. Use Redis', null),
        'docs/adr/0005-proposed-read-replicas.md': record('5. Read replicas', null),
      }),
    ).toEqual({
      records: [
        ['0003-deprecated-ftp-uploads.md', 'deprecated', 'file_name'],
        ['0004-use-redis-SUPERSEDED.md', 'superseded', 'file_name'],
        ['0005-proposed-read-replicas.md', 'proposed', 'file_name'],
        ['0007-accepted-use-postgres.md', 'accepted', 'file_name'],
        ['ADR-0012-superseded-event-bus.md', 'superseded', 'file_name'],
      ],
      // Renaming a record `…-superseded` is the team's way of saying so, as a `superseded/` folder is: no successor is asked.
      edges: [],
      warnings: [],
    });
  });

  it("is no status when it is a verb or the title's own word, whether the record states one or not", () => {
    expect(
      readFolder({
        'docs/adr/0009-accept-card-payments.md': record('9. Accept card payments', null),
        'docs/adr/0010-deprecate-v1-api.md': record('10. Deprecate the v1 API', null),
        'docs/adr/0011-deprecated-apis.md': record('11. Deprecated APIs', null),
        'docs/adr/0013-accept-card-payments-in-eu.md': record('13. Accept card payments in the EU', 'Accepted'),
        'docs/adr/0014-deprecate-v2-api.md': record('14. Deprecate the v2 API', 'Accepted'),
        'docs/adr/0015-deprecated-flags.md': record('15. Deprecated flags', 'Proposed'),
      }),
    ).toEqual({
      records: [
        ['0009-accept-card-payments.md', 'unknown', 'none'],
        ['0010-deprecate-v1-api.md', 'unknown', 'none'],
        ['0011-deprecated-apis.md', 'unknown', 'none'],
        ['0013-accept-card-payments-in-eu.md', 'accepted', 'nygard'],
        ['0014-deprecate-v2-api.md', 'accepted', 'nygard'],
        ['0015-deprecated-flags.md', 'proposed', 'nygard'],
      ],
      edges: [],
      warnings: [],
    });
  });

  it('gives way to a stated status, and the load says the two disagree', () => {
    expect(
      readFolder({
        'docs/adr/0020-managed-queue.md': record('20. Managed queue', 'Accepted'),
        'docs/adr/0016-accepted-self-hosted-queue.md': record('16. Self-hosted queue', 'Superseded by [ADR-0020](0020-managed-queue.md)'),
        // The same state, or superseded over partly superseded: nothing to say.
        'docs/adr/0017-accepted-use-grpc.md': record('17. Use gRPC', 'Accepted'),
        'docs/adr/0018-superseded-cache.md': record('18. Cache', 'Partly superseded by ADR-0020'),
      }),
    ).toEqual({
      records: [
        ['0016-accepted-self-hosted-queue.md', 'superseded', 'nygard'],
        ['0017-accepted-use-grpc.md', 'accepted', 'nygard'],
        ['0018-superseded-cache.md', 'partly_superseded', 'nygard'],
        ['0020-managed-queue.md', 'accepted', 'nygard'],
      ],
      edges: ['0016-accepted-self-hosted-queue -> 0020-managed-queue', '0018-superseded-cache -> 0020-managed-queue'],
      warnings: [
        [
          'demo_load:adr_name_status_differs',
          {
            file: 'docs/adr/0016-accepted-self-hosted-queue.md',
            status: 'Superseded by [ADR-0020](0020-managed-queue.md)',
            word: 'accepted',
          },
        ],
      ],
    });
  });

  it('gives way to a folder of records no longer in force, and fills in for a folder of decided ones', () => {
    expect(
      readFolder({
        'docs/adr/superseded/0021-accepted-use-rabbitmq.md': record('21. Use RabbitMQ', null),
        'docs/adr/accepted/0022-rejected-use-mongodb.md': record('22. Use MongoDB', null),
      }),
    ).toEqual({
      records: [
        ['accepted/0022-rejected-use-mongodb.md', 'rejected', 'file_name'],
        ['superseded/0021-accepted-use-rabbitmq.md', 'superseded', 'folder'],
      ],
      edges: [],
      warnings: [],
    });
  });
});

describe('a successor named in a code span in the status', () => {
  it('is the file the span names, by its path from the repository root or its name alone', () => {
    expect(
      readFolder({
        'docs/adr/0015-openapi-yaml.md': record('15. OpenAPI YAML', 'Accepted'),
        'docs/adr/0009-commit-openapi.md': record('9. Commit the OpenAPI file', 'Superseded by `docs/adr/0015-openapi-yaml.md`'),
        'docs/adr/2026-07-12-runtime-boundary.md': record('Runtime boundary', 'Accepted'),
        'docs/adr/2026-07-10-ci-design.md': record('CI design', 'Superseded by `2026-07-12-runtime-boundary.md`. Kept for its research.'),
      }),
    ).toEqual({
      records: [
        ['0009-commit-openapi.md', 'superseded', 'nygard'],
        ['0015-openapi-yaml.md', 'accepted', 'nygard'],
        ['2026-07-10-ci-design.md', 'superseded', 'nygard'],
        ['2026-07-12-runtime-boundary.md', 'accepted', 'nygard'],
      ],
      edges: ['0009-commit-openapi -> 0015-openapi-yaml', '2026-07-10-ci-design -> 2026-07-12-runtime-boundary'],
      warnings: [],
    });
  });
});
