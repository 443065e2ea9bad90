import { describe, expect, it } from 'vitest';
import { normaliseAdrStatus, parseAdr, type AdrFacts } from '../../../electron/corpus/adr-record';

function adr(fileName: string, body: string, frontMatter: Record<string, unknown> = {}): AdrFacts {
  const facts = parseAdr({ fileName, body, frontMatter });
  if (facts === null) throw new Error(`${fileName} was not recognised as an ADR`);
  return facts;
}

describe('parseAdr: Nygard / adr-tools format', () => {
  const body = [
    '# 7. Use Route 53 for DNS',
    '',
    'Date: 2020-01-02',
    '',
    '## Status',
    ' ',
    'Accepted  ',
    '',
    'Supersedes [4. DNS definitions](0004-dns-definitions.md)',
    '',
    'Amended by [9. Zones](0009-zones.md)',
    '',
    '## Context',
    '',
    'We need DNS.',
  ].join('\n');

  it('reads id, number, title, status and date', () => {
    const facts = adr('0007-use-route-53.md', body);
    expect(facts).toMatchObject({
      adr_id: 'ADR-0007',
      number: 7,
      title: 'Use Route 53 for DNS',
      status: 'accepted',
      status_raw: 'Accepted',
      status_source: 'nygard',
      decided_at: '2020-01-02',
    });
  });

  it('keeps Supersedes lines as links, and Amended by as a partial successor without changing the status', () => {
    const facts = adr('0007-use-route-53.md', body);
    expect(facts.status).toBe('accepted');
    expect(facts.links).toEqual([
      { relation: 'supersedes', partial: false, target: '0004-dns-definitions.md', form: 'link', stated_in: 'status' },
      { relation: 'superseded_by', partial: true, target: '0009-zones.md', form: 'link', stated_in: 'status' },
    ]);
  });

  it('keeps every line of the status section as status_text, and the deciding line as status_raw', () => {
    const facts = adr('0007-use-route-53.md', body);
    expect(facts.status_raw).toBe('Accepted');
    expect(facts.status_text).toBe(
      'Accepted\nSupersedes [4. DNS definitions](0004-dns-definitions.md)\nAmended by [9. Zones](0009-zones.md)',
    );
  });

  it('reads "Superseded by [..](..)" as superseded with a full successor link', () => {
    const facts = adr(
      '0004-dns.md',
      '# 4. DNS\n\n## Status\n\nSuperseded by [DNS Infrastructure](0015-dns-infrastructure.md)\n\n## Context\n',
    );
    expect(facts.status).toBe('superseded');
    expect(facts.status_raw).toBe('Superseded by [DNS Infrastructure](0015-dns-infrastructure.md)');
    expect(facts.links).toEqual([
      { relation: 'superseded_by', partial: false, target: '0015-dns-infrastructure.md', form: 'link', stated_in: 'status' },
    ]);
  });

  it('reads "Partly superseded by" as partly_superseded with a partial link', () => {
    const facts = adr('0003-net.md', '# 3. Net\n\n## Status\n\nAccepted\n\nPartly superseded by [IP ranges](0033-ip-ranges.md)\n');
    expect(facts.status).toBe('partly_superseded');
    expect(facts.links).toEqual([
      { relation: 'superseded_by', partial: true, target: '0033-ip-ranges.md', form: 'link', stated_in: 'status' },
    ]);
  });

  it('maps Approved to accepted and keeps the raw word', () => {
    const facts = adr('0038-mongo.md', '# 38. Mongo\n\n## Status\n\nApproved\n');
    expect([facts.status, facts.status_raw]).toEqual(['accepted', 'Approved']);
  });

  it('reads a status written on the heading line and CRLF line endings', () => {
    expect(adr('0002-x.md', '# 2. X\r\n\r\n## Status: Rejected\r\n\r\n## Context\r\n').status).toBe('rejected');
  });

  it('takes the id from the file name even when the title carries another number', () => {
    const facts = adr('0033-ip-ranges.md', '# 3. Networking Outline\n\n## Status\n\nPending\n');
    expect([facts.adr_id, facts.number, facts.title]).toEqual(['ADR-0033', 33, 'Networking Outline']);
  });

  it.each([
    ['# [Superseded by [ADR-0019](0019-influx.md)] Push Metrics via InfluxDB', '[Superseded by ADR-0019] Push Metrics via InfluxDB'],
    ['# Architecture Decision Record: Use ADRs', 'Use ADRs'],
    ['# 7. Architectural decision record: Use [Kafka](https://kafka.apache.org) for events', 'Use Kafka for events'],
    ['# Decision record', 'Decision record'],
    ['# 0007 - Gobernanza y trazabilidad', 'Gobernanza y trazabilidad'],
    ['# ADR: Deterministischer Dev-Echo', 'Deterministischer Dev-Echo'],
    ['# 7. Use A - B split', 'Use A - B split'],
    ['# [007]: [Use a job queue]', 'Use a job queue'],
    ['# [007] Use a job queue', 'Use a job queue'],
    ['# [ADR-007] Use a job queue', 'Use a job queue'],
    ['# [Draft] Use a job queue', '[Draft] Use a job queue'],
  ])('reads the title of %j as plain words', (heading, title) => {
    expect(adr('0007-x.md', `${heading}\n\n## Status\n\nAccepted\n`).title).toBe(title);
  });

  it('takes a dated file name (log4brains) for a record without a number, dated by its name unless a Date line says otherwise', () => {
    const dated = adr('docs/adr/20200926-use-log4brains.md', '# Use Log4brains\n\n- Status: accepted\n\n## Context\n');
    expect([dated.adr_id, dated.number, dated.decided_at, dated.title]).toEqual([
      '20200926-use-log4brains',
      null,
      '2020-09-26',
      'Use Log4brains',
    ]);
    const later = adr('docs/adr/2020-09-26-x.md', '# X\n\n- Status: accepted\n- Date: 2020-10-01\n\n## Context\n');
    expect([later.adr_id, later.number, later.decided_at]).toEqual(['2020-09-26-x', null, '2020-10-01']);
    expect(parseAdr({ fileName: 'docs/adr/20200927-bare.md', body: '# Bare\n\nSome text.\n', frontMatter: {} })?.adr_id).toBe(
      '20200927-bare',
    );
  });

  it('reads nothing inside HTML comments: a template’s commented-out guidance is not the title, status or a statement', () => {
    const body = [
      '<!-- # These are optional elements. Feel free to remove any of them.',
      '# status: {proposed | rejected | accepted | deprecated | … | superseded by [ADR-0005](0005-example.md)}',
      '# date: {YYYY-MM-DD when the decision was last updated}',
      '-->',
      '# Use a multi gate deployment approach',
      '',
      '* status: accepted <!-- or superseded by [ADR-0009](0009-x.md) -->',
      '* date: 2023-06-01',
      '',
      '## Context and Problem Statement',
      '',
      'We deploy <!-- not yet: this supersedes [ADR-0002](0002-x.md) --> in gates.',
    ].join('\n');
    const facts = adr('001-multi-gate.md', body);
    expect([facts.title, facts.status, facts.status_raw, facts.decided_at]).toEqual([
      'Use a multi gate deployment approach',
      'accepted',
      'accepted',
      '2023-06-01',
    ]);
    expect(facts.links).toEqual([]);
  });

  it('reads the metadata table of a blockquote, with code marks around its values', () => {
    const facts = adr(
      'adr-001_use_x.md',
      '# ADR-001: Use X\n\n>|              | |\n>| ------------ | --- |\n>| Date         | `14/07/2023` |\n>| Status       | `RFC` |\n\n## Context\n',
    );
    expect([facts.status, facts.status_raw, facts.decided_at]).toEqual(['proposed', 'RFC', '2023-07-14']);
  });

  it('takes a timestamp opening the file name for no record number, and the title’s number instead', () => {
    const facts = adr('adr/1655963328-sunset-datadog.md', '# 4. Sunset Datadog\n\nDate: 2022-06-23\n\n## Context\n');
    expect([facts.adr_id, facts.number, facts.title]).toEqual(['ADR-4', 4, 'Sunset Datadog']);
  });

  it.each([
    ['- Estado: reemplazado por [ADR-0007](0007-x.md)\n- Fecha: 2026-02-12', 'superseded', '2026-02-12'],
    ['Status: Akzeptiert\nDatum: 2025-09-11', 'accepted', '2025-09-11'],
    ['* Statut : Proposé\n* Date : 2024-05-02', 'proposed', '2024-05-02'],
    ['- 状态: 已废弃\n- 日期: 2023-01-09', 'deprecated', '2023-01-09'],
    ['Estado: Aceito', 'accepted', null],
  ])('reads status and date written in another language: %j', (lines, status, date) => {
    const facts = adr('0002-x.md', `# X\n\n${lines}\n\n## Context\n`);
    expect([facts.status, facts.decided_at]).toEqual([status, date]);
  });

  it('reads the successor a Spanish status names by its number in code marks', () => {
    expect(adr('0002-x.md', '# X\n\n- Estado: reemplazado por `0007`\n\n## Contexto\n').links).toEqual([
      { relation: 'superseded_by', partial: false, target: '0007', form: 'reference', stated_in: 'status' },
    ]);
  });

  it('reads only the ticked boxes of a status task list', () => {
    const section = (boxes: string) => `# 2. X\n\n## Status\n\n${boxes}\n\n## Context\n`;
    const superseded = adr('02-x.md', section('- [x] Decided (2023-07-04)\n- [ ] Decided Against\n- [x] Superseded'));
    expect([superseded.status, superseded.status_raw]).toEqual(['superseded', 'Superseded']);
    const accepted = adr('04-x.md', section('- [ ] Proposed\n- [x] Decided (2023-07-10)\n- [ ] Decided Against\n- [ ] Superseded'));
    expect([accepted.status, accepted.status_raw]).toEqual(['accepted', 'Decided (2023-07-10)']);
    const open = adr('docs/adr/08-x.md', section('- [ ] Decided\n- [ ] Decided Against\n- [ ] Superseded by [ADR-9](09-y.md)'));
    expect([open.status, open.status_raw, open.links]).toEqual(['unknown', null, []]);
  });

  it('reads the option in bold of a line of options, and none of an unfilled template', () => {
    const options = adr('0005-x.md', '# X\n\n## Status\n\nVorgeschlagen | **Akzeptiert** | Abgelehnt | Überholt | Ersetzt\n');
    expect([options.status, options.status_raw]).toEqual(['accepted', 'Vorgeschlagen | **Akzeptiert** | Abgelehnt | Überholt | Ersetzt']);
    expect(adr('0006-x.md', '# X\n\n## Status\n\nProposed | Accepted | __Rejected__\n').status).toBe('rejected');
    const unfilled = adr('0007-x.md', '# X\n\n* status: {proposed | rejected | accepted | deprecated}\n* date: 2024-01-01\n\n## Context\n');
    expect([unfilled.status, unfilled.decided_at]).toEqual(['unknown', '2024-01-01']);
  });

  it('takes a record that states no status but says another superseded it for superseded', () => {
    const body =
      '# ADR013: Proper use of HTTP fetching libraries\n\n:::note Superseded\n\nThis ADR has been superseded by [ADR014](./adr014-use-fetch.md).\n\n:::\n\n## Context\n';
    const facts = adr('docs/architecture-decisions/adr013-use-node-fetch.md', body);
    expect([facts.status, facts.status_source, facts.status_raw]).toEqual(['superseded', 'statement', null]);
    const amended = adr('adr/0003-x.md', '# 3. X\n\nDate: 2024-01-01\n\nThis decision was amended by [ADR-9](0009-y.md).\n');
    expect([amended.status, amended.status_source]).toEqual(['partly_superseded', 'statement']);
    // A status it states wins over what its text says.
    expect(adr('adr/0004-x.md', '# 4. X\n\n## Status\n\nAccepted\n\n## Context\n\nIt is superseded by [ADR-9](0009-y.md).\n').status).toBe(
      'accepted',
    );
  });

  it('reads the misspelt "Superceded", a "Final" status, Korean 부분 as partial, and references listed in one front matter text', () => {
    expect(adr('0003-x.md', '# 3. X\n\n## Status\n\nSuperceded by [16. Y](0016-y.md)\n').status).toBe('superseded');
    expect(adr('0004-x.md', '# 4. X\n\n## Status\n\nFinal\n').status).toBe('accepted');
    expect(adr('0011-x.md', '# 11. X\n\n## 상태\n\n부분 대체됨\n').status).toBe('partly_superseded');
    expect(adr('0024-x.md', '# 24. X\n\n## 상태\n\n승인\n\n## 배경\n\n이 결정은 [ADR-0011](0011-x.md)을 부분 대체한다.\n').links).toEqual([
      { relation: 'supersedes', partial: true, target: '0011-x.md', form: 'link', stated_in: 'body' },
    ]);
    expect(adr('0907-x.md', '# X\n', { status: 'Final', supersedes: 'ADR-903, ADR-904; ADR-906' }).links.map((l) => l.target)).toEqual([
      'ADR-903',
      'ADR-904',
      'ADR-906',
    ]);
  });

  it('reads what a heading that is a supersession verb lists as its object', () => {
    const body =
      '# 5. X\n\n## Status\n\nAccepted\n\n## Supersedes\n\n- [ADR-1](0001-a.md)\n- ADR-2\n\n## Superseded by:\n\nNone yet.\n\n## Context\n\n- [ADR-3](0003-c.md)\n';
    expect(adr('adr/0005-x.md', body).links).toEqual([
      { relation: 'supersedes', partial: false, target: '0001-a.md', form: 'link', stated_in: 'body' },
      { relation: 'supersedes', partial: false, target: 'ADR-2', form: 'reference', stated_in: 'body' },
    ]);
  });

  it.each([
    ['폐기', '- ADR-0004 (로그인 MVP 제외) → 폐기', 'supersedes', 'ADR-0004'],
    ['Ersetzt durch', '- [ADR 9](0009-x.md)', 'superseded_by', '0009-x.md'],
    ['Remplacé par :', '- [ADR 9](0009-x.md)', 'superseded_by', '0009-x.md'],
    ['Reemplaza', '- ADR-0004', 'supersedes', 'ADR-0004'],
  ])(
    'reads what a heading that is a supersession verb in another language (## %s) lists as its object',
    (heading, item, relation, target) => {
      const body = `# ADR-0013: X\n\n- 상태: 승인\n\n## ${heading}\n\n${item}\n\n## 결과\n\n- ADR-0003 참고\n`;
      expect(adr('0013-x.md', body).links).toEqual([expect.objectContaining({ relation, partial: false, target, stated_in: 'body' })]);
    },
  );

  it('reads a German status section', () => {
    expect(adr('0003-x.md', '# X\n\n## Status\n\nAngenommen\n\n## Kontext\n').status).toBe('accepted');
    expect(adr('0004-x.md', '# X\n\n## Estado\n\nRechazada\n').status).toBe('rejected');
  });

  it('reads a record kept as the README of its own dated folder, known and dated by the folder', () => {
    const facts = adr('decision-records/2022-08-01-entity-timestamp/README.md', '# Entity timestamps\n\n## Decision\n\nAdd them.\n');
    expect([facts.adr_id, facts.number, facts.decided_at, facts.title, facts.status]).toEqual([
      '2022-08-01-entity-timestamp',
      null,
      '2022-08-01',
      'Entity timestamps',
      'unknown',
    ]);
  });

  it('keeps a project-prefixed id from the file name (ODH-ADR-0003, ODH-ADR-MS-0005)', () => {
    const plain = adr('adr/ODH-ADR-0003-use-apache-2-0-licence.md', '# Default licence\n\n| | |\n|---|---|\n| Status | Accepted |\n');
    expect([plain.adr_id, plain.number, plain.status]).toEqual(['ODH-ADR-0003', 3, 'accepted']);
    const area = adr('architecture-decision-records/model-serving/ODH-ADR-MS-0005-retain-x.md', '# Retain x\n\nStatus: Accepted\n');
    expect([area.adr_id, area.number]).toEqual(['ODH-ADR-MS-0005', 5]);
  });

  it('reads a key/value table whose first row was written as its header (`| Status | Superseded by … |` over `| Date | … |`)', () => {
    const old = adr(
      'ADR-012-render-first.md',
      '# ADR-012: Render first\n\n| Status | Superseded by [ADR-013](ADR-013-x.md) |\n| --- | --- |\n| Date | 2026-08-10 |\n',
    );
    expect([old.status, old.decided_at]).toEqual(['superseded', '2026-08-10']);
    const accepted = adr('ADR-013-x.md', '# ADR-013: X\n\n| Date | 2026-08-11 |\n| --- | --- |\n| Status | Accepted |\n');
    expect([accepted.status, accepted.decided_at]).toEqual(['accepted', '2026-08-11']);
    // A header over values stays one: `| Status | Date |` over `| Accepted | … |`.
    const header = adr('0005-x.md', '# X\n\n| Status | Date |\n|---|---|\n| Proposed | 2021-02-03 |\n');
    expect([header.status, header.decided_at]).toEqual(['proposed', '2021-02-03']);
  });

  it('dates a record by its `## Date` section, or by the date beside an accepted status when it has no date line', () => {
    expect(adr('ADR-003-x.md', '# ADR-003: X\n\n## 상태\n**Accepted**\n\n## 날짜\n2026-01-17\n').decided_at).toBe('2026-01-17');
    expect(adr('ADR-004-x.md', '# ADR-004: X\n\n## Status\nAccepted\n\n## Date:\n\n**2026-01-18**\n').decided_at).toBe('2026-01-18');
    expect(adr('0001-x.md', '# 1. X\n\nStatus: Accepted (2020-01-01)\n').decided_at).toBe('2020-01-01');
    expect(adr('0002-x.md', '# 2. X\n\n- 状态：Accepted（2026-07-21）\n').decided_at).toBe('2026-07-21');
    expect(adr('0003-x.md', '# 3. X\n\nStatus: Accepted on 2021-03-04\n').decided_at).toBe('2021-03-04');
    // A date line wins; a superseded status's date is the supersession's, not the decision's.
    expect(adr('0004-x.md', '# 4. X\n\nDate: 2019-05-06\n\nStatus: Accepted (2020-01-01)\n').decided_at).toBe('2019-05-06');
    expect(adr('0005-x.md', '# 5. X\n\nStatus: Superseded by ADR-6 (2022-02-02)\n').decided_at).toBeNull();
  });

  it('reads no statement inside an inline code span: a to-do that quotes `Superseded by ADR-0032` states nothing of ADR-0032', () => {
    const record = adr(
      '0032-new.md',
      '# ADR-0032: New\n\n- ステータス: **Accepted**\n\n## 影響\n\n- [ADR-0026](0026-old.md) を `Superseded by ADR-0032` にする\n',
    );
    expect(record.links.filter((link) => link.target.includes('0032'))).toEqual([]);
  });

  it('reads an id set in backticks alone in the text (`Replaces `ADR-0002`.`), not a statement quoted in one', () => {
    const record = adr('0004-new.md', '# 4. New\n\n## Status\n\nAccepted\n\n## Decision\n\nReplaces `ADR-0002`; the rest stays.\n');
    expect(record.links).toEqual([expect.objectContaining({ relation: 'supersedes', target: 'ADR-0002', stated_in: 'body' })]);
    const quoted = adr('0005-new.md', '# 5. New\n\n## Status\n\nAccepted\n\n## Decision\n\nSet 0002 to `Superseded by ADR-0009`.\n');
    expect(quoted.links).toEqual([]);
  });

  it('reads a status of unknown words that names its successor as superseded (ステータス: ADR-0012 により置き換え)', () => {
    const record = adr('0010-old.md', '# ADR-0010: Old\n\n- ステータス: ADR-0012 により置き換え\n- 日付: 2026-09-22\n');
    expect([record.status, record.status_source]).toEqual(['superseded', 'statement']);
    expect(record.links).toEqual([expect.objectContaining({ relation: 'superseded_by', target: 'ADR-0012', stated_in: 'status' })]);
    // Unknown words without a successor stay unknown.
    expect(adr('0011-x.md', '# ADR-0011: X\n\n- ステータス: ほげ\n').status).toBe('unknown');
  });

  it('reads a Vietnamese status table (Trạng thái, Ngày) and a Vietnamese status line', () => {
    const table = adr(
      '0012-restore.md',
      '# ADR-0012 — Mới\n\n| | |\n|---|---|\n| Trạng thái | Đã chấp nhận (2026-10-09, chủ dự án xác nhận) |\n| Ngày | 2026-10-09 |\n',
    );
    expect([table.status, table.decided_at]).toEqual(['accepted', '2026-10-09']);
    const line = adr('0013-x.md', '# ADR-0013: X\n\n- **Trạng thái:** Đề xuất\n- **Ngày:** 2026-11-02\n');
    expect([line.status, line.decided_at]).toEqual(['proposed', '2026-11-02']);
  });

  it('falls back to the title number when the file name has none', () => {
    const facts = adr('networking.md', '# 3. Networking Outline\n\n## Status\n\nAccepted\n');
    expect([facts.adr_id, facts.number]).toEqual(['ADR-3', 3]);
  });

  it('does not read a Status heading inside a code fence', () => {
    const facts = adr('adr-001-x.md', '# X\n\n```\n## Status\n\nAccepted\n```\n');
    expect([facts.status, facts.status_source]).toEqual(['unknown', 'none']);
  });
});

