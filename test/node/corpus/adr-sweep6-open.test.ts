// ADR sweep 6, findings left open at stop 33: a rule line kept in a status, Turkish "yerini X aldı",
// Indonesian "Menggantikan: argumen … di ADR-0015", Japanese "A を B に置き換える", each read as
// `lens demo load --docs` reads its folder.
import { describe, expect, it } from 'vitest';
import { adrSummaryLines } from '../../../electron/cli/adr-summary-lines';
import { readMarkdownFolder, type MarkdownFolder } from '../../../electron/corpus/markdown-folder';
import { useTempFolders } from '../../support/temp-folders';

const { folderWith } = useTempFolders('lens-adr-sweep6-open-');

/** `older -> newer (partial)` by document id. */
function edges(folder: MarkdownFolder): string[] {
  return folder.supersessions.map((e) => `${e.from_document_id} -> ${e.to_document_id}${e.partial ? ' (partial)' : ''}`);
}

describe('a status section closed by a rule (a decision log of sections between `---` lines)', () => {
  const LOG = [
    '# Decision Log\n\nArchitecture decisions for the storefront, newest last.\n\n---\n\n',
    '## ADR-005: Tailwind CSS for styling\n\n**Date:** 2025-11-03\n\n### Context\n\nOne design system for the storefront and the admin.\n\n',
    '### Decision\n\nUse Tailwind CSS 4 with a custom theme.\n\n### Status\n\nSuperseded by ADR-007\n\n---\n\n',
    '## ADR-006: Vitest for unit tests\n\n### Status\n\nAccepted\n\n* * *\n\nSee the testing guide.\n\n',
    '## ADR-007: SCSS modules for styling\n\n### Status\n\nAccepted\n\n___\n',
  ].join('');

  it('keeps the rule out of the status text, and the text after the rule in the record', () => {
    const folder = readMarkdownFolder(folderWith({ 'docs/DECISIONS.md': LOG }));
    const records = folder.documents.filter((d) => d.adr);
    expect(records.map((d) => [d.document_id, d.adr?.status, d.adr?.status_text])).toEqual([
      ['docs--DECISIONS--adr-005', 'superseded', 'Superseded by ADR-007'],
      ['docs--DECISIONS--adr-006', 'accepted', 'Accepted'],
      ['docs--DECISIONS--adr-007', 'accepted', 'Accepted'],
    ]);
    expect(edges(folder)).toEqual(['docs--DECISIONS--adr-005 -> docs--DECISIONS--adr-007']);
    expect(folder.documents.map((d) => folder.bodies.get(d.document_id)).join('')).toBe(LOG);
  });
});

describe('Turkish "yerini X aldı" (X took its place)', () => {
  it("makes the record that says it superseded by X, and one that took X's place its successor", () => {
    const folder = readMarkdownFolder(
      folderWith({
        'docs/adr/0002-dosya.md': '# ADR-0002: Dosya tabanlı kuyruk\n\n- Durum: Kabul edildi\n- Tarih: 2023-11-02\n',
        'docs/adr/0003-kuyruk.md':
          '# ADR-0003: Mesaj kuyruğu olarak RabbitMQ\n\n- Durum: Kabul edildi, yerini 0005 aldı\n- Tarih: 2024-03-12\n\n## Bağlam\n\nSipariş olayları kuyruğa yazılır.\n',
        'docs/adr/0004-oturum.md':
          '# ADR-0004: Oturum yönetimi\n\n## Durum\n\nKullanımdan kaldırıldı; yerini ADR-0005 aldı.\n\n## Bağlam\n\nOturumlar bellekte tutulur.\n',
        'docs/adr/0005-kafka.md':
          "# ADR-0005: Olay akışı için Kafka\n\n- Durum: Kabul edildi (ADR-0002'nin yerini alır)\n- Tarih: 2024-09-01\n\n## Karar\n\nKafka, eski kuyruğun yerini aldı; ADR-0006 ayrıca okunmalı.\n",
        'docs/adr/0006-sema.md': "# ADR-0006: Şema kayıt defteri\n\nDurum: Yerini ADR-0007'ye bıraktı\n",
        'docs/adr/0007-protobuf.md': '# ADR-0007: Protobuf şemaları\n\nDurum: Kabul edildi\n',
      }),
    );
    const status = Object.fromEntries(folder.documents.map((d) => [d.document_id, d.adr?.status]));
    expect(status).toEqual({
      // Its own status still says accepted: the edge is drift, as for any record only its successor names.
      'docs--adr--0002-dosya': 'accepted',
      'docs--adr--0003-kuyruk': 'superseded',
      'docs--adr--0004-oturum': 'superseded',
      'docs--adr--0005-kafka': 'accepted',
      'docs--adr--0006-sema': 'superseded',
      'docs--adr--0007-protobuf': 'accepted',
    });
    expect(edges(folder).sort()).toEqual([
      'docs--adr--0002-dosya -> docs--adr--0005-kafka',
      'docs--adr--0003-kuyruk -> docs--adr--0005-kafka',
      'docs--adr--0004-oturum -> docs--adr--0005-kafka',
      'docs--adr--0006-sema -> docs--adr--0007-protobuf',
    ]);
    expect(folder.supersessions.find((e) => e.from_document_id === 'docs--adr--0002-dosya')).toMatchObject({
      stated_in: ['new_status'],
      drift: true,
    });
  });
});

