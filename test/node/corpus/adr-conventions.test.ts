// The loader on decision-record folders written the ways real teams write them (the fixtures'
// README lists each convention). Each folder is read as `lens demo load --docs` reads it.
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readMarkdownFolder, type MarkdownFolder } from '../../../electron/corpus/markdown-folder';
import { REPO_ROOT } from '../../support/test-env';

const FIXTURES = path.join(REPO_ROOT, 'test', 'fixtures', 'adr-conventions');
const read = (folder: string): MarkdownFolder => readMarkdownFolder(path.join(FIXTURES, folder));

/** `file → [status, status_raw, decided_at]` for every recognised record. */
function records(folder: MarkdownFolder): Record<string, [string, string | null, string | null]> {
  return Object.fromEntries(
    folder.documents.filter((d) => d.adr).map((d) => [d.file, [d.adr?.status ?? '', d.adr?.status_raw ?? null, d.adr?.decided_at ?? null]]),
  );
}

/** `older → newer` with partial, where stated and drift, by file. */
function edges(folder: MarkdownFolder): Array<[string, string, boolean, readonly string[], boolean]> {
  const file = new Map(folder.documents.map((d) => [d.document_id, d.file]));
  return folder.supersessions.map((e) => [
    file.get(e.from_document_id) ?? '',
    file.get(e.to_document_id) ?? '',
    e.partial,
    e.stated_in,
    e.drift,
  ]);
}

const plainDocuments = (folder: MarkdownFolder) => folder.documents.filter((d) => !d.adr).map((d) => d.file);

describe('an ADR folder with emoji statuses, loaded as the --docs folder itself', () => {
  const folder = read('architecture-decision-record');

  it('recognises every numbered record, whatever its status, and neither the README index nor the template', () => {
    expect(records(folder)).toEqual({
      '0001-record-architecture-decisions.md': ['accepted', '✅ Accepted', '2020-05-15'],
      '0002-use-federated-access.md': [
        'rejected',
        '❌ Rejected in favour of [3. Use single sign-on](0003-use-single-sign-on.md)',
        '2020-06-01',
      ],
      '0003-use-single-sign-on.md': ['accepted', '✅ Accepted', '2020-06-16'],
      '0004-use-bash-node-python.md': ['superseded', '⌛️ Superseded [0019](0019-use-bash-and-go.md)', '2020-11-19'],
      '0019-use-bash-and-go.md': ['accepted', '✅ Accepted', '2021-01-07'],
      '0020-instance-scheduling.md': ['superseded', '⌛️ Superseded by ADR-0021', '2021-03-01'],
      '0021-instance-scheduling-with-a-lambda.md': ['accepted', '✅ Accepted', '2021-09-16'],
      '0022-monitoring.md': ['unknown', null, null],
      '0023-backup-strategy.md': ['pending', 'Incomplete', '2021-11-02'],
      '0024-logging.md': ['proposed', '🤔 Proposed', '2021-04-09'],
      '0025-egress.md': ['accepted', '**Accepted**', '2022-01-10'],
      '0026-egress-filtering.md': ['accepted', '✅ Accepted', '2022-03-01'],
      '0027-dns-hosting.md': ['accepted', '✅ Accepted', '2022-04-01'],
      '0028-central-dns.md': ['accepted', '✅ Accepted', '2022-09-01'],
      '0029-exploratory-work.md': ['unknown', '🌀 Exploratory', '2023-01-05'],
      '0030-old-firewall.md': ['superseded', '⌛️ Superseded by [31. New firewall](0031-new-firewall.md)', '2023-02-01'],
    });
    expect(plainDocuments(folder)).toEqual(['README.md', 'template.md']);
  });

  it('finds each supersession however it is written, with no edge from the rejected record', () => {
    expect(edges(folder)).toEqual([
      ['0004-use-bash-node-python.md', '0019-use-bash-and-go.md', false, ['old_status', 'new_body'], false],
      ['0020-instance-scheduling.md', '0021-instance-scheduling-with-a-lambda.md', false, ['old_status'], false],
      ['0025-egress.md', '0026-egress-filtering.md', true, ['old_status', 'new_body'], false],
      ['0027-dns-hosting.md', '0028-central-dns.md', false, ['new_body'], true],
    ]);
  });

  it('names the status it did not understand and the successor it could not find, and warns of nothing else', () => {
    expect(folder.adrs.statuses_not_understood).toEqual([{ file: '0029-exploratory-work.md', status_text: '🌀 Exploratory' }]);
    expect(folder.adrs.unresolved_references.map((u) => [u.file, u.target, u.kind])).toEqual([
      ['0030-old-firewall.md', '0031-new-firewall.md', 'unresolved_target'],
    ]);
    expect(folder.warnings.filter((w) => !w.includes('no ACL'))).toEqual([]);
  });
});

describe('adr-tools records under doc/architecture/decisions', () => {
  const folder = read('adr-tools');

  it('recognises the nine records and not the index', () => {
    expect(Object.keys(records(folder))).toHaveLength(9);
    expect(plainDocuments(folder)).toEqual(['doc/architecture/decisions/index.md']);
  });

  it('reads Amended by / Amends as partial, Replaced by with a ../ link, #7 with ADR 6, and a bare number', () => {
    const d = 'doc/architecture/decisions/';
    expect(edges(folder)).toEqual([
      [`${d}0002-terraform-layout.md`, `${d}0003-terraform-data-layout.md`, true, ['old_status', 'new_status'], false],
      [`${d}0004-dns-names.md`, `${d}0005-dns-infrastructure.md`, false, ['old_status', 'new_body'], false],
      [`${d}0006-networking.md`, `${d}0007-ip-ranges.md`, true, ['old_status', 'new_body'], false],
      [`${d}0008-deployment.md`, `${d}0009-deployment-pipeline.md`, false, ['old_status'], false],
    ]);
    expect(folder.warnings.filter((w) => !w.includes('no ACL'))).toEqual([]);
  });
});

describe('MADR records under docs/decisions', () => {
  const folder = read('madr');

  it('reads list statuses and front matter, and leaves the template out', () => {
    expect(records(folder)).toEqual({
      'docs/decisions/0001-use-markdown-architectural-decision-records.md': ['accepted', 'accepted', '2020-02-03'],
      'docs/decisions/0002-use-postgres.md': ['superseded', 'superseded by [ADR-0003](0003-use-cockroach.md)', '2021-04-05'],
      'docs/decisions/0003-use-cockroach.md': ['accepted', 'accepted', '2022-01-02'],
      'docs/decisions/0004-use-a-cache.md': ['deprecated', 'deprecated', '2023-02-01'],
    });
    expect(edges(folder)).toEqual([
      ['docs/decisions/0002-use-postgres.md', 'docs/decisions/0003-use-cockroach.md', false, ['old_status'], false],
    ]);
    expect(folder.adrs.unresolved_references).toEqual([]);
  });
});