describe('parseAdr: MADR format', () => {
  it('reads a list-form status with a successor link and the date', () => {
    const body =
      '# Use Plain JUnit5\n\n* Status: superseded by [ADR-0005](0005-example.md)\n* Deciders: Kim, Lee\n* Date: 2025-04-02\n\n## Context and Problem Statement\n\nText.\n';
    const facts = adr('0004-use-plain-junit5.md', body);
    expect(facts).toMatchObject({ status: 'superseded', status_source: 'madr', decided_at: '2025-04-02', title: 'Use Plain JUnit5' });
    expect(facts.status_raw).toBe('superseded by [ADR-0005](0005-example.md)');
    expect(facts.links).toEqual([
      { relation: 'superseded_by', partial: false, target: '0005-example.md', form: 'link', stated_in: 'status' },
    ]);
  });

  it.each([
    ['- Status: accepted', 'accepted'],
    ['Status: proposed', 'proposed'],
    ['**Status:** Deprecated', 'deprecated'],
    ['- 상태: 승인됨', 'accepted'],
    ['- ステータス: Proposed', 'proposed'],
    ['ステータス：承認済み', 'accepted'],
    ['**状態:** 却下', 'rejected'],
    ['- ステータス: 非推奨', 'deprecated'],
  ])('reads "%s" above the first ## heading', (line, status) => {
    const facts = adr('0001-x.md', `# X\n\n${line}\n\n## Context\n`);
    expect([facts.status, facts.status_source]).toEqual([status, 'madr']);
  });

  it.each([
    ['상태 (Status)', 'Accepted', 'accepted'],
    ['Status（状態）', '提案中', 'proposed'],
    ['ステータス', '置き換え済み', 'superseded'],
    ['状態', 'Accepted', 'accepted'],
  ])('reads a "## %s" section', (heading, line, status) => {
    const facts = adr('0001-x.md', `# X\n\n## ${heading}\n\n${line}\n\n## Context\n`);
    expect([facts.status, facts.status_source]).toEqual([status, 'nygard']);
  });

  it('reads status and date from a table under the title: a header row over its values, or rows of a key and a value', () => {
    const header = adr(
      '001-event-sourcing.md',
      '# ADR-001: Event sourcing\n\n| Status   | Date       | Author(s) |\n|:---------|:-----------|:----------|\n| **Accepted** | 2025-10-26 | [@someone](https://example.com) |\n\n## Context\n',
    );
    expect([header.status, header.status_raw, header.decided_at]).toEqual(['accepted', 'Accepted', '2025-10-26']);
    const rows = adr(
      '0002-x.md',
      '# X\n\n| Field | Value |\n|---|---|\n| Status: | Superseded by [ADR-0005](0005-y.md) |\n| Date | 2024/01/02 |\n\n## Context\n',
    );
    expect([rows.status, rows.decided_at]).toEqual(['superseded', '2024-01-02']);
    expect(rows.links).toEqual([{ relation: 'superseded_by', partial: false, target: '0005-y.md', form: 'link', stated_in: 'status' }]);
  });

  it('does not read a status column of a table further down, or one with no value', () => {
    const below = adr('0003-x.md', '# X\n\nDate: 2024-01-01\n\n## Options\n\n| Status | Date |\n|---|---|\n| Accepted | 2020-01-01 |\n');
    expect([below.status, below.decided_at]).toEqual(['unknown', '2024-01-01']);
    const empty = adr('0004-x.md', '# X\n\n| Status | Date |\n|---|---|\n|  | 2024-02-03 |\n');
    expect([empty.status, empty.decided_at]).toEqual(['unknown', '2024-02-03']);
  });

  it('reads a Japanese date line beside the status', () => {
    expect(adr('ADR-0001-x.md', '# X\n\n日付: 2025-08-28\nステータス: Accepted\n\n## 背景\n').decided_at).toBe('2025-08-28');
    expect(adr('ADR-0001-x.md', '# X\n\n- 決定日：2025年8月28日\n\n## 背景\n').decided_at).toBe('2025-08-28');
  });

  it('ignores a Status: line further down, inside a section', () => {
    expect(parseAdr({ fileName: 'notes.md', body: '# Notes\n\n## Log\n\nStatus: accepted by the board\n', frontMatter: {} })).toBeNull();
  });
});

