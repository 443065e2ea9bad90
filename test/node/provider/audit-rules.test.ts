import { describe, expect, it } from 'vitest';
import { DEFAULT_ACCESS_POLICY } from '../../../shared/acl/access-policy';
import { compileAclToExplainer } from '../../../shared/acl/explain-access';
import type { ContextItem } from '../../../shared/context-contract';
import type { Principal } from '../../../shared/principal';
import { DEFAULT_SCHEMA_PROFILE } from '../../../shared/schema-profile';
import type { GraphScope } from '../../../electron/compare/graph-scope';
import type { Props } from '../../../electron/compare/scope-queries';
import {
  auditedAccess,
  contentTypeViolations,
  itemViolations,
  limitViolations,
  outcomeViolations,
  rankViolations,
  type AuditJudge,
} from '../../../electron/provider/audit-rules';

const PRINCIPAL: Principal = { principal_id: 'u-eng', workspace_id: 'ws', groups: ['g-eng'], acl_partitions: ['eng'], source: 'inline' };

const document = (id: string, extra: Props = {}): Props => ({
  document_id: id,
  source_uri: `https://wiki.example/${id}`,
  workspace_id: 'ws',
  visibility: 'restricted',
  allowed_groups: ['g-eng'],
  updated_at: '2026-01-01',
  ...extra,
});
const chunk = (id: string): Props => ({ chunk_id: id, acl_partition: 'eng' });

/** A scope over a few fixture nodes: chunks with their documents, documents, claims and evidence reaching chunks. */
function scopeOf(nodes: {
  documents: Props[];
  chunks: { chunk: Props; in: string[] }[];
  claims?: Record<string, string[]>;
  evidence?: Record<string, string[]>;
}): GraphScope {
  const documentById = (id: string) => nodes.documents.filter((entry) => entry.document_id === id);
  const via = (ids: string[]) =>
    ids.map((id) => {
      const found = nodes.chunks.find((entry) => entry.chunk.chunk_id === id);
      return { chunk_id: id, chunk: found?.chunk ?? {}, document: documentById(found?.in[0] ?? '')[0] ?? null };
    });
  const viaRow = (table: Record<string, string[]> | undefined, id: string) =>
    table && id in table ? { id, found: true, via: via(table[id] ?? []) } : { id, found: false, via: [] };
  return {
    chunk: (id) => {
      const found = nodes.chunks.find((entry) => entry.chunk.chunk_id === id);
      return { id, chunk: found?.chunk ?? null, documents: (found?.in ?? []).flatMap(documentById) };
    },
    document: (id) => ({ id, documents: documentById(id) }),
    claim: (id) => viaRow(nodes.claims, id),
    evidence: (id) => viaRow(nodes.evidence, id),
    entity: (label, id) => ({ label, id, entities: [] }),
    size: 0,
  };
}

const item = (overrides: Partial<ContextItem> = {}): ContextItem => ({
  content: 'Payments fail over to the replica.',
  source_uri: 'https://wiki.example/doc-a',
  document_id: 'doc-a',
  chunk_id: 'c1',
  chunk_ids: ['c1'],
  document_version: null,
  span: { start_char: 0, end_char: 34 },
  freshness: { state: 'current', reason: 'valid, not superseded, last updated 2026-01-01' },
  provenance_path: [
    { label: 'Chunk', id: 'c1' },
    { label: 'Document', id: 'doc-a' },
  ],
  retrieval_scores: {},
  ranks: { final: 1 },
  tokens: 8,
  ...overrides,
});

/** A sound item of chunk `chunkId` in document `documentId`. */
const itemIn = (documentId: string, chunkId: string): ContextItem =>
  item({
    document_id: documentId,
    chunk_id: chunkId,
    chunk_ids: [chunkId],
    source_uri: `https://wiki.example/${documentId}`,
    provenance_path: [
      { label: 'Chunk', id: chunkId },
      { label: 'Document', id: documentId },
    ],
  });