describe('MADR records published with Hugo (front matter date is the page date)', () => {
  const folder = read('hugo-madr');

  it("dates a record by its own Date line, not by its page's front matter date, and by that date when the body has none", () => {
    expect(records(folder)).toEqual({
      'docs/architecture/adr/0004-keep-audit-events-in-one-table.md': [
        'superseded',
        'superseded by [ADR-0007]({{< ref "0007-stream-audit-events.md" >}})',
        '2023-06-12',
      ],
      'docs/architecture/adr/0007-stream-audit-events.md': ['accepted', 'accepted', '2024-01-15'],
      'docs/architecture/adr/0009-sign-exports.md': ['proposed', 'proposed', '2024-12-02'],
    });
    expect(plainDocuments(folder)).toEqual(['docs/architecture/adr/_index.md']);
  });

  it('follows successors written as Hugo ref shortcodes', () => {
    expect(edges(folder)).toEqual([
      [
        'docs/architecture/adr/0004-keep-audit-events-in-one-table.md',
        'docs/architecture/adr/0007-stream-audit-events.md',
        false,
        ['old_status', 'new_body'],
        false,
      ],
    ]);
    expect(folder.adrs.unresolved_references).toEqual([]);
  });
});

describe('numbered records without a status in folders named like ADR folders', () => {
  it('recognises one in each ADR folder name, and none in notes/ nor the unnumbered overview', () => {
    const folder = read('folders');
    expect(Object.keys(records(folder)).sort()).toEqual([
      'adr/0001-alpha.md',
      'adrs/0001-alpha.md',
      'architecture-decision-records/0001-alpha.md',
      'decision-records/0001-alpha.md',
      'decisions/0001-alpha.md',
      'docs/adr/0001-alpha.md',
    ]);
    expect(plainDocuments(folder).sort()).toEqual(['adr/overview.md', 'notes/0001-alpha.md']);
  });
});

describe('Korean records', () => {
  const folder = read('korean');

  it('reads 상태 and 날짜, 대체됨, 일부 대체됨 and 폐기', () => {
    expect(records(folder)).toMatchObject({
      'adr/0001-event-bus-rabbitmq.md': ['superseded', '대체됨: [2. 이벤트 버스로 Kafka 사용](0002-event-bus-kafka.md)', '2024-03-05'],
      'adr/0005-secrets-in-vault.md': ['partly_superseded', '일부 대체됨', '2024-04-01'],
      'adr/0007-legacy-batch.md': ['deprecated', '폐기', '2023-05-01'],
    });
  });

  it('finds 대체됨: [x], [x]을 대체한다, [x]을 폐기한다 (drift: the older still says 승인) and 에 의해 일부 개정되었다 (partial)', () => {
    expect(edges(folder)).toEqual([
      ['adr/0001-event-bus-rabbitmq.md', 'adr/0002-event-bus-kafka.md', false, ['old_status', 'new_body'], false],
      ['adr/0003-daily-settlement.md', 'adr/0004-hourly-settlement.md', false, ['new_body'], true],
      ['adr/0005-secrets-in-vault.md', 'adr/0006-kms-envelope-encryption.md', true, ['old_body'], false],
    ]);
  });
});

describe('records known by their title', () => {
  const folder = read('titles');

  it('recognises an ADR-NNN: title alone and an NNN. title with a date, not a numbered chapter', () => {
    expect(Object.keys(records(folder)).sort()).toEqual(['event-streams.md', 'old-queue.md', 'postgres.md', 'use-kafka.md']);
    expect(plainDocuments(folder)).toEqual(['chapter.md']);
  });

  it('resolves successors named by title, in the status and quoted in prose', () => {
    expect(edges(folder)).toEqual([
      ['postgres.md', 'event-streams.md', true, ['new_body'], false],
      ['old-queue.md', 'use-kafka.md', false, ['old_status'], false],
    ]);
  });
});

describe('records whose title keeps its number and words in square brackets', () => {
  const folder = read('bracketed-titles');

  it('reads `# [003]: [Title]` and `# [005] Title` as the title alone, with status, date and successor', () => {
    expect(folder.documents.filter((d) => d.adr).map((d) => [d.file, d.title])).toEqual([
      ['docs/decisions/003-fila-de-tarefas.md', 'ADR-003: Fila de tarefas no banco'],
      ['docs/decisions/005-publicar-eventos.md', 'ADR-005: Publicar eventos de domínio'],
    ]);
    expect(records(folder)).toEqual({
      'docs/decisions/003-fila-de-tarefas.md': ['superseded', 'Substituído por [ADR 005](005-publicar-eventos.md)', '2025-03-12'],
      'docs/decisions/005-publicar-eventos.md': ['accepted', 'Aceito', '2025-06-02'],
    });
    expect(edges(folder)).toEqual([
      ['docs/decisions/003-fila-de-tarefas.md', 'docs/decisions/005-publicar-eventos.md', false, ['old_status'], false],
    ]);
  });
});

describe('records whose status is a synonym of accepted (Confirmed, Confirmada, Confirmado)', () => {
  const folder = read('status-synonyms');

  it('reads each as accepted, and a confirmed record superseded later as superseded', () => {
    expect(records(folder)).toEqual({
      'docs/adr/0001-keep-audit-events.md': ['accepted', 'Confirmed', '2023-04-11'],
      'docs/adr/0002-colas-de-reintento.md': ['accepted', 'Confirmada', '2023-05-02'],
      'docs/adr/0003-cache-de-sessao.md': ['accepted', 'Confirmado', '2023-06-20'],
      'docs/adr/0004-nightly-exports.md': [
        'superseded',
        'Confirmed; superseded by [5. Hourly exports as Parquet](0005-hourly-exports.md)',
        '2023-07-03',
      ],
      'docs/adr/0005-hourly-exports.md': ['accepted', '✅ Confirmed', '2023-09-18'],
    });
    expect(edges(folder)).toEqual([
      ['docs/adr/0004-nightly-exports.md', 'docs/adr/0005-hourly-exports.md', false, ['old_status', 'new_body'], false],
    ]);
  });

  it('names none of them as a status it did not understand', () => {
    expect(folder.adrs.statuses_not_understood).toEqual([]);
    expect(folder.adrs.statuses).toMatchObject({ accepted: 4, superseded: 1, unknown: 0 });
  });
});