describe('parseAdr: front matter', () => {
  it('takes status, date and id from front matter before the body', () => {
    const facts = adr('use-kafka.md', '# Use Kafka\n\n## Status\n\nProposed\n', {
      adr_id: 'ADR-0100',
      status: 'Approved',
      date: '2025-01-03',
    });
    expect(facts).toMatchObject({
      adr_id: 'ADR-0100',
      number: 100,
      status: 'accepted',
      status_raw: 'Approved',
      status_source: 'front_matter',
      decided_at: '2025-01-03',
    });
  });

  it('reads superseded_by and supersedes references as status links', () => {
    const facts = adr('0009-x.md', '# X\n', { status: 'superseded', superseded_by: 'ADR-0012', supersedes: ['0003', 4] });
    expect(facts.links).toEqual([
      { relation: 'superseded_by', partial: false, target: 'ADR-0012', form: 'reference', stated_in: 'status' },
      { relation: 'supersedes', partial: false, target: '0003', form: 'reference', stated_in: 'status' },
      { relation: 'supersedes', partial: false, target: '4', form: 'reference', stated_in: 'status' },
    ]);
  });

  it('reads the keys as teams spell them, links in their values, a part replaced, and no record in `none` or a dash', () => {
    const facts = adr('0009-x.md', '# X\n', {
      status: 'superseded',
      'superseded-by': '[ADR-0012](0012-queue.md)',
      partially_supersedes: ["[ADR-0003](0003-cache.md)'s eviction rule", 'ADR-0004'],
      replaces: 'none',
      supersededBy: 'n/a',
      'replaced-by': '—',
    });
    expect(facts.links).toEqual([
      { relation: 'superseded_by', partial: false, target: '0012-queue.md', form: 'link', stated_in: 'status' },
      { relation: 'supersedes', partial: true, target: '0003-cache.md', form: 'link', stated_in: 'status' },
      { relation: 'supersedes', partial: true, target: 'ADR-0004', form: 'reference', stated_in: 'status' },
    ]);
  });

  it('normalises a Korean date and prefers decided_at over date', () => {
    expect(adr('0001-x.md', '# X\n', { status: '승인', date: '2024년 3월 5일' }).decided_at).toBe('2024-03-05');
    expect(adr('0001-x.md', '# X\n', { status: 'accepted', date: '2024-01-01', decided_at: '2024/02/09' }).decided_at).toBe('2024-02-09');
  });
});