function judge(scope: GraphScope): AuditJudge {
  return {
    scope,
    explainer: compileAclToExplainer(DEFAULT_ACCESS_POLICY),
    profile: DEFAULT_SCHEMA_PROFILE,
    principal: PRINCIPAL,
    freshness: { staleMarks: [], now: new Date('2026-06-01T00:00:00Z') },
  };
}

const graph = () =>
  scopeOf({
    documents: [
      document('doc-a'),
      document('doc-b'),
      document('doc-hr', { allowed_groups: ['g-hr'] }),
      document('adr-5', { superseded_by: 'adr-10' }),
    ],
    chunks: [
      { chunk: chunk('c1'), in: ['doc-a'] },
      { chunk: chunk('c2'), in: ['doc-b'] },
      { chunk: chunk('c-hr'), in: ['doc-hr'] },
      { chunk: chunk('c-adr'), in: ['adr-5'] },
    ],
    claims: { 'claim-1': ['c1'] },
    evidence: { 'ev-1': ['c1'], 'ev-2': ['c2'] },
  });

describe('the audit rules a provider’s item is held to', () => {
  it('find nothing wrong with an item the graph bears out', () => {
    expect(itemViolations(item(), 1, judge(graph()))).toEqual([]);
  });

  it('report a document that is not in the graph as document_not_found, and nothing judged from it', () => {
    const found = itemViolations(
      item({
        document_id: 'doc-x',
        provenance_path: [
          { label: 'Chunk', id: 'c1' },
          { label: 'Document', id: 'doc-x' },
        ],
      }),
      2,
      judge(graph()),
    );
    expect(found.map((entry) => entry.kind)).toEqual(['document_not_found', 'chunk_not_in_document']);
    expect(found[0]).toEqual({
      kind: 'document_not_found',
      item: { rank: 2, document_id: 'doc-x', chunk_id: 'c1' },
      evidence: { node: { label: 'Document', id: 'doc-x' } },
    });
    expect(found[1]?.evidence).toMatchObject({ claimed: 'doc-x', found: 'doc-a' });
  });

  it('report a missing chunk as chunk_not_found, once, though the path names it too', () => {
    const found = itemViolations(
      item({
        chunk_id: 'c9',
        chunk_ids: ['c9'],
        provenance_path: [
          { label: 'Chunk', id: 'c9' },
          { label: 'Document', id: 'doc-a' },
        ],
      }),
      1,
      judge(graph()),
    );
    expect(found.map((entry) => entry.kind)).toEqual(['chunk_not_found']);
  });

  it('report a chunk of another document named in chunk_ids as chunk_not_in_document', () => {
    const found = itemViolations(item({ chunk_ids: ['c1', 'c2'] }), 1, judge(graph()));
    expect(found).toEqual([
      expect.objectContaining({
        kind: 'chunk_not_in_document',
        evidence: { node: { label: 'Chunk', id: 'c2' }, claimed: 'doc-a', found: 'doc-b' },
      }),
    ]);
  });

  it('report a source_uri that is not the document’s, with both values', () => {
    const found = itemViolations(item({ source_uri: '' }), 1, judge(graph()));
    expect(found).toEqual([
      expect.objectContaining({
        kind: 'source_uri_mismatch',
        evidence: expect.objectContaining({ claimed: '', found: 'https://wiki.example/doc-a' }),
      }),
    ]);
  });

  it('report a document the principal may not see as access_denied, with the clause it failed', () => {
    const forbidden = itemIn('doc-hr', 'c-hr');
    const found = itemViolations(forbidden, 1, judge(graph()));
    expect(found.map((entry) => [entry.kind, entry.evidence.node?.id])).toEqual([
      ['access_denied', 'c-hr'],
      ['access_denied', 'doc-hr'],
    ]);
    const access = found[1]?.evidence.access;
    expect(access?.state).toBe('denied');
    if (access?.state !== 'denied') return;
    expect(access.failed.map((clause) => clause.property)).toContain('allowed_groups');
    expect(found[0]?.evidence.access).toMatchObject({ state: 'denied', via: { label: 'Document', id: 'doc-hr' } });
  });

  it('report a superseded document labelled current as freshness_mismatch with the graph’s reason', () => {
    const adr = itemIn('adr-5', 'c-adr');
    expect(itemViolations(adr, 3, judge(graph()))).toEqual([
      {
        kind: 'freshness_mismatch',
        item: { rank: 3, document_id: 'adr-5', chunk_id: 'c-adr' },
        evidence: {
          node: { label: 'Document', id: 'adr-5' },
          claimed: 'current',
          found: 'stale',
          reason: 'superseded by adr-10',
          reason_code: 'superseded_by',
          reason_params: { successor: 'adr-10' },
        },
      },
    ]);
    expect(itemViolations({ ...adr, freshness: { state: 'stale', reason: 'superseded' } }, 3, judge(graph()))).toEqual([]);
  });

  it('word a freshness_mismatch without the successor when the principal may not see it', () => {
    const adr = itemIn('adr-5', 'c-adr');
    const found = itemViolations(adr, 3, { ...judge(graph()), hiddenSuccessors: new Set(['adr-10']) });
    expect(found).toMatchObject([
      { kind: 'freshness_mismatch', evidence: { found: 'stale', reason_code: 'superseded_by_hidden', reason_params: {} } },
    ]);
    expect(JSON.stringify(found)).not.toContain('adr-10');
  });

  it('report an item whose freshness words name the successor the principal may not see, in any of its fields, and never name it back', () => {
    const adr = itemIn('adr-5', 'c-adr');
    const hidden = { ...judge(graph()), hiddenSuccessors: new Set(['adr-10']) };
    const named: [string, ContextItem['freshness']][] = [
      ['freshness.reason', { state: 'stale', reason: 'superseded by adr-10' }],
      ['freshness.marked_by', { state: 'stale', reason: 'superseded', marked_by: 'adr-10 (payments)' }],
      ['freshness.params.successor', { state: 'stale', reason: 'superseded', code: 'superseded_by', params: { successor: 'adr-10' } }],
    ];
    for (const [field, freshness] of named) {
      const found = itemViolations({ ...adr, freshness }, 3, hidden);
      expect(found, field).toEqual([
        {
          kind: 'names_hidden_successor',
          item: { rank: 3, document_id: 'adr-5', chunk_id: 'c-adr' },
          evidence: { node: { label: 'Document', id: 'adr-5' }, field },
        },
      ]);
      expect(JSON.stringify(found)).not.toContain('adr-10');
    }
    // The same words are sound where the principal may see the successor, and a reason that names none is sound either way.
    expect(itemViolations({ ...adr, freshness: { state: 'stale', reason: 'superseded by adr-10' } }, 3, judge(graph()))).toEqual([]);
    expect(itemViolations({ ...adr, freshness: { state: 'stale', reason: 'superseded by a later record' } }, 3, hidden)).toEqual([]);
  });

  it('report a title that is not its document’s as title_mismatch, with the text it handed over, and none for the document’s own title, however the whitespace runs', () => {
    const titled = scopeOf({
      documents: [document('doc-a', { title: 'Payments  failover\nrunbook' }), document('doc-b')],
      chunks: [
        { chunk: chunk('c1'), in: ['doc-a'] },
        { chunk: chunk('c2'), in: ['doc-b'] },
      ],
    });
    expect(itemViolations(item({ title: 'Payments failover runbook' }), 1, judge(titled))).toEqual([]);
    expect(itemViolations(item(), 1, judge(titled))).toEqual([]);
    // Another document's title (the HR policy's, say) under ids the asker may see.
    expect(itemViolations(item({ title: 'Salary adjustment 2027 (HR only)' }), 1, judge(titled))).toEqual([
      {
        kind: 'title_mismatch',
        item: { rank: 1, document_id: 'doc-a', chunk_id: 'c1' },
        evidence: {
          node: { label: 'Document', id: 'doc-a' },
          claimed: 'Salary adjustment 2027 (HR only)',
          found: 'Payments  failover\nrunbook',
        },
      },
    ]);
    // A document without a title has none to hand over.
    expect(itemViolations(itemIn('doc-b', 'c2'), 1, judge(titled))).toEqual([]);
    // A title the graph holds as a list is its entries joined with ", " (as the app hands it out), a number its digits.
    const listed = scopeOf({
      documents: [document('doc-a', { title: ['Payments failover runbook', '결제 장애 조치'] }), document('doc-b', { title: 20260412 })],
      chunks: [
        { chunk: chunk('c1'), in: ['doc-a'] },
        { chunk: chunk('c2'), in: ['doc-b'] },
      ],
    });
    expect(itemViolations(item({ title: 'Payments failover runbook, 결제 장애 조치' }), 1, judge(listed))).toEqual([]);
    expect(itemViolations({ ...itemIn('doc-b', 'c2'), title: '20260412' }, 1, judge(listed))).toEqual([]);
    expect(itemViolations(item({ title: 'Salary adjustment 2027 (HR only)' }), 1, judge(listed))).toMatchObject([
      { kind: 'title_mismatch', evidence: { found: 'Payments failover runbook, 결제 장애 조치' } },
    ]);
    expect(itemViolations({ ...itemIn('doc-b', 'c2'), title: 'Anything' }, 1, judge(titled))).toMatchObject([
      { kind: 'title_mismatch', evidence: { claimed: 'Anything', found: null } },
    ]);
  });

  it('do not judge the freshness label of a document the graph has no lifecycle data for, and do judge one it has', () => {
    const labelled = (state: 'current' | 'stale' | 'unknown') => item({ freshness: { state, reason: 'as the provider says' } });
    for (const state of ['current', 'stale', 'unknown'] as const) {
      expect(itemViolations(labelled(state), 1, judge(graph())).filter((found) => found.kind === 'freshness_mismatch')).toEqual([]);
    }
    const adr = itemIn('adr-5', 'c-adr');
    expect(itemViolations({ ...adr, freshness: { state: 'unknown', reason: 'no idea' } }, 3, judge(graph()))).toMatchObject([
      { kind: 'freshness_mismatch', evidence: { claimed: 'unknown', found: 'stale' } },
    ]);
  });

  it('report a path through a node the graph lacks, a link it lacks, and a path that ends elsewhere as provenance_broken', () => {
    const through = (path: ContextItem['provenance_path']) =>
      itemViolations(item({ provenance_path: path }), 1, judge(graph())).map((entry) => [
        entry.evidence.break,
        entry.evidence.node?.id,
        entry.evidence.to?.id,
      ]);
    expect(
      through([
        { label: 'Claim', id: 'claim-9' },
        { label: 'Chunk', id: 'c1' },
        { label: 'Document', id: 'doc-a' },
      ]),
    ).toEqual([['node_missing', 'claim-9', undefined]]);
    expect(
      through([
        { label: 'Chunk', id: 'c1' },
        { label: 'Document', id: 'doc-b' },
      ]),
    ).toEqual([
      ['link_missing', 'c1', 'doc-b'],
      ['ends_elsewhere', 'doc-b', undefined],
    ]);
    expect(
      through([
        { label: 'Evidence', id: 'ev-2' },
        { label: 'Chunk', id: 'c1' },
        { label: 'Document', id: 'doc-a' },
      ]),
    ).toEqual([['link_missing', 'ev-2', 'c1']]);
    expect(
      through([
        { label: 'Claim', id: 'claim-1' },
        { label: 'Evidence', id: 'ev-1' },
        { label: 'Chunk', id: 'c1' },
        { label: 'Document', id: 'doc-a' },
      ]),
    ).toEqual([]);
    expect(through([{ label: 'Chunk', id: 'c1' }])).toEqual([['ends_elsewhere', 'c1', undefined]]);
  });
});