describe('Dutch records', () => {
  const folder = read('dutch');

  it('reads Geaccepteerd, Voorgesteld, Afgewezen and Vervangen door, with Dutch dates', () => {
    expect(records(folder)).toEqual({
      'docs/adr/0001-berichten-via-een-wachtrij.md': ['accepted', 'Geaccepteerd', '2024-03-04'],
      'docs/adr/0002-zoeken-met-een-index.md': ['proposed', 'Voorgesteld', '2024-04-18'],
      'docs/adr/0003-eigen-inlogscherm.md': ['rejected', 'Afgewezen', '2024-05-02'],
      'docs/adr/0004-logbestanden-op-schijf.md': [
        'superseded',
        'Vervangen door [5. Centrale logopslag](0005-centrale-logopslag.md)',
        '2024-06-10',
      ],
      'docs/adr/0005-centrale-logopslag.md': ['accepted', 'Geaccepteerd', '2024-09-09'],
      'docs/adr/0006-bewaartermijn-van-logs.md': ['accepted', 'Geaccepteerd', '2025-01-14'],
    });
    expect(folder.adrs.statuses_not_understood).toEqual([]);
  });

  it('finds the replacement (Vervangen door / Vervangt) and the amendment (Gewijzigd door / Wijzigt, partial)', () => {
    expect(edges(folder)).toEqual([
      ['docs/adr/0004-logbestanden-op-schijf.md', 'docs/adr/0005-centrale-logopslag.md', false, ['old_status', 'new_status'], false],
      ['docs/adr/0005-centrale-logopslag.md', 'docs/adr/0006-bewaartermijn-van-logs.md', true, ['old_status', 'new_status'], false],
    ]);
  });
});

describe('records that keep their status and date in a Metadata section, beside a plan that does too', () => {
  const folder = read('metadata-section');

  it('reads the list or table of `## Metadata`, `## Decision Metadata` and `## 메타데이터`, and takes no plan for a record', () => {
    expect(records(folder)).toEqual({
      'docs/design/session-store.md': ['accepted', 'Accepted', '2024-03-01'],
      'docs/design/job-queue.md': ['superseded', 'Superseded by [Use SQS](job-queue-sqs.md)', '2022-06-14'],
      'docs/design/job-queue-sqs.md': ['accepted', '승인', '2023-09-04'],
    });
    expect(plainDocuments(folder).sort()).toEqual(['docs/design/README.md', 'docs/design/rollout-plan.md']);
    // Records without a number go by their heading alone; their file name stays their id.
    expect(folder.documents.filter((d) => d.adr).map((d) => [d.adr?.adr_id, d.title])).toEqual([
      ['job-queue-sqs', 'Use SQS for background jobs'],
      ['job-queue', 'Run background jobs from a Postgres table'],
      ['session-store', 'Keep web sessions in Redis'],
    ]);
  });

  it('finds the supersession the Metadata table states', () => {
    expect(edges(folder)).toEqual([['docs/design/job-queue.md', 'docs/design/job-queue-sqs.md', false, ['old_status', 'new_body'], false]]);
  });
});

describe('records that name another record as the subject of a supersession', () => {
  // ADR-0007 writes "ADR-0003 is superseded by ADR-0005" (English), "Bu karar ile ADR-0003 yerini
  // ADR-0005'e bıraktı" (Turkish), "ADR-0003은 ADR-0005에 의해 대체되었다" (Korean): a claim about two
  // other records, not that ADR-0007 is superseded; and "ADR-0006 is superseded by ADR-0007", which is
  // ADR-0007 taking ADR-0006's place.
  const successors = (folder: MarkdownFolder) => edges(folder).map(([older, newer, , statedIn]) => [older, newer, statedIn]);

  it.each([
    [
      'english',
      [
        ['adr/0004-retry-by-hand.md', 'adr/0007-queue-retries.md', ['old_status', 'new_body']],
        ['adr/0003-nightly-cron.md', 'adr/0005-job-queue.md', ['new_status']],
        ['adr/0006-alert-by-email.md', 'adr/0007-queue-retries.md', ['new_body']],
      ],
    ],
    [
      'turkish',
      [
        ['adr/0003-gece-cron.md', 'adr/0005-is-kuyrugu.md', ['new_body']],
        ['adr/0006-e-posta-uyarisi.md', 'adr/0007-kuyruktan-yeniden-deneme.md', ['new_body']],
      ],
    ],
    [
      'korean',
      [
        ['adr/0003-nightly-cron.md', 'adr/0005-job-queue.md', ['new_body']],
        ['adr/0006-email-alerts.md', 'adr/0007-queue-retries.md', ['new_body']],
      ],
    ],
  ])('%s: finds only what each record says of itself, and ADR-0007 is superseded by nothing', (language, expected) => {
    const folder = read(path.join('named-subjects', language));
    expect(successors(folder)).toEqual(expected);
    expect(folder.adrs.unresolved_references).toEqual([]);
    const seventh = folder.documents.find((d) => d.adr?.adr_id === 'ADR-0007');
    expect(seventh?.adr?.status).toBe('accepted');
  });
});

describe('Backstage ADR plugin folder: MADR 3 records with YAML front matter (status, date, deciders …)', () => {
  const folder = read('backstage-madr3');

  it('reads the front matter status and date, a successor linked in the status, and the MADR 3 template as a plain document by its title', () => {
    expect(records(folder)).toEqual({
      'docs/adrs/0001-use-madr-for-decisions.md': ['accepted', 'accepted', '2022-03-14'],
      'docs/adrs/0002-store-payments-in-mysql.md': [
        'superseded',
        'superseded by [ADR-0004](0004-store-payments-in-postgres.md)',
        '2022-05-02',
      ],
      'docs/adrs/0003-publish-events-with-sns.md': ['deprecated', 'deprecated', '2022-09-20'],
      'docs/adrs/0004-store-payments-in-postgres.md': ['accepted', 'accepted', '2023-11-08'],
      'docs/adrs/0005-use-idempotency-keys.md': ['proposed', 'proposed', null],
    });
    expect(edges(folder)).toEqual([
      [
        'docs/adrs/0002-store-payments-in-mysql.md',
        'docs/adrs/0004-store-payments-in-postgres.md',
        false,
        ['old_status', 'new_body'],
        false,
      ],
    ]);
    // MADR 3's template front matter (`status: {proposed | … | superseded by [ADR-0005](…)}`) is no YAML: the
    // template loads as text, and goes by its heading, not by the `# These are optional elements` comment.
    expect(folder.documents.find((d) => d.file === 'docs/adrs/template.md')?.title).toBe('{short title of solved problem and solution}');
    expect(plainDocuments(folder)).toEqual(['docs/adrs/template.md']);
    expect(folder.adrs.unresolved_references).toEqual([]);
  });

  it('names a date placeholder left from the template as written, not as "[object Object]"', () => {
    expect(folder.warnings.filter((w) => !w.includes('no ACL'))).toEqual([
      'docs/adrs/0005-use-idempotency-keys.md: front matter date {"YYYY-MM-DD when the decision was last updated":null} is not a date such as 2026-05-20 or 2026-05-20T09:00:00Z; the document loads without its created_at.',
    ]);
  });
});

