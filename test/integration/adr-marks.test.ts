import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { AdrEntry, AdrExport, AdrHistory, AdrListing, AdrMarkResult } from '../../shared/adr-marks';
import type { ApiEnvelope, QueryRunResult } from '../../shared/api/lens-api';
import type { ContextItem } from '../../shared/context-contract';
import { dispatch } from '../../electron/api/api-dispatch';
import { createLensHandlers } from '../../electron/api/lens-handlers';
import { ServiceHub } from '../../electron/services/service-hub';
import { ensureDemoGraph } from '../support/demo-graph';

const server = inject('neo4j');

/** The handler table over the demo graph with its own LENS_HOME, as the doors use it. */
function apiOnDemo(dir: string, user: string) {
  const hub = new ServiceHub({
    LENS_HOME: path.join(dir, 'home'),
    LENS_USER: user,
    NEO4J_URI: server.uri,
    NEO4J_USER: server.user,
    NEO4J_PASSWORD: server.password,
  });
  const handlers = createLensHandlers(hub, 'http', '9.9.9');
  const call = (name: string, input: unknown): Promise<ApiEnvelope> => dispatch(handlers, name, input);
  const value = async <T>(name: string, input: unknown): Promise<T> => {
    const envelope = await call(name, input);
    if (!envelope.ok) throw new Error(`${name}: ${envelope.error.kind}: ${envelope.error.message}`);
    return envelope.value as T;
  };
  return { hub, call, value };
}

const POSTGRES_QUERY = {
  query: 'Use Patroni for automatic failover of the payments database',
  principal: 'u-minjun',
  mode: 'hybrid',
  top_k: 20,
  timeout_ms: 30_000,
};