describe('the content and the claim a provider’s item hands over', () => {
  const TEXTS: Record<string, Record<string, string>> = {
    chunk: {
      c1: 'Payments fail over to the replica.\n\nThe replica  is promoted by Patroni.',
      c2: 'Ledger entries are immutable.',
      'c-hr': '연봉 조정 예산은 인건비 총액의 5.5%이다.',
    },
    claim: { 'claim-1': 'Patroni promotes the replica.', 'claim-hr': 'The salary budget is 5.5%.' },
    evidence: { 'ev-2': 'Ledger entries are immutable' },
  };
  const withTexts = (scope: GraphScope): AuditJudge => ({
    ...judge(scope),
    texts: { chunk: (id) => TEXTS.chunk?.[id], claim: (id) => TEXTS.claim?.[id], evidence: (id) => TEXTS.evidence?.[id] },
  });
  const kinds = (found: readonly { kind: string }[]) => found.map((entry) => entry.kind);

  it('find nothing wrong with content that is its chunk’s text, a piece of it, or its claim’s text, however the whitespace runs', () => {
    for (const content of [TEXTS.chunk?.c1 as string, 'The replica is promoted\nby Patroni.', 'Payments fail over … promoted by Patroni.'])
      expect(itemViolations(item({ content }), 1, withTexts(graph()))).toEqual([]);
    expect(itemViolations(item({ content: 'Patroni promotes the replica.', claim_id: 'claim-1' }), 1, withTexts(graph()))).toEqual([]);
  });

  it('report restricted text handed over under a public chunk’s id as content_not_in_source, with the text that is in no source', () => {
    const found = itemViolations(item({ content: '연봉 조정 예산은 인건비 총액의 5.5%이다.' }), 3, withTexts(graph()));
    expect(found).toEqual([
      {
        kind: 'content_not_in_source',
        item: { rank: 3, document_id: 'doc-a', chunk_id: 'c1' },
        evidence: { node: { label: 'Chunk', id: 'c1' }, claimed: '연봉 조정 예산은 인건비 총액의 5.5%이다.' },
      },
    ]);
    // A rewording is no source's text either.
    expect(kinds(itemViolations(item({ content: 'Payments switch to the replica.' }), 1, withTexts(graph())))).toEqual([
      'content_not_in_source',
    ]);
  });

  it('report a claim the principal may not see as access_denied, one the graph lacks or that no chunk of the item supports as provenance_broken', () => {
    const graphWithHrClaim = scopeOf({
      documents: [document('doc-a'), document('doc-hr', { allowed_groups: ['g-hr'] })],
      chunks: [
        { chunk: chunk('c1'), in: ['doc-a'] },
        { chunk: chunk('c-hr'), in: ['doc-hr'] },
      ],
      claims: { 'claim-1': ['c1'], 'claim-hr': ['c-hr'] },
    });
    const leaked = itemViolations(item({ content: 'The salary budget is 5.5%.', claim_id: 'claim-hr' }), 1, withTexts(graphWithHrClaim));
    expect(kinds(leaked)).toContain('access_denied');
    expect(leaked.find((entry) => entry.kind === 'access_denied')?.evidence.node).toEqual({ label: 'Claim', id: 'claim-hr' });
    const missing = itemViolations(item({ claim_id: 'claim-x' }), 1, withTexts(graph()));
    expect(missing).toEqual([
      expect.objectContaining({ kind: 'provenance_broken', evidence: { node: { label: 'Claim', id: 'claim-x' }, break: 'node_missing' } }),
    ]);
    const elsewhere = itemViolations(itemIn('doc-b', 'c2'), 1, withTexts(graph()));
    expect(elsewhere).toEqual([expect.objectContaining({ kind: 'content_not_in_source' })]);
    const unsupported = itemViolations(
      { ...itemIn('doc-b', 'c2'), content: 'Ledger entries are immutable.', claim_id: 'claim-1' },
      1,
      withTexts(graph()),
    );
    expect(unsupported).toEqual([
      expect.objectContaining({
        kind: 'provenance_broken',
        evidence: { node: { label: 'Claim', id: 'claim-1' }, to: { label: 'Chunk', id: 'c2' }, break: 'link_missing' },
      }),
    ]);
  });

  it('find nothing wrong with the text of consecutive chunks whose item names the second one as its chunk_id', () => {
    const merged = item({
      document_id: 'doc-a',
      chunk_id: 'c1b',
      chunk_ids: ['c1', 'c1b'],
      content: `${TEXTS.chunk?.c1 ?? ''}\n\nThe standby follows.`,
      provenance_path: [
        { label: 'Chunk', id: 'c1b' },
        { label: 'Document', id: 'doc-a' },
      ],
    });
    const scope = scopeOf({
      documents: [document('doc-a')],
      chunks: [
        { chunk: chunk('c1'), in: ['doc-a'] },
        { chunk: chunk('c1b'), in: ['doc-a'] },
      ],
    });
    const chunkTexts: Record<string, string> = { ...TEXTS.chunk, c1b: 'The standby follows.' };
    const judged: AuditJudge = {
      ...judge(scope),
      texts: { chunk: (id) => chunkTexts[id], claim: () => undefined, evidence: () => undefined },
    };
    expect(itemViolations(merged, 1, judged)).toEqual([]);
  });

  it('do not judge content without the source texts (a caller that read none)', () => {
    expect(itemViolations(item({ content: 'anything at all' }), 1, judge(graph()))).toEqual([]);
  });
});