describe('parseAdr: supersession stated in the body', () => {
  const withBody = (text: string, status = 'Accepted') =>
    adr('0020-x.md', `# 20. X\n\n## Status\n\n${status}\n\n## Context\n\n${text}\n`).links;

  it.each([
    ['This decision supersedes [ADR-004](adr-004-x.md).', 'supersedes', false],
    ['This ADR in part supersedes [0003](0003-aws-networking-outline.md).', 'supersedes', true],
    ['This record partially supersedes [ADR 3](0003-a.md) and keeps the rest.', 'supersedes', true],
    ['[ADR-0031](0031-next.md) supersedes this ADR.', 'superseded_by', false],
    ['이 결정은 [ADR-004](adr-004-x.md)를 대체한다.', 'supersedes', false],
    ['이 결정은 [ADR-004](adr-004-x.md)를 일부 대체한다.', 'supersedes', true],
    ['이 결정은 [ADR-009](adr-009-y.md)에 의해 대체되었다.', 'superseded_by', false],
    ['이 결정은 [ADR-009](adr-009-y.md)로 일부 대체되었습니다.', 'superseded_by', true],
  ] as const)('reads %j', (sentence, relation, partial) => {
    const links = withBody(sentence);
    expect(links).toHaveLength(1);
    expect(links[0]).toMatchObject({ relation, partial, stated_in: 'body' });
  });

  it('marks a body successor partial when the status says partly superseded', () => {
    const links = withBody('**These IP ranges have been superseded by [ADR #0033](0033-ip-ranges.md).**', 'Partly superseded');
    expect(links).toEqual([{ relation: 'superseded_by', partial: true, target: '0033-ip-ranges.md', form: 'link', stated_in: 'body' }]);
  });

  it('does not treat "as part of" as a partial supersession', () => {
    expect(withBody('As part of the migration, this ADR supersedes [ADR 3](0003-a.md).')[0]?.partial).toBe(false);
  });

  it.each([
    ['a link without a supersession verb', 'In [ADR 0003](0003-aws-networking-outline.md), we specified ranges.'],
    ['a verb only inside the link text', 'See [Superseded decisions](0002-history.md) for history.'],
    ['an external link', 'This supersedes [RFC 1918](https://www.rfc-editor.org/rfc/rfc1918).'],
    ['an image', 'This supersedes ![diagram](0003-diagram.png) as shown.'],
    ['a link in a fenced code block', '```\nThis ADR supersedes [0003](0003-a.md).\n```'],
    ['a link in another sentence', 'This ADR supersedes the old approach. See [ADR 3](0003-a.md) for it.'],
  ])('ignores %s', (_what, text) => {
    expect(withBody(text)).toEqual([]);
  });
});

describe('parseAdr: reference-style links and their definitions', () => {
  it('reads a status link by a definition anywhere in the file, and does not read the definition as text', () => {
    const facts = adr(
      '0003-use-postgres.md',
      '# 3. Use Postgres\n\n## Status\n\nSuperseded by [ADR-0009][adr9]\n\n[adr9]: 0009-use-cockroach.md\n\n## Context\n\nText.\n',
    );
    expect(facts.status).toBe('superseded');
    expect(facts.status_text).toBe('Superseded by [ADR-0009][adr9]');
    expect(facts.links).toEqual([
      { relation: 'superseded_by', partial: false, target: '0009-use-cockroach.md', form: 'link', stated_in: 'status' },
    ]);
  });

  it('reads a body link by a definition with a title, and not a definition line inside a paragraph', () => {
    const facts = adr(
      '0009-use-cockroach.md',
      [
        '# 9. Use CockroachDB',
        '',
        '## Status',
        '',
        'Accepted',
        '',
        '## Decision',
        '',
        'This decision supersedes [Use Postgres][pg] and [Use MySQL][].',
        '[use mysql]: 0002-use-mysql.md',
        '',
        '[PG]: <0003-use-postgres.md> (ADR 3)',
      ].join('\n'),
    );
    expect(facts.links).toEqual([
      { relation: 'supersedes', partial: false, target: '0003-use-postgres.md', form: 'link', stated_in: 'body' },
    ]);
  });
  it.each([
    ['with its destination on the next line', '[cockroach]:\n  0009-use-cockroach.md'],
    ['with its destination on the next line and its title on the line after', '[cockroach]:\n  <0009-use-cockroach.md>\n  "ADR 9"'],
    ['in a block quote', '> Links:\n>\n> [cockroach]: 0009-use-cockroach.md'],
    ['in a block quote, its destination on the next line', '> [cockroach]:\n> 0009-use-cockroach.md'],
    ['in a list item', '- [cockroach]: 0009-use-cockroach.md'],
  ])('reads a definition %s', (_what, definition) => {
    const facts = adr(
      '0003-use-postgres.md',
      `# 3. Use Postgres\n\n## Status\n\nSuperseded by [the Cockroach record][cockroach]\n\n${definition}\n\n## Context\n\nText.\n`,
    );
    expect(facts.links).toEqual([
      { relation: 'superseded_by', partial: false, target: '0009-use-cockroach.md', form: 'link', stated_in: 'status' },
    ]);
  });

  it('reads a title whose links are reference-style as their text, and one whose label has no definition as written', () => {
    const title = (heading: string) =>
      adr('0009-use-cockroach.md', `# ${heading}\n\n## Status\n\nAccepted\n\n[crdb]: https://www.cockroachlabs.com/\n`).title;
    expect(title('9. Use [CockroachDB][crdb] over [Postgres](https://www.postgresql.org/)')).toBe('Use CockroachDB over Postgres');
    expect(title('9. Use [crdb] ![logo][crdb]')).toBe('Use crdb logo');
    expect(title('9. Use [CockroachDB][nope]')).toBe('Use [CockroachDB][nope]');
  });

  it('reads a title link whose text holds brackets as its text', () => {
    const title = (heading: string) => adr('0009-use-cockroach.md', `# ${heading}\n\n## Status\n\nAccepted\n`).title;
    expect(title('9. Use [CockroachDB [crdb]](https://www.cockroachlabs.com/)')).toBe('Use CockroachDB [crdb]');
    expect(title("9. Use [CockroachDB](<https://www.cockroachlabs.com/> 'site')")).toBe('Use CockroachDB');
  });

  it('reads a definition that opens a quote, not one inside a quoted paragraph, nor a destination that opens a list item', () => {
    const links = (definition: string) =>
      adr(
        '0003-use-postgres.md',
        `# 3. Use Postgres\n\n## Status\n\nSuperseded by [the Cockroach record][cockroach]\n\n${definition}\n`,
      ).links.map((link) => link.target);
    expect(links('Links below.\n> [cockroach]: 0009-use-cockroach.md')).toEqual(['0009-use-cockroach.md']);
    expect(links('> Links below.\n> [cockroach]: 0009-use-cockroach.md')).toEqual([]);
    expect(links('[cockroach]:\n- 0009-use-cockroach.md')).toEqual([]);
  });
});