describe('stale marks on ADRs, through the API on the demo graph and a real trace store', () => {
  let dir: string;
  let api: ReturnType<typeof apiOnDemo>;
  const patroniItem = async (): Promise<ContextItem | undefined> => {
    const { response } = await api.value<QueryRunResult>('query.run', { request: POSTGRES_QUERY });
    return response.items.find((item) => item.document_id === 'adr-010-postgres-ha-patroni');
  };
  const adr = async (documentId: string): Promise<AdrEntry | undefined> =>
    (await api.value<AdrListing>('adr.list', {})).adrs.find((entry) => entry.document_id === documentId);

  beforeAll(async () => {
    await ensureDemoGraph(server);
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lens-adr-marks-'));
    api = apiOnDemo(dir, 'u-jiho');
  });

  afterAll(async () => {
    await api.hub.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('lists every ADR with its decision state and freshness: superseded stale with its successor, deprecated stale as retired', async () => {
    const { adrs, truncated } = await api.value<AdrListing>('adr.list', {});
    expect(truncated).toBe(false);
    expect(adrs.map((entry) => entry.adr_id)).toEqual(
      Array.from({ length: 15 }, (_, index) => `ADR-${String(index + 1).padStart(3, '0')}`),
    );
    const kafka = adrs.find((entry) => entry.document_id === 'adr-003-event-bus-kafka');
    expect(kafka?.freshness).toMatchObject({ state: 'stale', code: 'superseded_by', params: { successor: 'adr-007-event-bus-redpanda' } });
    expect(kafka?.superseded_by).toEqual([{ document_id: 'adr-007-event-bus-redpanda', adr_id: 'ADR-007', partial: false, drift: false }]);
    const nginx = adrs.find((entry) => entry.document_id === 'adr-009-rate-limiting-nginx-lua');
    expect(nginx?.freshness).toMatchObject({ state: 'stale', decision: 'deprecated', code: 'adr_deprecated' });
  });

  it('a mark makes a later retrieval label the ADR stale, marked by who; an unmark restores it; both stay in the history', async () => {
    expect((await patroniItem())?.freshness).toMatchObject({ state: 'current', decision: 'accepted' });

    const marked = await api.value<AdrMarkResult>('adr.mark', { adr: 'ADR-010', reason: 'Patroni moved to a managed service' });
    expect(marked.entry).toMatchObject({ document_id: 'adr-010-postgres-ha-patroni', action: 'mark', recorded_by: 'u-jiho' });
    expect(marked.freshness).toMatchObject({ state: 'stale', marked_by: 'u-jiho' });
    expect((await patroniItem())?.freshness).toMatchObject({
      state: 'stale',
      marked_by: 'u-jiho',
      code: 'marked_stale',
      reason: 'marked stale by u-jiho: Patroni moved to a managed service',
      decision: 'accepted',
    });
    expect((await adr('adr-010-postgres-ha-patroni'))?.mark).toMatchObject({ reason: 'Patroni moved to a managed service' });

    const unmarked = await api.value<AdrMarkResult>('adr.unmark', { adr: '10', reason: 'the move was called off' });
    expect(unmarked.freshness).toMatchObject({ state: 'current' });
    expect((await patroniItem())?.freshness).toMatchObject({ state: 'current', decision: 'accepted' });

    const history = await api.value<AdrHistory>('adr.history', { adr: 'adr-010-postgres-ha-patroni' });
    expect(history.entries.map((entry) => [entry.action, entry.reason, entry.recorded_by])).toEqual([
      ['mark', 'Patroni moved to a managed service', 'u-jiho'],
      ['unmark', 'the move was called off', 'u-jiho'],
    ]);
  });

  it('a second mark on a marked ADR names the mark it replaces; the first has none; an unmark lifts the one in force', async () => {
    const first = await api.value<AdrMarkResult>('adr.mark', { adr: 'ADR-012', reason: 'first look: replaced by the new queue' });
    expect(first.replaced).toBeNull();
    const second = await api.value<AdrMarkResult>('adr.mark', { adr: 'ADR-012', reason: 'second look: the queue was dropped' });
    expect(second.replaced).toMatchObject({
      reason: 'first look: replaced by the new queue',
      marked_by: 'u-jiho',
      marked_at: first.entry.recorded_at,
    });
    expect(second.freshness).toMatchObject({ state: 'stale', reason: 'marked stale by u-jiho: second look: the queue was dropped' });
    const unmarked = await api.value<AdrMarkResult>('adr.unmark', { adr: 'ADR-012', reason: 'neither holds' });
    expect(unmarked.replaced).toBeUndefined();
    expect((await adr(first.entry.document_id))?.mark).toBeNull();
  });

  it('takes the path an ADR source ends in where its id belongs, for the ADR and its successor', async () => {
    const marked = await api.value<AdrMarkResult>('adr.mark', {
      adr: 'adr/005-postgres-ha-repmgr',
      reason: 'Patroni replaced repmgr',
      successor: './adr/010-postgres-ha-patroni',
    });
    expect(marked.entry).toMatchObject({ document_id: 'adr-005-postgres-ha-repmgr', successor_document_id: 'adr-010-postgres-ha-patroni' });
    const history = await api.value<AdrHistory>('adr.history', { adr: 'adr/005-postgres-ha-repmgr' });
    expect(history.document_id).toBe('adr-005-postgres-ha-repmgr');
    await api.value('adr.unmark', { adr: 'adr-005-postgres-ha-repmgr', reason: 'test over' });
  });

  it('names the successor of a mark in the freshness of later runs', async () => {
    await api.value('adr.mark', { adr: 'adr-005-postgres-ha-repmgr', reason: 'Patroni replaced repmgr', successor: 'ADR-010' });
    expect((await adr('adr-005-postgres-ha-repmgr'))?.freshness).toMatchObject({
      state: 'stale',
      code: 'marked_stale_successor',
      params: { successor: 'adr-010-postgres-ha-patroni' },
    });
    await api.value('adr.unmark', { adr: 'adr-005-postgres-ha-repmgr', reason: 'test over' });
  });

  it('names a successor only to a principal who may see it: to another its freshness says so without the id', async () => {
    await api.value('adr.mark', { adr: 'handbook-engineering', reason: 'see the new doc', successor: 'policy-hr-salary-adjustment' });
    const freshnessAs = async (principal: string) => {
      const request = { query: 'engineering handbook on-call', principal, mode: 'hybrid', top_k: 20, timeout_ms: 30_000 };
      const { response } = await api.value<QueryRunResult>('query.run', { request });
      return response.items.find((item) => item.document_id === 'handbook-engineering')?.freshness;
    };
    try {
      // u-guest may not see the HR policy: the item is stale, marked by whom and why, its successor unnamed.
      const guest = await freshnessAs('u-guest');
      expect(guest).toMatchObject({ state: 'stale', code: 'marked_stale_successor_hidden', marked_by: 'u-jiho' });
      expect(guest?.params).not.toHaveProperty('successor');
      expect(JSON.stringify(guest)).not.toContain('policy-hr');
      expect(guest?.reason).toBe('marked stale by u-jiho: see the new doc; its successor is a document this principal may not see');
      // u-hana may: she is told which document to use instead.
      expect(await freshnessAs('u-hana')).toMatchObject({
        state: 'stale',
        code: 'marked_stale_successor',
        params: { successor: 'policy-hr-salary-adjustment' },
      });
    } finally {
      await api.value('adr.unmark', { adr: 'handbook-engineering', reason: 'test over' });
    }
  });

  it('refuses a successor that leads back to the marked record, through the graph or through the marks in force', async () => {
    // The graph says ADR-003 (Kafka) is superseded by ADR-007 (Redpanda): ADR-003 cannot be ADR-007's successor.
    const throughGraph = await api.call('adr.mark', {
      adr: 'adr-007-event-bus-redpanda',
      reason: 'x',
      successor: 'adr-003-event-bus-kafka',
    });
    expect(throughGraph).toMatchObject({
      ok: false,
      error: {
        kind: 'invalid_input',
        message: expect.stringContaining('adr-007-event-bus-redpanda → adr-003-event-bus-kafka → adr-007-event-bus-redpanda'),
      },
    });
    // Through more than one supersession: the graph says ADR-002 → ADR-003 → ADR-007, so ADR-002 cannot be ADR-007's successor.
    const throughChain = await api.call('adr.mark', { adr: 'ADR-007', reason: 'x', successor: 'ADR-002' });
    expect(throughChain).toMatchObject({
      ok: false,
      error: {
        kind: 'invalid_input',
        message: expect.stringContaining(
          'adr-007-event-bus-redpanda → adr-002-event-bus-rabbitmq → adr-003-event-bus-kafka → adr-007-event-bus-redpanda',
        ),
      },
    });
    // Two marks that would send readers round in a circle: the second is refused, the first stays.
    await api.value('adr.mark', { adr: 'adr-005-postgres-ha-repmgr', reason: 'Patroni replaced repmgr', successor: 'ADR-010' });
    const circle = await api.call('adr.mark', { adr: 'ADR-010', reason: 'x', successor: 'adr-005-postgres-ha-repmgr' });
    expect(circle).toMatchObject({ ok: false, error: { kind: 'invalid_input', message: expect.stringContaining('lead back to it') } });
    expect((await adr('adr-010-postgres-ha-patroni'))?.freshness.state).not.toBe('stale');
    await api.value('adr.unmark', { adr: 'adr-005-postgres-ha-repmgr', reason: 'test over' });
  });

  it('says what undoes a successor loop: nothing a mark can change when the graph makes it, the marks in the chain when they do', async () => {
    // The graph alone says ADR-002 → ADR-003 → ADR-007: no record of that chain has a mark to lift.
    const byGraph = await api.call('adr.mark', { adr: 'ADR-007', reason: 'x', successor: 'ADR-002' });
    expect(byGraph).toMatchObject({
      ok: false,
      error: { kind: 'invalid_input', hint_code: 'error_retrieval:adr_successor_loop_graph_hint' },
    });
    const graphHint = byGraph.ok ? '' : (byGraph.error.hint ?? '');
    expect(graphHint).toContain('adr-007-event-bus-redpanda came after adr-002-event-bus-rabbitmq');
    expect(graphHint).not.toContain('unmark');
    // ADR-007 marked with ADR-010 as its successor: marking ADR-010 with ADR-002 runs ADR-002 → ADR-003 → ADR-007 (the graph)
    // → ADR-010 (the mark). ADR-002 has no mark to lift; ADR-007's is the one.
    await api.value('adr.mark', { adr: 'ADR-007', reason: 'Patroni era', successor: 'ADR-010' });
    try {
      const byMark = await api.call('adr.mark', { adr: 'ADR-010', reason: 'x', successor: 'ADR-002' });
      expect(byMark).toMatchObject({
        ok: false,
        error: {
          kind: 'invalid_input',
          hint_code: 'error_retrieval:adr_successor_loop_hint',
          message: expect.stringContaining(
            'adr-010-postgres-ha-patroni → adr-002-event-bus-rabbitmq → adr-003-event-bus-kafka → adr-007-event-bus-redpanda → adr-010-postgres-ha-patroni',
          ),
        },
      });
      const markHint = byMark.ok ? '' : (byMark.error.hint ?? '');
      expect(markHint).toContain('marked: adr-007-event-bus-redpanda');
      expect(markHint).toContain('lens adr unmark adr-007-event-bus-redpanda');
      expect(markHint).not.toContain('unmark adr-002');
    } finally {
      await api.value('adr.unmark', { adr: 'ADR-007', reason: 'test over' });
    }
  });

  it('answers an unknown ADR with not_found and the near matches, and an unmark without a mark with not_found', async () => {
    const unknown = await api.call('adr.mark', { adr: 'adr-003-event-bus-kafak', reason: 'x' });
    expect(unknown).toMatchObject({
      ok: false,
      error: { kind: 'not_found', hint: expect.stringContaining('ADR-003 (adr-003-event-bus-kafka)') },
    });
    const notMarked = await api.call('adr.unmark', { adr: 'ADR-001', reason: 'x' });
    expect(notMarked).toMatchObject({
      ok: false,
      error: { kind: 'not_found', message: expect.stringContaining('no stale mark in force') },
    });
    const blank = await api.call('adr.mark', { adr: 'ADR-001', reason: '   ' });
    expect(blank).toMatchObject({ ok: false, error: { kind: 'invalid_input' } });
  });

  it('exports only the marks in force', async () => {
    await api.value('adr.mark', { adr: 'ADR-013', reason: 'cert-manager replaced' });
    const exported = await api.value<AdrExport>('adr.export', { format: 'json' });
    const marks = (JSON.parse(exported.content) as { marks: { document_id: string }[] }).marks;
    expect(marks.map((mark) => mark.document_id)).toEqual(['adr-013-cert-manager-tls']);
    await api.value('adr.unmark', { adr: 'ADR-013', reason: 'test over' });
  });
});