describe('log4brains records: date-prefixed file names, no number, a list status linking the successor by its slug', () => {
  const folder = read('log4brains');

  it('knows each record by its slug, reads draft as proposed, and leaves the generated index and the template out', () => {
    expect(records(folder)).toEqual({
      'docs/adr/20200101-use-log4brains-to-manage-the-adrs.md': ['accepted', 'accepted', '2020-01-01'],
      'docs/adr/20200115-use-markdown-for-the-api-docs.md': [
        'superseded',
        'superseded by [20210310-use-openapi-for-the-api-docs](20210310-use-openapi-for-the-api-docs.md)',
        '2020-01-15',
      ],
      'docs/adr/20200402-deploy-with-ansible.md': ['deprecated', 'deprecated', '2020-04-02'],
      'docs/adr/20210310-use-openapi-for-the-api-docs.md': ['accepted', 'accepted', '2021-03-10'],
      'docs/adr/20220607-use-feature-flags.md': ['proposed', 'draft', '2022-06-07'],
    });
    // As log4brains shows them: the slug is the id, the first heading alone the title (no "20200115-…: " before it).
    expect(folder.documents.filter((d) => d.adr).map((d) => [d.adr?.adr_id, d.title])).toEqual([
      ['20200101-use-log4brains-to-manage-the-adrs', 'Use Log4brains to manage the ADRs'],
      ['20200115-use-markdown-for-the-api-docs', 'Use Markdown for the API docs'],
      ['20200402-deploy-with-ansible', 'Deploy with Ansible'],
      ['20210310-use-openapi-for-the-api-docs', 'Use OpenAPI for the API docs'],
      ['20220607-use-feature-flags', 'Use feature flags for unfinished work'],
    ]);
    expect(edges(folder)).toEqual([
      [
        'docs/adr/20200115-use-markdown-for-the-api-docs.md',
        'docs/adr/20210310-use-openapi-for-the-api-docs.md',
        false,
        ['old_status', 'new_body'],
        false,
      ],
    ]);
    expect(plainDocuments(folder)).toEqual(['docs/adr/index.md', 'docs/adr/template.md']);
    expect(folder.warnings.filter((w) => !w.includes('no ACL'))).toEqual([]);
  });
});

describe("Joel Parker Henderson's templates: Nygard sections and the Tyree-Akerman business case table", () => {
  const folder = read('jph-templates');

  it('reads "Superseded by ADR 7" under ## Status, a Status row in a table with or without a header row, and not the template', () => {
    expect(records(folder)).toEqual({
      'docs/decisions/0005-use-rabbitmq-for-jobs.md': ['superseded', 'Superseded by ADR 7', null],
      'docs/decisions/0006-adopt-a-service-catalogue.md': ['accepted', 'Accepted', null],
      'docs/decisions/0007-use-sqs-for-jobs.md': ['accepted', 'Accepted', null],
      'docs/decisions/0008-choose-a-payment-provider.md': ['deprecated', 'Deprecated', null],
      'docs/decisions/0009-store-images-in-s3.md': ['superseded', 'Superseded by [ADR 10](0010-store-images-in-a-cdn.md)', '2021-05-04'],
      'docs/decisions/0010-store-images-in-a-cdn.md': ['accepted', 'Accepted', '2022-08-30'],
    });
    expect(edges(folder)).toEqual([
      [
        'docs/decisions/0005-use-rabbitmq-for-jobs.md',
        'docs/decisions/0007-use-sqs-for-jobs.md',
        false,
        ['old_status', 'new_status'],
        false,
      ],
      [
        'docs/decisions/0009-store-images-in-s3.md',
        'docs/decisions/0010-store-images-in-a-cdn.md',
        false,
        ['old_status', 'new_body'],
        false,
      ],
    ]);
    expect(plainDocuments(folder)).toEqual(['docs/decisions/templates/decision-record-template-by-michael-nygard/index.md']);
    expect(folder.adrs.unresolved_references).toEqual([]);
  });
});

describe('a sweep of status words: case, emoji badges, a date or a note beside the status', () => {
  const folder = read('status-vocabulary');

  it('reads each status, a date beside an accepted one ("Accepted (2021-03-04)", "Accepted: 2022-11-30"), and the successors named', () => {
    const statuses = Object.fromEntries(
      Object.entries(records(folder)).map(([file, [status, raw, date]]) => [file.slice(4, 8), [status, raw, date]]),
    );
    expect(statuses).toEqual({
      '0001': ['accepted', 'ACCEPTED', null],
      '0002': ['deprecated', 'Deprecated', null],
      '0003': ['rejected', '❌ Rejected', null],
      '0004': ['accepted', 'Accepted (2021-03-04)', '2021-03-04'],
      '0005': ['deprecated', 'Withdrawn', null],
      '0006': ['superseded', 'obsolete', null],
      '0007': ['deprecated', 'Retired', null],
      '0008': ['superseded', 'Replaced by [ADR-0012](0012-trunk-based-releases.md)', null],
      '0009': ['proposed', 'Draft', null],
      '0010': ['proposed', 'Proposed', null],
      '0011': ['superseded', 'Superseded (see ADR-12)', null],
      '0012': ['accepted', '✅ Accepted', null],
      '0013': ['accepted', 'Accepted', null],
      '0014': ['accepted', 'Accepted: 2022-11-30', '2022-11-30'],
      '0015': ['superseded', 'SUPERSEDED BY ADR-0016', null],
      '0016': ['accepted', 'accepted', null],
    });
    // 0012 "supersedes ADR-0008 and ADR-0011, as ADR-0010 says": ADR-0010 is cited, not superseded.
    expect(edges(folder)).toEqual([
      ['adr/0008-release-branches.md', 'adr/0012-trunk-based-releases.md', false, ['old_status', 'new_body'], false],
      ['adr/0011-build-matrix.md', 'adr/0012-trunk-based-releases.md', false, ['old_status', 'new_body'], false],
      ['adr/0013-test-reports.md', 'adr/0014-flaky-test-reports.md', true, ['old_status', 'new_body'], false],
      ['adr/0015-artifact-retention.md', 'adr/0016-artifact-retention-by-size.md', false, ['old_status'], false],
    ]);
    // "Obsolete" reads as superseded; with no successor named, the load says so.
    expect(folder.warnings.filter((w) => !w.includes('no ACL'))).toEqual([
      'adr/0006-build-cache.md: its status says "obsolete" but no ADR is named as its successor, in it or in any other ADR; add "Superseded by [title](file.md)" to its status, or a "supersedes [title](file.md)" sentence to the newer ADR',
    ]);
    expect(folder.adrs.statuses_not_understood).toEqual([]);
  });
});