describe('Indonesian "Menggantikan: [a thing] di ADR-0015" (replaces a thing in ADR-0015)', () => {
  it('is a partial supersession; replacing the record, or its decision as a whole, stays full', () => {
    const folder = readMarkdownFolder(
      folderWith({
        'docs/adr/0015-esp.md': '# ADR-0015: Penyimpanan di ESP32\n\n- Status: diterima\n- Tanggal: 2026-05-02\n',
        'docs/adr/0016-mqtt.md': '# ADR-0016: MQTT untuk telemetri\n\n- Status: diterima\n',
        'docs/adr/0017-ota.md': '# ADR-0017: Pembaruan OTA\n\n- Status: diterima\n',
        'docs/adr/0025-disk.md':
          '# ADR-0025: Penyimpanan disk lokal\n\n- Status: diterima\n- Tanggal: 2026-09-30\n\n- Menggantikan: argumen kinerja di ADR-0015\n\n## Konteks\n\nKartu SD lebih murah.\n',
        'docs/adr/0026-broker.md':
          '# ADR-0026: Broker lokal\n\n- Status: diterima\n\n- Menggantikan: bagian keamanan dari [ADR-0016](0016-mqtt.md)\n',
        'docs/adr/0027-ota-baru.md': '# ADR-0027: OTA baru\n\n- Status: diterima\n\n- Menggantikan: keputusan di ADR-0017\n',
      }),
    );
    expect(edges(folder).sort()).toEqual([
      'docs--adr--0015-esp -> docs--adr--0025-disk (partial)',
      'docs--adr--0016-mqtt -> docs--adr--0026-broker (partial)',
      'docs--adr--0017-ota -> docs--adr--0027-ota-baru',
    ]);
  });
});