describe('parseAdr: deciding whether a document is an ADR', () => {
  it('returns null for a document with no status, no ADR-like name and no doc_type', () => {
    expect(parseAdr({ fileName: 'runbooks/restart-dns.md', body: '# Restart DNS\n\nSteps.\n', frontMatter: {} })).toBeNull();
  });

  it('returns null when doc_type names something else, even with a status section', () => {
    expect(parseAdr({ fileName: '0004-x.md', body: '# X\n\n## Status\n\nDeprecated\n', frontMatter: { doc_type: 'runbook' } })).toBeNull();
  });

  it('accepts doc_type adr without any status and reports the status as unknown', () => {
    const facts = adr('use-kafka.md', '# Use Kafka\n', { doc_type: 'adr' });
    expect(facts).toMatchObject({
      adr_id: 'use-kafka',
      number: null,
      status: 'unknown',
      status_raw: null,
      status_source: 'none',
      decided_at: null,
    });
  });

  it('accepts an adr-NNN file name, or a numbered file in a decisions folder, without a status', () => {
    expect(adr('adr-007-x.md', '# Seven\n').adr_id).toBe('ADR-007');
    expect(adr('docs/decisions/0003-use-kafka.md', '# Use Kafka\n')).toMatchObject({
      adr_id: 'ADR-0003',
      status: 'unknown',
      status_source: 'none',
    });
  });

  it('does not take an unnumbered file in a decisions folder with nothing else of a record for one', () => {
    expect(parseAdr({ fileName: 'docs/decisions/overview.md', body: '# How we decide\n\nText.\n', frontMatter: {} })).toBeNull();
  });

  it('accepts a file whose status maps to a known ADR state when it is in an ADR folder or has a section a record is written in', () => {
    expect(adr('use-kafka.md', '# Use Kafka\n\n## Status\n\nAccepted\n\n## Decision\n\nWe use Kafka.\n').status).toBe('accepted');
    expect(adr('decisions/use-kafka.md', '# Use Kafka\n\n## Status\n\nAccepted\n').status).toBe('accepted');
    expect(adr('kafka.md', '# Kafka\n\nStatus: Accepted\n\n## 결정\n\nKafka를 쓴다.\n').status).toBe('accepted');
  });

  it('does not count a runbook, spec or plan that carries a status of its own and no section a record is written in', () => {
    const none = (fileName: string, body: string, frontMatter: Record<string, unknown> = {}) => parseAdr({ fileName, body, frontMatter });
    expect(none('runbooks/payments.md', '# Payments runbook\n\n## Status\n\nActive\n\n## Steps\n\n1. Page on-call.\n')).toBeNull();
    expect(
      none('specs/refunds.md', '# Spec: refunds API\n\nThe refunds API takes an idempotency key.\n', { status: 'confirmed' }),
    ).toBeNull();
    expect(none('specs/plan.md', '# Plan\n\nStatus: Completed\n\nWe moved the queue.\n')).toBeNull();
  });

  it('does not count a numbered file name alone', () => {
    expect(parseAdr({ fileName: '01-introduction.md', body: '# Introduction\n', frontMatter: {} })).toBeNull();
  });

  it('keeps an unrecognised status word verbatim as unknown', () => {
    const facts = adr('adr-002-x.md', '# X\n\n## Status\n\nAwaiting legal\n');
    expect([facts.status, facts.status_raw, facts.status_source]).toEqual(['unknown', 'Awaiting legal', 'nygard']);
  });
});

describe('normaliseAdrStatus', () => {
  it.each([
    ['Accepted', 'accepted'],
    ['Approved', 'accepted'],
    ['**Proposed**', 'proposed'],
    ['Draft', 'proposed'],
    ['Pending', 'pending'],
    ['Rejected', 'rejected'],
    ['Deprecated', 'deprecated'],
    ['Superseded', 'superseded'],
    ['Superseded by [x](x.md)', 'superseded'],
    ['Partly superseded', 'partly_superseded'],
    ['Partially superseded by [x](x.md)', 'partly_superseded'],
    ['Superseded in part by [x](x.md)', 'partly_superseded'],
    ['승인됨', 'accepted'],
    ['일부 대체됨', 'partly_superseded'],
    ['대체됨', 'superseded'],
    ['폐기', 'deprecated'],
    ['Something else', 'unknown'],
    ['Supersedes [x](x.md)', null],
    ['Amended by [x](x.md)', null],
    ['Amends [x](x.md)', null],
  ])('maps %j to %j', (raw, status) => {
    expect(normaliseAdrStatus(raw)).toBe(status);
  });
});

describe('parseAdr: statuses as teams write them', () => {
  it.each([
    ['✅ Accepted', 'accepted'],
    ['⌛️ Superseded by [19. Use go](0019-use-go.md)', 'superseded'],
    ['❌ Rejected', 'rejected'],
    ['🤔 Proposed', 'proposed'],
    ['**Accepted**', 'accepted'],
    ['Incomplete', 'pending'],
  ])('reads the status section %j as %s, keeping the text', (line, status) => {
    const facts = adr('0004-x.md', `# 4. X\n\n## Status\n\n${line}\n\n## Context\n`);
    expect([facts.status, facts.status_raw, facts.status_text]).toEqual([status, line, line]);
  });

  it('reads a status line right under the title when there is no status section', () => {
    const facts = adr('0024-logging.md', '# 24. Logging\n\n🤔 Proposed\n\n## Context\n\nLogs.\n');
    expect([facts.status, facts.status_raw, facts.status_source]).toEqual(['proposed', '🤔 Proposed', 'under_title']);
  });

  it('reads a successor named on the status line under the title', () => {
    const facts = adr('0004-x.md', '# 4. X\n\nDate: 2020-01-01\n\n⌛️ Superseded by [19. Y](0019-y.md)\n\n## Context\n');
    expect(facts.status).toBe('superseded');
    expect(facts.links).toEqual([{ relation: 'superseded_by', partial: false, target: '0019-y.md', form: 'link', stated_in: 'status' }]);
  });

  it('does not take prose under the title that starts with a status word for a status', () => {
    const facts = adr('adr/0005-x.md', '# 5. X\n\nAccepted practice is to deploy on Tuesdays.\n');
    expect([facts.status, facts.status_source]).toEqual(['unknown', 'none']);
  });

  it('reads a MADR status written in a blockquote', () => {
    expect(adr('0001-x.md', '# X\n\n> Status: Accepted\n> Date: 2021-02-03\n\n## Context\n')).toMatchObject({
      status: 'accepted',
      status_source: 'madr',
      decided_at: '2021-02-03',
    });
  });

  it.each([
    ['13/06/2019', '2019-06-13'],
    ['16th September, 2022', '2022-09-16'],
    ['March 2021', '2021-03-01'],
  ])('reads the Date line %j as %s', (date, iso) => {
    expect(adr('0001-x.md', `# 1. X\n\nDate: ${date}\n\n## Status\n\nAccepted\n`).decided_at).toBe(iso);
  });

  it.each([
    ['Date 19/04/2018', '2018-04-19'],
    ['Date - 2021-01-02', '2021-01-02'],
    ['**Date** 7 January 2021', '2021-01-07'],
  ])('reads %j, a Date line without its colon', (line, iso) => {
    expect(adr('0001-x.md', `# 1. X\n\n${line}\n\n## Status\n\nAccepted\n`).decided_at).toBe(iso);
  });

  it('does not take a line that only starts with the word Date for one', () => {
    expect(adr('0001-x.md', '# 1. X\n\nDates of the rollout are in the plan.\n\n## Status\n\nAccepted\n').decided_at).toBeNull();
  });
});