describe('an arc42 chapter 9 holding several decisions as "### ADR-n: …" sections', () => {
  const folder = read('arc42');

  it('reads each section that states a status as a record of its own (a decision log), the chapter around them as text', () => {
    expect(folder.documents.map((d) => [d.document_id, d.title, d.adr?.status ?? null, d.adr?.decided_at ?? null])).toEqual([
      ['docs--architecture--01_introduction_and_goals', '1. Introduction and Goals', null, null],
      ['docs--architecture--09_architecture_decisions', '9. Architecture Decisions', null, null],
      ['docs--architecture--09_architecture_decisions--adr-1', 'ADR-1: Use a modular monolith', 'superseded', '2019-02-11'],
      ['docs--architecture--09_architecture_decisions--adr-2', 'ADR-2: Use PostgreSQL', 'accepted', '2019-02-20'],
      ['docs--architecture--09_architecture_decisions--adr-3', 'ADR-3: Render pages on the server', 'rejected', '2019-06-03'],
      ['docs--architecture--09_architecture_decisions--adr-4', 'ADR-4: Split out the checkout service', 'accepted', '2021-10-18'],
    ]);
    expect(folder.supersessions.map((e) => [e.from_document_id, e.to_document_id, e.stated_in])).toEqual([
      [
        'docs--architecture--09_architecture_decisions--adr-1',
        'docs--architecture--09_architecture_decisions--adr-4',
        ['old_status', 'new_body'],
      ],
    ]);
    expect(folder.adrs.unresolved_references).toEqual([]);
  });
});

describe('an arc42 chapter 9 that states no status, named as a decision log, in a folder of records', () => {
  const folder = read('arc42-no-status');

  it('reads each "### ADR-n: …" section as a record whose status is unknown, not the chapter as one record numbered 09', () => {
    const chapter = 'docs--decisions--09_architecture_decisions';
    expect(
      folder.documents
        .filter((d) => d.file === 'docs/decisions/09_architecture_decisions.md')
        .map((d) => [d.document_id, d.title, d.adr?.status ?? null]),
    ).toEqual([
      [chapter, '9. Architecture Decisions', null],
      [`${chapter}--adr-1`, 'ADR-1: Keep tickets in a document store', 'unknown'],
      [`${chapter}--adr-2`, 'ADR-2: Send notifications by e-mail only', 'unknown'],
      [`${chapter}--adr-3`, 'ADR-3: Move tickets to a relational database', 'unknown'],
    ]);
    expect(edges(folder)).toEqual([
      ['docs/decisions/09_architecture_decisions.md', 'docs/decisions/09_architecture_decisions.md', false, ['new_body'], false],
    ]);
    expect(folder.supersessions.map((e) => [e.from_document_id, e.to_document_id])).toEqual([[`${chapter}--adr-1`, `${chapter}--adr-3`]]);
    expect(folder.adrs.unresolved_references).toEqual([]);
  });

  it('keeps a numbered record with "### ADR-n …" sections one record, and an index, an overview and notes outside a folder of records plain text', () => {
    expect(records(folder)).toMatchObject({
      'docs/adr/0003-cache-sessions-in-redis.md': ['accepted', 'Accepted', '2022-02-14'],
      'docs/adr/0004-sign-webhooks.md': ['proposed', 'Proposed', '2022-05-30'],
      'docs/adr/0005-revisit-earlier-decisions.md': ['unknown', null, '2023-01-09'],
    });
    expect(folder.documents.filter((d) => d.file.startsWith('docs/adr/')).map((d) => d.document_id)).toEqual([
      'docs--adr--0003-cache-sessions-in-redis',
      'docs--adr--0004-sign-webhooks',
      'docs--adr--0005-revisit-earlier-decisions',
      'docs--adr--overview',
      'docs--adr--README',
    ]);
    expect(plainDocuments(folder).sort()).toEqual([
      'docs/adr/README.md',
      'docs/adr/overview.md',
      'docs/decisions/09_architecture_decisions.md',
      'docs/notes/review-notes.md',
    ]);
  });
});

describe('status fields and ids as teams set them: a Superseded-by line, ids in code spans, struck-out statuses, "extends"', () => {
  const folder = read('status-fields');
  const d = 'docs/adr/';

  it('reads each status, and a Superseded-by line, a Supersedes list item and an id in backticks as naming the other record', () => {
    const statuses = Object.fromEntries(
      Object.entries(records(folder)).map(([file, [status]]) => [file.slice(d.length, d.length + 4), status]),
    );
    expect(statuses).toEqual({
      '0001': 'superseded',
      '0002': 'superseded',
      '0003': 'accepted',
      '0004': 'accepted',
      '0005': 'superseded',
      '0006': 'accepted',
      '0007': 'accepted',
      '0008': 'accepted',
      '0009': 'superseded',
      '0010': 'accepted',
      '0011': 'superseded',
      '0012': 'superseded',
      '0013': 'accepted',
      '0014': 'accepted',
    });
    // "Replaces `ADR-0002`" in 0004's text names ADR-0002 as "Superseded by `ADR-0004`" in 0002's status does;
    // "replaces ADR-0005 and builds on ADR-0007" replaces ADR-0005 only; "extends" / "extended by" is no supersession.
    expect(edges(folder)).toEqual([
      [`${d}0001-run-reports-with-cron.md`, `${d}0003-run-reports-from-a-queue.md`, false, ['old_body', 'new_body'], false],
      [`${d}0002-alert-by-email.md`, `${d}0004-page-the-on-call.md`, false, ['old_status', 'new_body'], false],
      [`${d}0005-keep-logs-for-a-year.md`, `${d}0006-keep-logs-for-ninety-days.md`, false, ['old_status', 'new_body'], false],
      // "Superseeded by", "Replaced with ADR-0012 - see there" (no title "with" nor "see"), "Overridden by".
      [`${d}0009-build-images-with-docker.md`, `${d}0010-build-images-without-a-daemon.md`, false, ['old_status'], false],
      [`${d}0011-version-the-api-in-the-path.md`, `${d}0012-version-the-api-by-header.md`, false, ['old_status'], false],
      [`${d}0012-version-the-api-by-header.md`, `${d}0013-keep-one-api-version.md`, false, ['old_status'], false],
      // Korean "이 결정은 ADR-0013 결정을 대체한다" (the ADR-0013 decision): drift, 0013 still says accepted.
      [`${d}0013-keep-one-api-version.md`, `${d}0014-api-changes-behind-flags.md`, false, ['new_body'], true],
    ]);
    expect(folder.adrs.unresolved_references).toEqual([]);
    expect(folder.warnings.filter((w) => !w.includes('no ACL'))).toEqual([]);
  });
});