describe('Japanese "[A] を [B] に置き換える" (replace A with B)', () => {
  it('supersedes A when B is this record, is superseded by B when A is, says nothing of two other records, never names itself', () => {
    const folder = readMarkdownFolder(
      folderWith({
        'docs/adr/0001-memcached.md': '# ADR-0001: Memcached\n\nステータス: 承認\n',
        'docs/adr/0003-rest.md': '# ADR-0003: REST API\n\nステータス: 承認\n',
        'docs/adr/0004-gateway.md':
          '# ADR-0004: API ゲートウェイ\n\nステータス: 承認\n\n## 背景\n\n移行計画では ADR-0003 を ADR-0005 に置き換える。\n',
        'docs/adr/0005-grpc.md':
          '# ADR-0005: gRPC への移行\n\nステータス: 承認\n\n## 決定\n\nADR-0003 を ADR-0005 に置き換える。社内 API はすべて gRPC にする。\n',
        'docs/adr/0007-cache.md':
          '# ADR-0007: キャッシュ方針\n\nステータス: 承認\n\n## 決定\n\nADR-0001 のキャッシュ層を ADR-0008 に置き換える。\n',
        'docs/adr/0008-redis.md': '# ADR-0008: Redis\n\nステータス: 提案\n',
        'docs/adr/0009-queue.md': '# ADR-0009: ジョブキュー\n\nステータス: 承認\n\n## 補足\n\n本 ADR を ADR-0010 に置き換える予定。\n',
        'docs/adr/0010-queue-v2.md': '# ADR-0010: ジョブキュー v2\n\nステータス: 提案\n',
        'docs/adr/0011-auth.md': '# ADR-0011: 認証\n\nステータス: 承認\n',
        'docs/adr/0012-oidc.md':
          '# ADR-0012: OIDC\n\nステータス: 承認\n\n## 決定\n\n[ADR-0011](0011-auth.md) を [本 ADR](0012-oidc.md) に置き換える。\n',
      }),
    );
    expect(edges(folder).sort()).toEqual([
      'docs--adr--0003-rest -> docs--adr--0005-grpc',
      'docs--adr--0009-queue -> docs--adr--0010-queue-v2',
      'docs--adr--0011-auth -> docs--adr--0012-oidc',
    ]);
    expect(folder.warnings.filter((warning) => warning.includes('points at the ADR itself'))).toEqual([]);
  });
});

describe('a status under a nested front matter key (Dublin Core `dct: { isVersionOf: accepted }`)', () => {
  const front = (dct: string) =>
    `---\nparent: Decisions\nnav_order: ADR.12\ndct:\n${dct}\nowl:\n  versionInfo: "v1.0.0 (2025-01-01)"\n---\n<!-- markdownlint-disable-next-line MD025 -->\n\n`;

  it('is not read, and the load summary names it among the statuses not understood, with its key', () => {
    const folder = readMarkdownFolder(
      folderWith({
        'doc/decisions/0012-use-cim.md': `${front('  identifier: urn:uuid:f6a7b8c9\n  title: Use CIM as default domain language\n  isVersionOf: accepted\n  issued: 2025-01-01')}# Use CIM as default domain language\n\n## Context and Problem Statement\n\nHeterogeneous data models.\n`,
        'doc/decisions/0013-use-tls.md': `---\nstatus: proposed\ndct:\n  isVersionOf: accepted\n---\n# Use TLS\n`,
        'doc/decisions/0014-writing.md': `${front('  title: Accepted practice for writing\n  isVersionOf: v2')}# Writing conventions\n`,
      }),
    );
    expect(folder.documents.map((d) => [d.document_id, d.adr?.status, d.adr?.status_source])).toEqual([
      ['doc--decisions--0012-use-cim', 'unknown', 'none'],
      ['doc--decisions--0013-use-tls', 'proposed', 'front_matter'],
      ['doc--decisions--0014-writing', 'unknown', 'none'],
    ]);
    expect(folder.adrs.statuses_not_understood).toEqual([
      { file: 'doc/decisions/0012-use-cim.md', status_text: 'accepted', nested_key: 'dct.isVersionOf' },
    ]);
    expect(adrSummaryLines(folder.adrs).slice(1)).toEqual([
      '  Statuses not understood (1; kept verbatim, read as unknown):',
      '    - doc/decisions/0012-use-cim.md: "accepted" under the nested front matter key dct.isVersionOf, which is not read; write it as a top-level "status:" to have it read',
    ]);
  });
});