describe('why an item is allowed, as the audit records it', () => {
  it('is the policy’s judgement of the item’s chunk and document, and none for a denied or missing one', () => {
    expect(auditedAccess(item(), judge(graph()))?.because.map((clause) => clause.code)).toContain('groups_held');
    expect(auditedAccess(itemIn('doc-hr', 'c-hr'), judge(graph()))).toBeUndefined();
    expect(auditedAccess(item({ document_id: 'doc-x' }), judge(graph()))).toBeUndefined();
  });
});

describe('the bounds a provider’s response is held to', () => {
  // Items of distinct chunks: the same chunk twice is a violation of its own (below).
  let next = 0;
  const another = (overrides: Partial<ContextItem> = {}) => {
    next += 1;
    return item({ chunk_id: `c${next}`, chunk_ids: [`c${next}`], ...overrides });
  };
  const words = (count: number) => another({ content: Array.from({ length: count }, () => 'word').join(' ') });
  const count = (text: string) => text.split(' ').length;

  it('report more items than top_k as over_top_k', () => {
    expect(limitViolations([another(), another(), another()], 0, { top_k: 2, max_tokens: 100 }, count)).toEqual([
      { kind: 'over_top_k', item: null, evidence: { found: '3', limit: 2 } },
    ]);
    expect(limitViolations([another(), another()], 0, { top_k: 2, max_tokens: 100 }, count)).toEqual([]);
  });

  it('report tokens over max_tokens by the response’s own figure or by the count made here', () => {
    const limits = { top_k: 10, max_tokens: 50 };
    expect(limitViolations([words(30), words(30)], 40, limits, count)).toEqual([
      { kind: 'over_max_tokens', item: null, evidence: { claimed: '40', counted: 60, limit: 50 } },
    ]);
    expect(limitViolations([words(10)], 51, limits, count)).toEqual([
      { kind: 'over_max_tokens', item: null, evidence: { claimed: '51', counted: 10, limit: 50 } },
    ]);
    expect(limitViolations([words(25), words(25)], 50, limits, count)).toEqual([]);
  });

  it('report a chunk handed over again as duplicate_item, naming the item that first did (red team 3, R3-10)', () => {
    const first = another();
    expect(limitViolations([first, another(), { ...first }, { ...first }], 0, { top_k: 10, max_tokens: 100 }, count)).toEqual([
      { kind: 'duplicate_item', item: { rank: 3, document_id: 'doc-a', chunk_id: first.chunk_id }, evidence: { found: '1' } },
      { kind: 'duplicate_item', item: { rank: 4, document_id: 'doc-a', chunk_id: first.chunk_id }, evidence: { found: '1' } },
    ]);
  });

  it('report an outcome that says nothing was handed over beside items as outcome_contradicts_items (red team 3, R3-10)', () => {
    expect(outcomeViolations('no_evidence', [another(), another()])).toEqual([
      { kind: 'outcome_contradicts_items', item: null, evidence: { claimed: 'no_evidence', found: '2' } },
    ]);
    expect(outcomeViolations('timeout', [another()])).toHaveLength(1);
    expect(outcomeViolations('ok', [another()])).toEqual([]);
    expect(outcomeViolations('no_evidence', [])).toEqual([]);
  });

  it('report a used_tokens above 0 with no items, or below 0, as what it is (red team, left open)', () => {
    const limits = { top_k: 10, max_tokens: 100 };
    expect(limitViolations([], 37, limits, count)).toEqual([
      { kind: 'used_tokens_without_items', item: null, evidence: { claimed: '37' } },
    ]);
    expect(limitViolations([another()], -5, limits, count)).toEqual([
      { kind: 'used_tokens_negative', item: null, evidence: { claimed: '-5' } },
    ]);
    expect(limitViolations([], -5, limits, count).map((found) => found.kind)).toEqual(['used_tokens_negative']);
    expect(limitViolations([], 0, limits, count)).toEqual([]);
    expect(limitViolations([another()], 0, limits, count)).toEqual([]);
  });
});