describe('records kept apart by folder: superseded/, deprecated/, archive/, archived/, obsolete/, obsolete_archive/', () => {
  const folder = read('lifecycle-folders');
  const d = 'docs/adr/';

  it('reads a record moved into a folder named for its state as that state when its text says nothing or still says it is live', () => {
    expect(records(folder)).toEqual({
      [`${d}0001-record-architecture-decisions.md`]: ['accepted', 'Accepted', '2019-03-01'],
      [`${d}0005-deploy-with-containers.md`]: ['accepted', 'Accepted', '2020-02-14'],
      [`${d}0009-point-in-time-recovery.md`]: ['accepted', 'Accepted', '2021-01-20'],
      // The folder names the state; a stated status that is no longer live (rejected, superseded by …) is kept.
      [`${d}archive/0006-one-repository-per-team.md`]: ['deprecated', 'Proposed', '2020-06-01'],
      [`${d}archived/0007-write-services-in-scala.md`]: ['rejected', 'Rejected', '2020-07-15'],
      [`${d}deprecated/0004-send-reports-by-email.md`]: ['deprecated', null, '2019-09-03'],
      [`${d}obsolete/0008-nightly-database-dumps.md`]: [
        'superseded',
        'Superseded by [ADR-0009](../0009-point-in-time-recovery.md)',
        '2020-09-09',
      ],
      [`${d}obsolete_archive/0010-feature-toggles-in-yaml.md`]: ['superseded', null, '2020-11-30'],
      [`${d}superseded/0002-deploy-with-capistrano.md`]: ['superseded', null, '2019-04-10'],
      [`${d}superseded/0003-keep-sessions-in-memcached.md`]: ['superseded', 'Accepted', '2019-05-22'],
    });
    const sources = folder.documents.filter((doc) => doc.adr?.status_source === 'folder').map((doc) => doc.file);
    expect(sources).toEqual([
      `${d}archive/0006-one-repository-per-team.md`,
      `${d}deprecated/0004-send-reports-by-email.md`,
      `${d}obsolete_archive/0010-feature-toggles-in-yaml.md`,
      `${d}superseded/0002-deploy-with-capistrano.md`,
      `${d}superseded/0003-keep-sessions-in-memcached.md`,
    ]);
    expect(plainDocuments(folder)).toEqual(['docs/adr/superseded/README.md', 'docs/archive/0011-migration-plan.md']);
  });

  it('links a record in such a folder as any other, with no drift, and names each record whose text says it is live', () => {
    expect(edges(folder)).toEqual([
      [`${d}superseded/0002-deploy-with-capistrano.md`, `${d}0005-deploy-with-containers.md`, false, ['new_status'], false],
      [`${d}obsolete/0008-nightly-database-dumps.md`, `${d}0009-point-in-time-recovery.md`, false, ['old_status'], false],
    ]);
    expect(folder.adrs.unresolved_references).toEqual([]);
    // No successor is asked of a record the folder alone calls superseded (obsolete_archive/0010): moving it there is the team's way to say so.
    expect(folder.warnings.filter((w) => !w.includes('no ACL'))).toEqual([
      `${d}archive/0006-one-repository-per-team.md: its status says "Proposed" but it is kept in archive/, so it loads as deprecated; if it is still in force, move it out of archive/, otherwise change its status to say so`,
      `${d}superseded/0003-keep-sessions-in-memcached.md: its status says "Accepted" but it is kept in superseded/, so it loads as superseded; if it is still in force, move it out of superseded/, otherwise change its status to say so`,
    ]);
  });
});

describe('status words for a decision taken back (Reverted, Overruled, Revoked, Rescinded) or in force (Done, In effect …), English and Korean', () => {
  it.each([
    [
      'adr',
      {
        '0001': ['deprecated', 'Reverted'],
        '0002': ['deprecated', 'Overruled'],
        '0003': ['deprecated', 'Revoked'],
        '0004': ['deprecated', 'Rescinded'],
        '0005': ['accepted', 'Done'],
        '0006': ['accepted', 'In effect'],
        '0007': ['accepted', 'Implemented'],
        '0008': ['accepted', 'Adopted'],
        '0009': ['accepted', 'Approved'],
        '0010': ['accepted', 'Agreed'],
      },
    ],
    [
      'ko/adr',
      {
        '0001': ['deprecated', '되돌림'],
        '0002': ['deprecated', '번복됨'],
        '0003': ['deprecated', '철회됨'],
        '0004': ['accepted', '완료'],
        '0005': ['accepted', '시행 중'],
        '0006': ['accepted', '구현 완료'],
        '0007': ['accepted', '적용됨'],
        '0008': ['accepted', '합의됨'],
      },
    ],
  ])('reads each status of status-words/%s, none of them as not understood', (sub, expected) => {
    const folder = read(path.join('status-words', sub));
    const statuses = Object.fromEntries(Object.entries(records(folder)).map(([file, [status, raw]]) => [file.slice(0, 4), [status, raw]]));
    expect(statuses).toEqual(expected);
    expect(folder.adrs.statuses_not_understood).toEqual([]);
  });
});

describe('a status given with its date: dated status headings and a history table', () => {
  const folder = read('status-history');

  it('reads the latest dated state as the status, and the date the decision was taken (accepted or rejected) as its date', () => {
    expect(records(folder)).toEqual({
      // `## 2021-03-04 Status`, `## Status (2022-06-15)`.
      'docs/adr/0001-use-a-message-queue.md': ['accepted', 'Accepted', '2021-03-04'],
      'docs/adr/0002-keep-invoices-for-ten-years.md': ['accepted', 'Accepted', '2022-06-15'],
      // Two dated status headings: the later one is in force.
      'docs/adr/0003-run-billing-on-kubernetes.md': ['accepted', 'Accepted', '2020-10-12'],
      // `| Date | Status |`: rejected, then accepted later; the latest row is the status, whatever the order of the rows.
      'docs/adr/0004-send-invoices-as-pdf.md': ['accepted', 'Accepted — proposed again with a link', '2021-11-20'],
      'docs/adr/0005-store-card-tokens-in-billing.md': ['deprecated', 'Deprecated', '2019-04-01'],
    });
    expect(folder.adrs.statuses_not_understood).toEqual([]);
    expect(folder.warnings.filter((w) => !w.includes('no ACL'))).toEqual([]);
  });
});