// CommonMark: `[Status]: Accepted` on a line of its own, at the top level or opening a list item, is a
// link reference definition (label Status, destination Accepted): GitHub shows nothing (an empty bullet).
describe('a status written as a link reference definition (`[Status]: Accepted`, `- [Status]: Accepted`)', () => {
  it('is not read, as a reader of the page sees none, and the load summary names it among the statuses not understood, saying why', () => {
    const folder = readMarkdownFolder(
      folderWith({
        'docs/adr/0015-grpc.md': '# 15. Use gRPC\n\n- [Status]: Accepted\n- Date: 2024-03-01\n\n## Context\n\nCalls.\n',
        'docs/adr/0016-rest.md': '# 16. Use REST\n\n[상태]: <승인>\n\n## Context\n\nCalls.\n',
        // A definition of a status page, no status: nothing to report.
        'docs/adr/0017-pages.md': '# 17. Status pages\n\nDate: 2024-04-01\n\n[status]: https://status.example.com\n',
        // Text after the destination makes no definition: the line shows, and is read.
        'docs/adr/0018-queue.md': '# 18. Queue\n\n[Status]: Superseded by ADR-0019\n',
        'docs/adr/0019-queue-v2.md': '# 19. Queue v2\n\nStatus: Accepted\n',
      }),
    );
    expect(folder.documents.map((d) => [d.file, d.adr?.status, d.adr?.decided_at])).toEqual([
      ['docs/adr/0015-grpc.md', 'unknown', '2024-03-01'],
      ['docs/adr/0016-rest.md', 'unknown', null],
      ['docs/adr/0017-pages.md', 'unknown', '2024-04-01'],
      ['docs/adr/0018-queue.md', 'superseded', null],
      ['docs/adr/0019-queue-v2.md', 'accepted', null],
    ]);
    expect(folder.adrs.statuses_not_understood).toEqual([
      { file: 'docs/adr/0015-grpc.md', status_text: 'Accepted', written_as: 'link_definition' },
      { file: 'docs/adr/0016-rest.md', status_text: '승인', written_as: 'link_definition' },
    ]);
    expect(adrSummaryLines(folder.adrs).slice(1)).toEqual([
      '  Statuses not understood (2; kept verbatim, read as unknown):',
      '    - docs/adr/0015-grpc.md: "Accepted" is written as a link reference definition ("[Status]: …"), which Markdown shows as nothing, so it is not read; write it as "Status: Accepted" to have it read',
      '    - docs/adr/0016-rest.md: "승인" is written as a link reference definition ("[Status]: …"), which Markdown shows as nothing, so it is not read; write it as "Status: 승인" to have it read',
    ]);
  });
});

describe('a record replacing a thing inside another ("replaces the retry policy in ADR-0012", "dan argumen di ADR-0015")', () => {
  it('makes that edge partial and keeps a record replaced as a whole full', () => {
    const folder = readMarkdownFolder(
      folderWith({
        'docs/adr/0011-queue.md': '# ADR-0011: Queue\n\nStatus: Accepted\n',
        'docs/adr/0012-retries.md': '# ADR-0012: Retries and caching\n\nStatus: Accepted\n',
        'docs/adr/0013-backoff.md':
          '# ADR-0013: Backoff\n\nStatus: Accepted\n\n## Decision\n\nThis decision replaces the retry policy in ADR-0012 and supersedes ADR-0011.\n',
        'docs/adr/0014-esp.md': '# ADR-0014: ESP32\n\n- Status: diterima\n',
        'docs/adr/0015-disk.md': '# ADR-0015: Disk\n\n- Status: diterima\n',
        'docs/adr/0025-sd.md': '# ADR-0025: Kartu SD\n\n- Status: diterima\n\n- Menggantikan: ADR-0014 dan argumen di ADR-0015\n',
      }),
    );
    expect(edges(folder).sort()).toEqual([
      'docs--adr--0011-queue -> docs--adr--0013-backoff',
      'docs--adr--0012-retries -> docs--adr--0013-backoff (partial)',
      'docs--adr--0014-esp -> docs--adr--0025-sd',
      'docs--adr--0015-disk -> docs--adr--0025-sd (partial)',
    ]);
  });
});

describe('Turkish prose "Bu karar ADR-0003\'ün yerini alır" (this decision takes the place of ADR-0003)', () => {
  it('makes the record that says it the successor of the record named', () => {
    const folder = readMarkdownFolder(
      folderWith({
        'docs/adr/0003-kuyruk.md': '# ADR-0003: RabbitMQ\n\n- Durum: Kabul edildi\n',
        'docs/adr/0004-oturum.md': '# ADR-0004: Oturum\n\n- Durum: Kabul edildi\n',
        'docs/adr/0008-kafka.md':
          "# ADR-0008: Kafka\n\n- Durum: Kabul edildi\n\n## Karar\n\nBu karar ADR-0003'ün yerini alır. Kafka ile ADR-0004 birlikte okunmalı.\n",
        'docs/adr/0009-redis.md':
          '# ADR-0009: Redis oturumları\n\n- Durum: Kabul edildi\n\n## Karar\n\nBu karar, ADR-0004’ün yerini alıyor.\n',
      }),
    );
    expect(edges(folder).sort()).toEqual([
      'docs--adr--0003-kuyruk -> docs--adr--0008-kafka',
      'docs--adr--0004-oturum -> docs--adr--0009-redis',
    ]);
  });
});