describe('parseAdr: status and date headings with a number, an emoji or emphasis', () => {
  it.each([
    ['## 2. Status', 'Accepted', 'accepted'],
    ['## 2) Status', 'Superseded by [6. Y](0006-y.md)', 'superseded'],
    ['## 1.2 Status', 'Deprecated', 'deprecated'],
    ['## **Status**', 'Rejected', 'rejected'],
    ['## 📌 Status', 'Proposed', 'proposed'],
    ['## **Status:** Accepted', '', 'accepted'],
  ])('reads the section under %j', (heading, line, status) => {
    const facts = adr('docs/adr/0005-x.md', `# 5. X\n\n${heading}\n\n${line}\n\n## Context\n\nText.\n`);
    expect([facts.status, facts.status_source]).toEqual([status, 'nygard']);
  });

  it('reads the ticked box under a bold status heading', () => {
    const facts = adr('docs/adr/0005-x.md', '# 5. X\n\n## **Status**\n\n- [ ] Proposto\n- [x] Aceito\n\n## **Contexto**\n\nTexto.\n');
    expect([facts.status, facts.status_raw]).toEqual(['accepted', 'Aceito']);
  });

  it('dates a record by a numbered or emoji date section', () => {
    const numbered =
      '# ADR 0005: X\n\n## 1. Title\n\nX.\n\n## 2. Status\n\nAccepted\n\n## 3. Date\n\n2026-07-11\n\n## 4. Context\n\nText.\n';
    expect(adr('docs/adr/0005-x.md', numbered).decided_at).toBe('2026-07-11');
    expect(adr('docs/adr/0005-x.md', '# 5. X\n\n## 📅 Date\n\n2024-01-02\n\n## Status\n\nAccepted\n').decided_at).toBe('2024-01-02');
  });

  it('takes neither a year nor a longer heading for a status heading', () => {
    expect(adr('docs/adr/0005-x.md', '# 5. X\n\n## 2024 Status\n\nAccepted\n\n## Context\n\nText.\n').status).toBe('unknown');
    expect(adr('docs/adr/0005-x.md', '# 5. X\n\n## 1. Status and scope\n\nAccepted\n\n## Context\n\nText.\n').status).toBe('unknown');
  });
});

describe('parseAdr: a table of the status history in the status section', () => {
  it('reads the Status column of each row, the most advanced deciding, with the notes after it', () => {
    const body = [
      '# 5. X',
      '',
      '## Status',
      '',
      '| Date | Status | Note |',
      '|---|---|---|',
      '| 2024-01-02 | Proposed | first draft |',
      '| 2024-02-03 | Accepted | |',
      '| 2024-09-01 | Superseded | by [7. Y](0007-y.md) |',
      '',
      '## Context',
      '',
      'Text.',
    ].join('\n');
    const facts = adr('docs/adr/0005-x.md', body);
    expect([facts.status, facts.status_raw, facts.status_text]).toEqual([
      'superseded',
      'Superseded — by [7. Y](0007-y.md)',
      'Proposed — first draft\nAccepted\nSuperseded — by [7. Y](0007-y.md)',
    ]);
    expect(facts.links).toEqual([{ relation: 'superseded_by', partial: false, target: '0007-y.md', form: 'link', stated_in: 'status' }]);
  });

  it('reads a one-row table whose Status column is not the first', () => {
    const body =
      '# 9. X\n\n## Status\n\n| Date | Status | Note | Minutes |\n|---|---|---|---|\n| 2026-08-31 | Accepted | | |\n\n## Context\n';
    expect(adr('docs/adr/0009-x.md', body)).toMatchObject({ status: 'accepted', status_raw: 'Accepted' });
  });

  it('keeps a table with no Status column as it is written (no status read from it)', () => {
    const body = '# 9. X\n\n## Status\n\n| Date | Event |\n|---|---|\n| 2024-01-02 | Accepted |\n\n## Context\n';
    expect(adr('docs/adr/0009-x.md', body).status).toBe('unknown');
  });
});

describe('parseAdr: a status given with its date', () => {
  it.each([
    ['## 2021-03-04 Status\n\nAccepted', 'accepted', '2021-03-04'],
    ['## Status (2021-03-04)\n\nRejected', 'rejected', '2021-03-04'],
    ['## 2021-03-04 Status: Accepted', 'accepted', '2021-03-04'],
    // Dated status headings are a history: the latest state is in force, dated by the latest decision.
    ['## 2020-09-01 Status\n\nProposed\n\n## 2020-10-12 Status\n\nAccepted', 'accepted', '2020-10-12'],
    ['## 2020-10-12 Status\n\nAccepted\n\n## 2022-04-01 Status\n\nDeprecated', 'deprecated', '2020-10-12'],
  ])('reads %j as %j dated %j', (section, status, date) => {
    const facts = adr('docs/adr/0005-x.md', `# 5. X\n\n${section}\n\n## Context\n\nText.\n`);
    expect([facts.status, facts.decided_at]).toEqual([status, date]);
  });

  it('reads the latest row of a history table, in whatever order the rows are, and dates the record by its latest decision', () => {
    const table = (rows: string[]) =>
      ['# 5. X', '', '## Status', '', '| Date | Status | Note |', '|---|---|---|', ...rows, '', '## Context', '', 'Text.'].join('\n');
    const again = adr(
      'docs/adr/0005-x.md',
      table(['| 2021-01-10 | Proposed | |', '| 2021-02-02 | Rejected | |', '| 2021-11-20 | Accepted | proposed again |']),
    );
    expect([again.status, again.status_raw, again.decided_at]).toEqual(['accepted', 'Accepted — proposed again', '2021-11-20']);
    const newestFirst = adr('docs/adr/0005-x.md', table(['| 2023-05-04 | Deprecated | |', '| 2019-04-01 | Accepted | |']));
    expect([newestFirst.status, newestFirst.decided_at]).toEqual(['deprecated', '2019-04-01']);
  });
});

describe('parseAdr: a status history written with arrows', () => {
  it('dates an accepted record by the date after its last state', () => {
    const facts = adr('docs/adr/0005-x.md', '# 5. X\n\n## Status\n\nProposed → Accepted (2024-02-01)\n\n## Context\n');
    expect([facts.status, facts.decided_at]).toEqual(['accepted', '2024-02-01']);
  });

  it('reads a record whose last state names its successor as superseded, with the successor', () => {
    const facts = adr('docs/adr/0005-x.md', '# 5. X\n\nStatus: Accepted → Superseded by [7. Y](0007-y.md)\n\n## Context\n');
    expect(facts.status).toBe('superseded');
    expect(facts.links).toEqual([{ relation: 'superseded_by', partial: false, target: '0007-y.md', form: 'link', stated_in: 'status' }]);
  });
});