describe('a successor outside the folder of records: a pull request, a web page, an RFC', () => {
  const folder = read('outside-successors');

  it('reads each record as superseded, names no pull request, web address or RFC as an unresolved ADR, and asks no successor of it', () => {
    const statuses = Object.fromEntries(Object.entries(records(folder)).map(([file, [status, raw]]) => [file.slice(9, 13), [status, raw]]));
    expect(statuses).toEqual({
      '0001': ['superseded', 'Superseded by PR #123'],
      '0002': ['superseded', 'Superseded by https://github.com/example-org/handbook/pull/12'],
      '0003': ['superseded', 'Superseded by RFC-7'],
      '0004': ['superseded', 'Superseded by [PR #88](https://github.com/example-org/platform/pull/88)'],
      '0005': ['superseded', 'Superseded by ADR-0006'],
      '0006': ['accepted', 'Accepted'],
      // Partly superseded by another repository's record: kept accepted, its successor named outside.
      '0007': [
        'accepted',
        'Accepted, partly superseded by [platform ADR-12](https://github.com/example-org/platform/blob/main/docs/adr/0012-shared-cache-keys.md) for the shared cache',
      ],
    });
    expect(edges(folder)).toEqual([
      ['docs/adr/0005-keep-secrets-in-env-files.md', 'docs/adr/0006-keep-secrets-in-vault.md', false, ['old_status'], false],
    ]);
    expect(folder.adrs.unresolved_references).toEqual([]);
    expect(folder.warnings.filter((w) => !w.includes('no ACL'))).toEqual([]);
    expect(folder.documents.filter((d) => d.adr).map((d) => d.adr?.successor_outside ?? null)).toEqual([
      'PR #123',
      'https://github.com/example-org/handbook/pull/12',
      'RFC-7',
      'https://github.com/example-org/platform/pull/88',
      null,
      null,
      'https://github.com/example-org/platform/blob/main/docs/adr/0012-shared-cache-keys.md',
    ]);
    expect(folder.documents.filter((d) => d.adr?.successor_outside_partial).map((d) => d.adr?.adr_id)).toEqual(['ADR-0007']);
  });
});

describe('log4brains with packages: docs/adr beside packages/<package>/adr, slugs repeated across packages', () => {
  const folder = read('log4brains-packages');

  it("knows a package's record as <package>/<slug>, as log4brains does, so two packages' records of one slug stay two, linked", () => {
    expect(folder.documents.filter((d) => d.adr).map((d) => [d.file, d.adr?.adr_id, d.adr?.status])).toEqual([
      ['docs/adr/20200101-use-log4brains-to-manage-the-adrs.md', '20200101-use-log4brains-to-manage-the-adrs', 'accepted'],
      ['packages/backend/adr/20200115-cache-api-responses.md', 'backend/20200115-cache-api-responses', 'accepted'],
      ['packages/frontend/adr/20200110-cache-images-in-the-browser.md', 'frontend/20200110-cache-images-in-the-browser', 'superseded'],
      ['packages/frontend/adr/20200115-cache-api-responses.md', 'frontend/20200115-cache-api-responses', 'superseded'],
      [
        'packages/frontend/adr/20200402-render-product-pages-on-the-server.md',
        'frontend/20200402-render-product-pages-on-the-server',
        'accepted',
      ],
    ]);
    // By its log4brains id (`superseded by backend/20200115-…`, not the own package's record of that slug), and by a link to its file.
    expect(edges(folder)).toEqual([
      [
        'packages/frontend/adr/20200110-cache-images-in-the-browser.md',
        'packages/backend/adr/20200115-cache-api-responses.md',
        false,
        ['old_status'],
        false,
      ],
      [
        'packages/frontend/adr/20200115-cache-api-responses.md',
        'packages/backend/adr/20200115-cache-api-responses.md',
        false,
        ['old_status'],
        false,
      ],
    ]);
    expect(plainDocuments(folder)).toEqual(['docs/adr/index.md']);
    expect(folder.adrs.unresolved_references).toEqual([]);
    expect(folder.warnings.filter((w) => !w.includes('no ACL'))).toEqual([]);
  });
});

describe('records named in prose that the supersession verb does not act on', () => {
  const folder = read('prose-objects');
  const d = 'docs/adr/';

  it('reads only the records the verb replaces: not the source of what takes the place, nor a record a clause of its own names', () => {
    expect(Object.values(records(folder)).map(([status]) => status)).toEqual(['accepted', 'accepted', 'accepted', 'accepted', 'accepted']);
    // 0004: "replaces that ADR-0001 decision with a queue described in ADR-0002" replaces ADR-0001 only; "ADR-0003
    // states that ADR-0005 supersedes it" is about ADR-0003 and ADR-0005, not 0004. 0005: "ADR-0003'ün yerini alır ve
    // ADR-0002'de açıklanan kuyruğu kullanır" replaces ADR-0003 only. Each is a drift edge: the older record still says accepted.
    expect(edges(folder)).toEqual([
      [`${d}0001-run-jobs-with-cron.md`, `${d}0004-run-batch-jobs-from-the-queue.md`, false, ['new_body'], true],
      [`${d}0003-page-the-on-call.md`, `${d}0005-page-through-chat.md`, false, ['new_body'], true],
    ]);
    expect(folder.adrs.unresolved_references).toEqual([]);
    expect(folder.warnings.filter((w) => !w.includes('no ACL'))).toEqual([]);
  });
});