describe('Japanese "[A] の認証部分を [B] に置き換える" (replace the auth part of A with B)', () => {
  it('makes A partly superseded by B when B is the record that says it, and states nothing about two other records', () => {
    const folder = readMarkdownFolder(
      folderWith({
        'docs/adr/0003-auth.md': '# ADR-0003: 認証とセッション\n\n- ステータス: 承認済み\n',
        'docs/adr/0004-session.md': '# ADR-0004: セッション\n\n- ステータス: 承認済み\n',
        'docs/adr/0009-oidc.md':
          '# ADR-0009: OIDC 認証\n\n- ステータス: 承認済み\n\n## 決定\n\nADR-0003 の認証部分を ADR-0009 に置き換える。ADR-0004 のセッション部分を ADR-0003 に置き換える案は採らない。\n',
      }),
    );
    expect(edges(folder)).toEqual(['docs--adr--0003-auth -> docs--adr--0009-oidc (partial)']);
  });
});

describe('a date under Dublin Core `dct: { issued: … }` (ctekinay/aion-ainstein)', () => {
  const record = (dct: string, top = '') =>
    `---\nparent: Decisions\n${top}dct:\n  identifier: urn:uuid:b4c5d6e7\n  title: Use TLS\n  isVersionOf: proposed\n${dct}owl:\n  versionInfo: "v1.0.0 (2025-01-01)"\n---\n<!-- markdownlint-disable-next-line MD025 -->\n\n# Use TLS\n\n## Context and Problem Statement\n\nUnencrypted channels.\n`;

  it('dates a record with no top-level date, as its decision date and its created_at; a top-level date still wins', () => {
    const folder = readMarkdownFolder(
      folderWith({
        'doc/decisions/0027-use-tls.md': record('  issued: 2025-01-01\n'),
        'doc/decisions/0028-invalidate.md': record("  issued: '2025-03-14'\n"),
        'doc/decisions/0029-oauth.md': record('  issued: 2025-02-01\n', 'date: 2024-11-05\n'),
        'doc/decisions/0030-ids.md': record('  issued: 2025-02-01\n', 'decided_at: 2024-12-24\n'),
        'doc/decisions/0031-domain.md': record(''),
        'doc/decisions/0032-body-date.md':
          '---\ndct:\n  issued: 2025-02-01\n---\n# Use a body date\n\nDate: 2023-01-01\n\n## Context\n\nText.\n',
      }),
    );
    expect(folder.documents.map((d) => [d.document_id, d.adr?.decided_at ?? null, d.created_at?.slice(0, 10) ?? null])).toEqual([
      ['doc--decisions--0027-use-tls', '2025-01-01', '2025-01-01'],
      ['doc--decisions--0028-invalidate', '2025-03-14', '2025-03-14'],
      ['doc--decisions--0029-oauth', '2024-11-05', '2024-11-05'],
      ['doc--decisions--0030-ids', '2024-12-24', '2025-02-01'],
      ['doc--decisions--0031-domain', null, null],
      ['doc--decisions--0032-body-date', '2025-02-01', '2025-02-01'],
    ]);
  });

  it('names an issued value that is no date in a warning and loads the record without a date', () => {
    const folder = readMarkdownFolder(folderWith({ 'doc/decisions/0027-use-tls.md': record('  issued: TBD\n') }));
    expect(folder.documents.map((d) => [d.adr?.decided_at ?? null, d.created_at ?? null])).toEqual([[null, null]]);
    expect(folder.warnings.filter((w) => w.includes('dct.issued'))).toEqual([
      'doc/decisions/0027-use-tls.md: front matter dct.issued "TBD" is not a date such as 2026-05-20 or 2026-05-20T09:00:00Z; the document loads without its created_at.',
    ]);
  });
});