describe('the spans and ranks of a provider’s items, held to the contract', () => {
  // c1 is the document body's characters 100 to 160, c1b 160 to 220; c2 has no offsets in the graph.
  const withOffsets = () =>
    scopeOf({
      documents: [document('doc-a'), document('doc-b')],
      chunks: [
        { chunk: { ...chunk('c1'), start_char: 100, end_char: 160 }, in: ['doc-a'] },
        { chunk: { ...chunk('c1b'), start_char: 160, end_char: 220 }, in: ['doc-a'] },
        { chunk: chunk('c2'), in: ['doc-b'] },
      ],
    });
  const spanKinds = (overrides: Partial<ContextItem>) =>
    itemViolations(item(overrides), 2, judge(withOffsets())).filter((found) => found.kind.startsWith('span_'));

  it('report a span that starts below 0 or ends before it starts as span_invalid', () => {
    expect(spanKinds({ span: { start_char: -4, end_char: 120 } })).toEqual([
      { kind: 'span_invalid', item: { rank: 2, document_id: 'doc-a', chunk_id: 'c1' }, evidence: { claimed: '-4-120' } },
    ]);
    expect(spanKinds({ span: { start_char: 150, end_char: 110 } })).toEqual([
      { kind: 'span_invalid', item: { rank: 2, document_id: 'doc-a', chunk_id: 'c1' }, evidence: { claimed: '150-110' } },
    ]);
  });

  it('report a span outside the text of the chunks it names as span_outside_chunks, with the chunks’ own offsets, and not one within', () => {
    expect(spanKinds({ span: { start_char: 100, end_char: 160 } })).toEqual([]);
    expect(spanKinds({ span: { start_char: 120, end_char: 130 } })).toEqual([]);
    expect(spanKinds({ chunk_ids: ['c1', 'c1b'], span: { start_char: 100, end_char: 220 } })).toEqual([]);
    expect(spanKinds({ span: { start_char: 0, end_char: 34 } })).toEqual([
      {
        kind: 'span_outside_chunks',
        item: { rank: 2, document_id: 'doc-a', chunk_id: 'c1' },
        evidence: { claimed: '0-34', found: '100-160' },
      },
    ]);
    expect(spanKinds({ span: { start_char: 100, end_char: 220 } }).map((found) => found.kind)).toEqual(['span_outside_chunks']);
    // Without offsets in the graph the place cannot be judged; a span that is no span still can.
    const inC2 = (span: ContextItem['span']) =>
      itemViolations({ ...itemIn('doc-b', 'c2'), span }, 1, judge(withOffsets())).map((found) => found.kind);
    expect(inC2({ start_char: 5000, end_char: 6000 })).toEqual([]);
    expect(inC2({ start_char: 10, end_char: 3 })).toEqual(['span_invalid']);
  });

  it('judge no place for an item that gives no span (null: its provider knows no offsets), even where the graph holds them', () => {
    expect(spanKinds({ span: null })).toEqual([]);
  });

  const ranked = (ranks: ContextItem['ranks'], chunkId: string) => item({ chunk_id: chunkId, chunk_ids: [chunkId], ranks });

  it('find nothing wrong with final ranks 1, 2, 3 in order and stage ranks from 1', () => {
    expect(
      rankViolations([ranked({ final: 1, vector: 4 }, 'c1'), ranked({ final: 2, fulltext: 1 }, 'c2'), ranked({ final: 3 }, 'c3')]),
    ).toEqual([]);
    expect(rankViolations([])).toEqual([]);
  });

  it('report a rank that is no rank (0, negative, a fraction) as rank_invalid, naming the field', () => {
    expect(rankViolations([ranked({ final: 1, vector: -2, fused: 1.5 }, 'c1'), ranked({ final: 0 }, 'c2')])).toEqual([
      { kind: 'rank_invalid', item: { rank: 1, document_id: 'doc-a', chunk_id: 'c1' }, evidence: { field: 'ranks.vector', claimed: '-2' } },
      { kind: 'rank_invalid', item: { rank: 1, document_id: 'doc-a', chunk_id: 'c1' }, evidence: { field: 'ranks.fused', claimed: '1.5' } },
      { kind: 'rank_invalid', item: { rank: 2, document_id: 'doc-a', chunk_id: 'c2' }, evidence: { field: 'ranks.final', claimed: '0' } },
    ]);
  });

  it('report final ranks given twice or not in the items’ order as rank_out_of_order, with the item’s place', () => {
    expect(rankViolations([ranked({ final: 1 }, 'c1'), ranked({ final: 1 }, 'c2')])).toEqual([
      { kind: 'rank_out_of_order', item: { rank: 2, document_id: 'doc-a', chunk_id: 'c2' }, evidence: { claimed: '1', found: '2' } },
    ]);
    expect(
      rankViolations([ranked({ final: 2 }, 'c1'), ranked({ final: 1 }, 'c2'), ranked({ final: 3 }, 'c3')]).map((found) => found.item?.rank),
    ).toEqual([1, 2]);
  });
});

describe('the Content-Type a provider answers with', () => {
  it('find nothing wrong with JSON, whatever its parameters or case, nor with a +json type', () => {
    for (const type of ['application/json', 'application/json; charset=utf-8', 'Application/JSON', 'application/problem+json'])
      expect(contentTypeViolations(type), type).toEqual([]);
  });

  it('report text/html, text/plain or no header as content_type_not_json, with what it said', () => {
    expect(contentTypeViolations('text/html; charset=utf-8')).toEqual([
      { kind: 'content_type_not_json', item: null, evidence: { claimed: 'text/html; charset=utf-8' } },
    ]);
    expect(contentTypeViolations('text/plain')).toHaveLength(1);
    expect(contentTypeViolations('application/jsonp')).toHaveLength(1);
    expect(contentTypeViolations(null)).toEqual([{ kind: 'content_type_not_json', item: null, evidence: { claimed: null } }]);
  });
});