describe('records sorted into folders by state: accepted/, proposed/, drafts/, rejected/', () => {
  const folder = read('state-folders');
  const d = 'docs/decisions/';

  it('reads the folder as the status of a record whose text states none, and the text where it states one', () => {
    expect(records(folder)).toEqual({
      [`${d}accepted/0001-use-trunk-based-development.md`]: ['accepted', null, '2022-02-01'],
      // The text says superseded: a folder of decided records does not outweigh it.
      [`${d}accepted/0002-tag-releases-with-calver.md`]: [
        'superseded',
        'Superseded by [ADR-0005](../proposed/0005-tag-releases-with-semver.md)',
        null,
      ],
      [`${d}drafts/0004-sign-commits.md`]: ['proposed', null, null],
      // Moved on by its text (accepted) but not yet out of proposed/: the text decides.
      [`${d}proposed/0005-tag-releases-with-semver.md`]: ['accepted', 'Accepted', null],
      [`${d}rejected/0003-squash-every-merge.md`]: ['rejected', null, null],
    });
    const sources = folder.documents.filter((doc) => doc.adr?.status_source === 'folder').map((doc) => doc.file);
    expect(sources).toEqual([
      `${d}accepted/0001-use-trunk-based-development.md`,
      `${d}drafts/0004-sign-commits.md`,
      `${d}rejected/0003-squash-every-merge.md`,
    ]);
    expect(edges(folder)).toEqual([
      [
        `${d}accepted/0002-tag-releases-with-calver.md`,
        `${d}proposed/0005-tag-releases-with-semver.md`,
        false,
        ['old_status', 'new_body'],
        false,
      ],
    ]);
    // No record's text is overruled by its folder here, so no warning names one.
    expect(folder.warnings.filter((w) => !w.includes('no ACL'))).toEqual([]);
  });
});

describe('decision records in AsciiDoc and reStructuredText, read with --ext adoc,rst', () => {
  const readWith = (name: string) => readMarkdownFolder(path.join(FIXTURES, name), { extensions: ['adoc', 'rst'] });
  const titles = (folder: MarkdownFolder) => Object.fromEntries(folder.documents.map((d) => [d.file, d.title]));

  it('AsciiDoc (arc42 style): titles, == Status sections, :status: and :revdate: attributes, a revision line, <<xref>> and xref: successors', () => {
    const folder = readWith('asciidoc');
    const d = 'docs/architecture/decisions/';
    expect(records(folder)).toEqual({
      [`${d}0001-record-architecture-decisions.adoc`]: ['accepted', 'Accepted', '2021-03-04'],
      [`${d}0002-use-postgres.adoc`]: ['superseded', 'Superseded by [ADR 3](0003-use-cockroachdb.adoc)', '2021-04-12'],
      [`${d}0003-use-cockroachdb.adoc`]: ['accepted', 'Accepted', '2022-01-10'],
      // The comment block's "Status: Rejected" is the template's, not the record's; the listing block's "== Status" is code.
      [`${d}0004-event-log-format.adoc`]: ['proposed', 'Proposed', '2022-06-01'],
      // Dated by the revision line under the author line; neither line is the record's text.
      [`${d}0005-publish-events-through-an-outbox.adoc`]: ['accepted', 'Accepted', '2022-09-05'],
    });
    const outbox = folder.documents.find((doc) => doc.file === `${d}0005-publish-events-through-an-outbox.adoc`);
    expect(folder.bodies.get(outbox?.document_id ?? '')).not.toMatch(/Ines Okafor|design review/);
    expect(titles(folder)[`${d}0003-use-cockroachdb.adoc`]).toBe('ADR-0003: Use CockroachDB for the order store');
    expect(edges(folder)).toEqual([
      [`${d}0002-use-postgres.adoc`, `${d}0003-use-cockroachdb.adoc`, false, ['old_status', 'new_body'], false],
    ]);
    expect(folder.warnings.filter((w) => !w.includes('no ACL'))).toEqual([]);
  });

  it('reStructuredText (Sphinx style): overlined titles, :Status: and :Date: fields, :doc: and :ref: successors, an index that is no record', () => {
    const folder = readWith('rst');
    const d = 'docs/adr/';
    expect(records(folder)).toEqual({
      [`${d}0001-record-architecture-decisions.rst`]: ['accepted', 'Accepted', '2020-01-02'],
      [`${d}0002-http-client.rst`]: ['superseded', 'Superseded by [0003-httpx](0003-httpx.rst)', '2020-03-15'],
      [`${d}0003-httpx.rst`]: ['accepted', 'Accepted', '2023-05-01'],
    });
    // The overline is shorter than the title (docutils warns, and shows it as the title).
    expect(titles(folder)[`${d}0001-record-architecture-decisions.rst`]).toBe('ADR-0001: Record architecture decisions');
    expect(plainDocuments(folder)).toEqual([`${d}index.rst`]);
    expect(edges(folder)).toEqual([[`${d}0002-http-client.rst`, `${d}0003-httpx.rst`, false, ['old_status', 'new_body'], false]]);
    expect(folder.warnings.filter((w) => !w.includes('no ACL'))).toEqual([]);
  });

  it('without --ext, names each file as skipped with the option that reads it', () => {
    const folder = read('rst');
    expect(folder.documents).toEqual([]);
    expect(folder.skipped.map((f) => [f.file, f.message_code, f.message_params['extension']])).toEqual(
      ['0001-record-architecture-decisions', '0002-http-client', '0003-httpx', 'index'].map((n) => [
        `docs/adr/${n}.rst`,
        'demo_load:skip_markdown_like',
        'rst',
      ]),
    );
  });
});

describe('MADR records naming successors and predecessors in front matter keys', () => {
  const folder = read('front-matter-links');
  const d = 'docs/adr/';

  it('reads `superseded-by`, `supersededBy`, `partially_supersedes` and `replaces`, links in their values, and `none`, `n/a` or a dash as no record', () => {
    expect(edges(folder)).toEqual([
      [`${d}0001-poll-the-billing-api.md`, `${d}0002-take-billing-webhooks.md`, false, ['old_status', 'new_status'], false],
      // 0003 still says accepted, with no word of 0004: drift.
      [`${d}0003-cache-catalogue-pages.md`, `${d}0004-serve-catalogue-from-the-cdn.md`, true, ['new_status'], true],
    ]);
    expect(folder.adrs.unresolved_references).toEqual([]);
    expect(folder.warnings.filter((w) => !w.includes('no ACL'))).toEqual([]);
  });
});

describe('the whole fixture tree at once', () => {
  it('recognises 194 records and finds 54 supersessions (8 partial, 12 drifted) when every folder is loaded at once', () => {
    const folder = readMarkdownFolder(FIXTURES);
    expect(folder.adrs.recognised).toBe(
      16 + 9 + 4 + 6 + 7 + 4 + 1 + 3 + 2 + 5 + 6 + 3 + 5 + 4 + 4 + 5 + 5 + 6 + 16 + 4 + 7 + 14 + 10 + 18 + 5 + 6 + 5 + 5 + 5 + 4,
    );
    // A reference resolves in its own folder first: "ADR 4" in status-synonyms is its 0004, not arc42's ADR-4.
    expect(folder.adrs.supersessions).toEqual({ total: 54, partial: 8, drift: 12 });
  });
});