describe('parseAdr: metadata lists that name the status Decision status or ADR status', () => {
  it('reads Decision status and Decision date, and not an Implementation status beside them', () => {
    const body =
      '# ADR 0006: X\n\n- Implementation status: Partial\n- Decision status: Accepted\n- Decision date: 2026-04-23\n\n## Context\n\nText.\n';
    expect(adr('docs/adr/0006-x.md', body)).toMatchObject({
      status: 'accepted',
      status_raw: 'Accepted',
      status_source: 'madr',
      decided_at: '2026-04-23',
    });
  });

  it('reads ADR Status, and a Decision Status column of a table', () => {
    expect(adr('docs/adr/0006-x.md', '# ADR 0006: X\n\n- ADR Status: REJECTED\n\n## Context\n').status).toBe('rejected');
    const table = '# ADR 0006: X\n\n| Decision Status | Date |\n|---|---|\n| Deprecated | 2024-01-01 |\n\n## Context\n';
    expect(adr('docs/adr/0006-x.md', table)).toMatchObject({ status: 'deprecated', decided_at: '2024-01-01' });
  });
});

describe('parseAdr: a bold Status label over the status, in place of a heading', () => {
  it.each([
    ['**Status**\n\nAccepted', 'accepted'],
    ['**Status:**\n\nRejected', 'rejected'],
    ['__Status__\nProposed', 'proposed'],
  ])('reads %j', (block, status) => {
    const facts = adr('docs/adr/0008-x.md', `# ADR-0008: X\n\n${block}\n\n**Context**\n\nText.\n`);
    expect([facts.status, facts.status_source]).toEqual([status, 'nygard']);
  });

  it('reads a successor under the label, and nothing past its paragraph', () => {
    const body = '# 8. X\n\n**Status**\n\nSuperseded by [9. Y](0009-y.md)\n\nThe old queue stays until March.\n\n**Context**\n\nText.\n';
    const facts = adr('docs/adr/0008-x.md', body);
    expect([facts.status, facts.status_text]).toEqual(['superseded', 'Superseded by [9. Y](0009-y.md)']);
    expect(facts.links).toEqual([{ relation: 'superseded_by', partial: false, target: '0009-y.md', form: 'link', stated_in: 'status' }]);
  });

  it('takes a bold label with a value after it on its line for no status label', () => {
    expect(adr('docs/adr/0008-x.md', '# 8. X\n\nText.\n\n**Status of the rollout**\n\nAccepted by ops.\n').status).toBe('unknown');
  });
});

describe('parseAdr: a status badge under the title', () => {
  it.each([
    ['![](https://img.shields.io/badge/status-accepted-brightgreen)', 'accepted', 'accepted'],
    ['![Status](https://img.shields.io/badge/Status-Rejected-red?style=flat-square)', 'rejected', 'Rejected'],
    ['<img src="https://badgen.net/badge/status/proposed/blue">', 'proposed', 'proposed'],
  ])('reads %j', (badge, status, raw) => {
    const facts = adr('docs/adr/0008-x.md', `# 8. X\n\n${badge}\n\n## Context\n\nText.\n`);
    expect([facts.status, facts.status_raw, facts.status_source]).toEqual([status, raw, 'under_title']);
  });

  it('reads the status badge among others, and the successor its message names', () => {
    const badges = [
      '![2023-06-17](https://img.shields.io/badge/date-2023--06--17-F5F5DC)',
      '![Superseded](https://img.shields.io/badge/status-superseded%20by%20ADR--0009-red)',
    ].join('\n');
    const facts = adr('docs/adr/0008-x.md', `# 8. X\n\n${badges}\n\n## Context\n\nText.\n`);
    expect([facts.status, facts.status_raw]).toEqual(['superseded', 'superseded by ADR-0009']);
    expect(facts.links).toEqual([
      { relation: 'superseded_by', partial: false, target: 'ADR-0009', form: 'reference', stated_in: 'status' },
    ]);
  });

  it('takes a page for a record by its badge only when something else says it is one', () => {
    const page = '# Sync service\n\n![Status](https://img.shields.io/badge/status-active-green)\n\nHow the sync runs.\n';
    expect(parseAdr({ fileName: 'docs/guides/sync.md', body: page, frontMatter: {} })).toBeNull();
    expect(adr('docs/adr/0008-sync.md', page).status).toBe('accepted');
  });

  it('passes badges that say no status, to a status line under them or to none', () => {
    const build = '[![build](https://img.shields.io/badge/build-passing-green)](https://ci.example)';
    expect(adr('docs/adr/0008-x.md', `# 8. X\n\n${build}\n\n✅ Accepted\n\n## Context\n`).status).toBe('accepted');
    expect(adr('docs/adr/0008-x.md', `# 8. X\n\n${build}\n\nWe decided.\n`).status).toBe('unknown');
  });
});

describe('parseAdr: recognising a record by its content and its place', () => {
  const maybe = (fileName: string, body: string, rootFolder?: string) =>
    parseAdr({ fileName, body, frontMatter: {}, ...(rootFolder ? { rootFolder } : {}) });

  it('recognises a numbered record with no status at all in an ADR folder, as unknown', () => {
    expect(maybe('architecture-decision-records/0022-monitoring.md', '# Monitoring\n\nWe alert.\n')).toMatchObject({
      adr_id: 'ADR-0022',
      status: 'unknown',
      status_source: 'none',
    });
  });

  it('recognises it when the ADR folder is the loaded folder itself, whose name no relative path holds', () => {
    expect(maybe('0022-monitoring.md', '# Monitoring\n\nWe alert.\n', 'architecture-decision-record')).not.toBeNull();
    expect(maybe('0022-monitoring.md', '# Monitoring\n\nWe alert.\n', 'notes')).toBeNull();
  });

  it('recognises an ADR-NNN: title anywhere, with its number', () => {
    expect(maybe('notes/use-kafka.md', '# ADR-007: Use Kafka\n\nText.\n')).toMatchObject({
      adr_id: 'ADR-007',
      number: 7,
      title: 'Use Kafka',
    });
  });

  it('recognises an NNN. title together with a Date line, but not an NNN. title alone', () => {
    expect(maybe('guide/postgres.md', '# 12. Use Postgres\n\nDate: 2021-01-01\n\nText.\n')).toMatchObject({
      adr_id: 'ADR-12',
      decided_at: '2021-01-01',
    });
    expect(maybe('guide/chapter.md', '# 1. Introduction\n\nText.\n')).toBeNull();
  });

  it('recognises a record whose status is not understood when it is numbered', () => {
    expect(maybe('0029-x.md', '# 29. X\n\n## Status\n\n🌀 Exploratory\n')).toMatchObject({
      status: 'unknown',
      status_raw: '🌀 Exploratory',
    });
  });

  it('takes a title number written without a dot off only when the file carries the same number', () => {
    expect(maybe('adr/023-Logging.md', '# 23 Logging\n\nText.\n')?.title).toBe('Logging');
    expect(maybe('adr/024-x.md', '# 2024 roadmap\n\nText.\n')?.title).toBe('2024 roadmap');
  });

  it.each(['README.md', 'index.md', 'template.md', 'adr-template.md'])(
    'does not take %s in an ADR folder for a record, whatever it holds',
    (name) => {
      expect(maybe(`docs/adr/${name}`, '# Decisions\n\n## Status\n\nAccepted\n\n- ✅ [1. X](0001-x.md)\n')).toBeNull();
    },
  );

  it('still takes a README for a record when its front matter says doc_type adr', () => {
    expect(parseAdr({ fileName: 'adr/README.md', body: '# X\n', frontMatter: { doc_type: 'adr' } })).not.toBeNull();
  });
});

describe('parseAdr: a `## Status` section that keeps the fields as key and value', () => {
  it('reads the Status row of a `| Field | Value |` table and its Date row, not the header, as the status and the date', () => {
    const facts = adr(
      'docs/adr/ADR-049-x.md',
      '# ADR-049: Queue per tenant\n\n## Status\n\n| Field | Value |\n| --- | --- |\n| Status | Proposed |\n| Date | 2026-09-24 |\n| Owner | Data team |\n\n## Context\n\nx\n',
    );
    expect(facts).toMatchObject({ status: 'proposed', status_raw: 'Proposed', decided_at: '2026-09-24' });
  });

  it('reads `- **Status:**` and `- **Date:**` items under it as the status and the date', () => {
    const facts = adr('docs/adr/ADR-050-x.md', '# ADR-050: One queue\n\n## Status\n\n- **Status:** Rejected\n- **Date:** 2026-10-02\n');
    expect(facts).toMatchObject({ status: 'rejected', status_raw: 'Rejected', decided_at: '2026-10-02' });
  });
});

describe('parseAdr: the date a record was decided on', () => {
  it('reads `Decided:` (beside `Raised:`, or under a `Date(s):` item) and `Date decided:` as the date, and a `Decided:` line of words as none', () => {
    const madr = (meta: string) =>
      adr('docs/adr/0012-x.md', `# Split the add-to-list form\n\n${meta}\n\n## Context and Problem Statement\n\nx\n`);
    expect(madr('* Status: accepted\n* Raised: 2021-06-22\n* Decided: 2021-07-01').decided_at).toBe('2021-07-01');
    expect(madr('* Status: accepted\n* Date(s):\n  * Drafted: 2019-10-31\n  * Decided: 2020-02-04').decided_at).toBe('2020-02-04');
    expect(madr('- **Status:** Accepted\n- **Date decided:** 2026-10-05').decided_at).toBe('2026-10-05');
    expect(madr('Status: accepted\nDecided: we keep one form').decided_at).toBeNull();
  });
});

describe('parseAdr: a Metadata section holding the status and the date', () => {
  const decision = '\n\n## Context\n\nSessions live in process memory and vanish on deploy.\n\n## Decision\n\nWe keep sessions in Redis.\n';

  it('reads the status and the date from the list of a `## Metadata` section', () => {
    const facts = adr(
      'session-store.md',
      `# Keep sessions in Redis\n\n## Metadata\n\n- Status: Accepted\n- Date: 2024-03-01\n- Deciders: web platform group${decision}`,
    );
    expect(facts).toMatchObject({ status: 'accepted', status_raw: 'Accepted', decided_at: '2024-03-01', status_source: 'madr' });
  });

  it('reads a table of key and value rows under `## Decision Metadata`, and bold keys under `## Document metadata`', () => {
    const table = adr(
      'queue-choice.md',
      `# Pick a queue\n\n## Decision Metadata\n\n| Field | Value |\n|---|---|\n| Status | Superseded by ADR-0031 |\n| Date | 2023-11-14 |${decision}`,
    );
    expect(table).toMatchObject({ status: 'superseded', status_raw: 'Superseded by ADR-0031', decided_at: '2023-11-14' });
    expect(table.links).toEqual([expect.objectContaining({ relation: 'superseded_by', target: 'ADR-0031' })]);
    const bold = adr(
      'feature-flags.md',
      `# Flags from one service\n\n## Document metadata\n\n* **Status:** Proposed\n* **Date:** 2022-09-30${decision}`,
    );
    expect(bold).toMatchObject({ status: 'proposed', decided_at: '2022-09-30' });
  });

  it('reads a `## Document Information` table and a `## Document Control` list as that section; a bare `## Information` is none', () => {
    const info = adr(
      'docs/adr/ADR-047-strangler.md',
      `# ADR-047: Strangle the old billing\n\n## Document Information\n\n| Field | Value |\n|---|---|\n| ADR | ADR-047 |\n| Status | Superseded |\n| Date | 2026-07-24 |${decision}`,
    );
    expect(info).toMatchObject({ status: 'superseded', status_raw: 'Superseded', decided_at: '2026-07-24', status_source: 'madr' });
    const control = adr(
      'docs/adr/ADR-048-x.md',
      `# ADR-048: Invoices from events\n\n## Document Control\n\n- **Status:** Accepted\n- **Date:** 2026-08-24${decision}`,
    );
    expect(control).toMatchObject({ status: 'accepted', decided_at: '2026-08-24' });
    const bare = adr('docs/adr/ADR-049-x.md', `# ADR-049: Y\n\n## Information\n\n- Status: Accepted${decision}`);
    expect(bare.status_source).toBe('none');
  });

  it('reads the section in German, French, Spanish and Korean', () => {
    expect(adr('de.md', `# Sitzungen\n\n## Metadaten\n\n| Status | Angenommen |\n| Datum | 2024-01-09 |${decision}`)).toMatchObject({
      status: 'accepted',
      decided_at: '2024-01-09',
    });
    expect(adr('fr.md', `# Sessions\n\n## Métadonnées\n\n- Statut : Proposé\n- Date : 2024-02-10${decision}`)).toMatchObject({
      status: 'proposed',
      decided_at: '2024-02-10',
    });
    expect(adr('es.md', `# Sesiones\n\n## Metadatos\n\n- Estado: Rechazado\n- Fecha: 2024-04-11${decision}`)).toMatchObject({
      status: 'rejected',
      decided_at: '2024-04-11',
    });
    expect(
      adr('ko.md', '# 세션 저장소\n\n## 메타데이터\n\n- 상태: 승인\n- 날짜: 2024-05-12\n\n## 결정\n\n세션은 Redis에 둔다.\n'),
    ).toMatchObject({
      status: 'accepted',
      decided_at: '2024-05-12',
    });
  });

  it('reads only the list items and table rows of that section', () => {
    const prose = adr(
      'docs/adr/prose.md',
      '# Sessions\n\n## Metadata\n\n- Date: 2024-01-08\n\nStatus: Accepted is what the reviewers asked for.\n',
    );
    expect(prose).toMatchObject({ status: 'unknown', decided_at: '2024-01-08' });
    const elsewhere = adr('docs/adr/elsewhere.md', '# Sessions\n\n## Metadata\n\n- Date: 2024-01-08\n\n## Notes\n\n- Status: Rejected\n');
    expect(elsewhere).toMatchObject({ status: 'unknown', decided_at: '2024-01-08' });
  });

  it('ranks the section after front matter, a `## Status` section and a Status line above the first `##` heading', () => {
    const meta = '\n\n## Metadata\n\n- Status: Accepted\n- Date: 2024-03-01';
    // A status read from elsewhere still takes its date from the section when it has none of its own.
    expect(adr('a.md', `# Sessions\n\n## Status\n\nProposed${meta}${decision}`)).toMatchObject({
      status: 'proposed',
      decided_at: '2024-03-01',
    });
    expect(adr('b.md', `# Sessions\n\nStatus: Rejected\nDate: 2021-06-07${meta}${decision}`)).toMatchObject({
      status: 'rejected',
      decided_at: '2021-06-07',
    });
    expect(adr('c.md', `# Sessions${meta}${decision}`, { status: 'deprecated' })).toMatchObject({
      status: 'deprecated',
      decided_at: '2024-03-01',
    });
  });

  it('does not make a plan or spec with a Metadata section and no section a record is written in a record', () => {
    const none = (fileName: string, body: string) => parseAdr({ fileName, body, frontMatter: {} });
    const plan = '# Rollout plan\n\n## Metadata\n\n- Status: Accepted\n- Date: 2024-02-01\n\n## Steps\n\n1. Drain the old pool.\n';
    expect(none('plans/rollout.md', plan)).toBeNull();
    expect(none('plans/003-rollout.md', plan)).toBeNull();
    expect(
      none(
        'specs/billing.md',
        '# Billing spec\n\n## Decision Metadata\n\n| Status | Approved |\n\n## Requirements\n\nInvoices are monthly.\n',
      ),
    ).toBeNull();
    // In an ADR folder the section's status says what it says of any record there.
    expect(adr('docs/adr/rollout.md', plan)).toMatchObject({ status: 'accepted', decided_at: '2024-02-01' });
  });
});

describe('parseAdr: a successor outside the folder of records', () => {
  it.each([
    ['Superseded by PR #123', 'PR #123'],
    ['Superseded by pull request 45', 'pull request 45'],
    ['Replaced by RFC 7', 'RFC 7'],
    ['Superseded by https://gitlab.example.com/group/repo/-/merge_requests/9', 'https://gitlab.example.com/group/repo/-/merge_requests/9'],
    ['Superseded by [the new lint rules](https://github.com/o/r/pull/88)', 'https://github.com/o/r/pull/88'],
  ])('reads %j as superseded by %j, outside the records', (status, outside) => {
    const facts = adr('docs/adr/0005-x.md', `# 5. X\n\n## Status\n\n${status}\n\n## Context\n\nText.\n`);
    expect([facts.status, facts.successor_outside]).toEqual(['superseded', outside]);
  });
});
