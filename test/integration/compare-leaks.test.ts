import { describe, expect, inject, it } from 'vitest';
import type { Comparison, ComparisonRun, Leak } from '../../shared/compare/comparison';
import type { NodeAccess } from '../../shared/compare/node-access';
import { compareRuns } from '../../electron/compare/compare-runs';
import { checkForLeaks } from '../../electron/compare/leak-check';
import { GraphGateway } from '../../electron/graph/read-gateway';
import type { FaultInjection } from '../../electron/retrieval/retrieval-run';
import { TraceStore } from '../../electron/trace-store/trace-store';
import { ALLOW_EVERYTHING, asPrincipals, compareDeps, HR_QUERY, isHr } from '../support/compare-fixtures';
import { freePort } from '../support/free-port';
import { useDemoRetrievalDeps } from '../support/retrieval-deps';

const server = inject('neo4j');

function checked(comparison: Comparison) {
  if (comparison.leak_check.state !== 'checked') throw new Error(`the leak check failed: ${comparison.leak_check.error.message}`);
  return comparison.leak_check;
}

const documentsOf = (run: ComparisonRun) => run.items.map((item) => item.document_id);
const failedProperties = (access: NodeAccess) => (access.state === 'denied' ? access.failed.map((clause) => clause.property) : []);

describe('compare: an HR principal against a non-HR principal on the demo graph', () => {
  const deps = useDemoRetrievalDeps(server);

  it(
    "judges nothing for a principal the graph does not know: B's request is refused, and its verdicts are null, not denials",
    { timeout: 180_000 },
    async () => {
      const comparison = await compareRuns(asPrincipals('u-hana', 'u-nobody', 'hybrid'), compareDeps(deps()));
      expect([comparison.a.outcome, comparison.b.outcome, comparison.b.message_code]).toEqual([
        'ok',
        'invalid_request',
        'outcome:error_hint',
      ]);
      // Its sentence kept as codes, for the app to word in its language.
      expect(JSON.stringify(comparison.b.message_params)).toContain('error_retrieval:unknown_principal');
      const check = checked(comparison);
      expect(check.leaks).toEqual([]);
      expect(check.access.length).toBe(comparison.a.items.length);
      expect(check.access.every((row) => row.a !== null && row.b === null)).toBe(true);
    },
  );

  for (const mode of ['vector', 'fulltext', 'hybrid', 'graph'] as const) {
    // A first vector run on a cold server can take tens of seconds on a busy machine: a hang is what the timeout is for.
    it(
      `${mode}: the HR-only documents are only-A, B may see none of them and says why, and there are no leaks`,
      { timeout: 180_000 },
      async () => {
        const comparison = await compareRuns(asPrincipals('u-hana', 'u-guest', mode), compareDeps(deps()));
        expect([comparison.a.outcome, comparison.b.outcome, comparison.a.message]).toEqual(['ok', 'ok', undefined]);
        const check = checked(comparison);
        expect(check.leaks).toEqual([]);
        expect(check.nodes_checked).toBeGreaterThan(0);
        const hrItems = comparison.a.items.filter((item) => isHr(item.document_id));
        expect(hrItems.length).toBeGreaterThan(0);
        expect(documentsOf(comparison.b).filter(isHr)).toEqual([]);
        const onlyA = new Set(comparison.diff.only_a.map((entry) => entry.key));
        for (const item of hrItems) {
          const key = item.claim_id ? `claim:${item.claim_id}` : `chunk:${item.chunk_id}`;
          expect(onlyA.has(key)).toBe(true);
          const row = check.access.find((entry) => entry.item_key === key);
          // Why A: an alternative of the document rule held (u-hana owns the HR documents), and the chunk is in her partition hr.
          // Why not B: the document shares no group with the guest.
          const because = row?.a?.state === 'visible' ? row.a.because : [];
          expect(because.some((clause) => clause.path.startsWith('document.any_of') && clause.holds)).toBe(true);
          expect(because.find((clause) => clause.path.startsWith('chunk.'))).toMatchObject({
            property: 'acl_partition',
            values: ['hr'],
            holds: true,
          });
          expect(row?.b).toMatchObject({ state: 'denied', reason: 'not_shared' });
          expect(failedProperties(row?.b as NodeAccess)).toContain('allowed_groups');
        }
      },
    );
  }

  it('records both runs as ordinary runs, each as its principal, with the same mode and options', async () => {
    const comparison = await compareRuns(asPrincipals('u-hana', 'u-guest', 'hybrid'), compareDeps(deps()));
    const [runA, runB] = [deps().store.getRun(comparison.a.trace_id), deps().store.getRun(comparison.b.trace_id)];
    expect(runA?.principal.principal_id).toBe('u-hana');
    expect(runB?.principal.principal_id).toBe('u-guest');
    const { principal: _a, trace_id: _ta, ...requestA } = runA?.request ?? {};
    const { principal: _b, trace_id: _tb, ...requestB } = runB?.request ?? {};
    expect(requestA).toEqual(requestB);
    expect(runA?.response.items).toEqual(comparison.a.items);
  });
});

describe('compare: leaks with the pre-filter and the re-checks switched off by fault injection', () => {
  const deps = useDemoRetrievalDeps(server);
  const brokenForSora = (principal: unknown) => (principal === 'u-sora' ? ALLOW_EVERYTHING : {});

  for (const mode of ['hybrid', 'graph'] as const) {
    it(`${mode}: every HR item returned to u-sora is a leak naming the item, the node and the broken clause, first in the result`, async () => {
      const comparison = await compareRuns(asPrincipals('u-hana', 'u-sora', mode), compareDeps(deps(), brokenForSora));
      expect(Object.keys(comparison).indexOf('leak_check')).toBeLessThan(Object.keys(comparison).indexOf('a'));
      expect(comparison.b.outcome).toBe('ok');
      const leaked = comparison.b.items.filter((item) => isHr(item.document_id));
      expect(leaked.length).toBeGreaterThan(0);
      const { leaks } = checked(comparison);
      expect(leaks.filter((leak) => leak.side === 'a')).toEqual([]);
      for (const item of leaked) {
        const key = item.claim_id ? `claim:${item.claim_id}` : `chunk:${item.chunk_id}`;
        const ofItem = leaks.filter((leak: Leak) => leak.item_key === key);
        // Its chunk (decided by its document), its document, and each node of its path.
        expect(ofItem.map((leak) => leak.access.node.label)).toEqual(expect.arrayContaining(['Chunk', 'Document']));
        const atDocument = ofItem.find((leak) => leak.access.node.label === 'Document');
        expect(atDocument).toMatchObject({
          side: 'b',
          principal_id: 'u-sora',
          document_id: item.document_id,
          access: {
            state: 'denied',
            node: { id: item.document_id },
            reason: 'not_shared',
            rule: expect.stringMatching(/^document\.any_of /),
          },
        });
        expect(
          atDocument?.access.state === 'denied' && atDocument.access.failed.find((clause) => clause.property === 'allowed_groups'),
        ).toMatchObject({
          op: 'intersects_principal',
          values: ['g-hr'],
          expected: ['g-eng-all', 'g-payments'],
          holds: false,
        });
        if (mode === 'graph' && item.claim_id) expect(ofItem.map((leak) => leak.access.node.label)).toContain('Claim');
      }
      // Nothing but the HR items leaked.
      expect(new Set(leaks.map((leak) => leak.document_id))).toEqual(new Set(leaked.map((item) => item.document_id)));
    });
  }

  it('with only the pre-filter and the after-expansion re-check off, the final check ends B in acl_violation, which the comparison keeps', async () => {
    const faults: FaultInjection = { skipPrefilter: true, skipRecheck: true };
    const comparison = await compareRuns(
      asPrincipals('u-hana', 'u-sora', 'hybrid'),
      compareDeps(deps(), (principal) => (principal === 'u-sora' ? faults : {})),
    );
    expect(comparison.b).toMatchObject({
      outcome: 'acl_violation',
      items: [],
      message: expect.stringMatching(/earlier enforcement point/),
    });
    expect(checked(comparison).leaks).toEqual([]);
  });
});

describe('compare: stored comparisons and stored runs', () => {
  const deps = useDemoRetrievalDeps(server);

  it('a stored comparison reopens identical, also after the trace store is closed and opened again', async () => {
    const comparison = await compareRuns(asPrincipals('u-hana', 'u-minjun', 'graph'), compareDeps(deps()));
    expect(deps().store.getComparison(comparison.id)).toEqual(comparison);
    const again = TraceStore.open(deps().store.file);
    try {
      const reopened = again.getComparison(comparison.id);
      expect(JSON.stringify(reopened)).toBe(JSON.stringify(comparison));
      expect(again.listComparisons().find((entry) => entry.id === comparison.id)).toMatchObject({
        principal_a: 'u-hana',
        principal_b: 'u-minjun',
        trace_a: comparison.a.trace_id,
        trace_b: comparison.b.trace_id,
        leak_count: 0,
        query: HR_QUERY,
      });
    } finally {
      again.close();
    }
  });

  it('two stored runs of the same request (a replay and its original) compare as identical: Jaccard and RBO 1, nothing only-A or only-B', async () => {
    const first = await compareRuns(asPrincipals('u-sora', 'u-sora', 'hybrid'), compareDeps(deps()));
    const stored = await compareRuns(
      { source: 'runs', trace_a: first.a.trace_id, trace_b: first.b.trace_id, rbo_p: 0.9 },
      compareDeps(deps()),
    );
    expect(stored.source).toBe('runs');
    expect(stored.a.items.length).toBeGreaterThan(0);
    expect(stored.diff).toMatchObject({ only_a: [], only_b: [], overlap: { jaccard: 1, rbo: 1 } });
    expect(checked(stored).leaks).toEqual([]);
  });

  it('a stored run whose principal snapshot says it came from the graph is also judged as the graph holds that principal: a forged u-guest with g-hr leaks', async () => {
    const live = await compareRuns(asPrincipals('u-hana', 'u-guest', 'hybrid'), compareDeps(deps()));
    const hana = deps().store.getRun(live.a.trace_id);
    if (!hana || live.a.items.length === 0) throw new Error('the HR run returned no items');
    // A bundle's run: u-hana's HR items, its snapshot claiming the graph's u-guest had u-hana's access.
    const forged = { ...hana, principal: { ...hana.principal, principal_id: 'u-guest', source: 'graph' as const } };
    const forgedDeps = { ...compareDeps(deps()), getRun: (id: string) => (id === 'forged' ? forged : deps().store.getRun(id)) };
    const stored = await compareRuns({ source: 'runs', trace_a: 'forged', trace_b: 'forged', rbo_p: 0.9 }, forgedDeps);
    const leaks = checked(stored).leaks;
    expect(leaks.length).toBeGreaterThan(0);
    expect(leaks.every((leak) => leak.principal_id === 'u-guest' && isHr(leak.document_id))).toBe(true);
    // The same run with its honest snapshot (u-hana, as the graph holds her) has none.
    const honest = await compareRuns({ source: 'runs', trace_a: hana.trace_id, trace_b: hana.trace_id, rbo_p: 0.9 }, compareDeps(deps()));
    expect(checked(honest).leaks).toEqual([]);
  });

  it('a stored run recorded on another graph is not checked here: the leak check fails naming both graphs, never "no leaks"', async () => {
    const live = await compareRuns(asPrincipals('u-guest', 'u-guest', 'hybrid'), compareDeps(deps()));
    const run = deps().store.getRun(live.a.trace_id);
    if (!run) throw new Error('the run was not stored');
    const elsewhere = { ...run, graph_uri: 'neo4j+s://prod.example.com:7687' };
    const otherDeps = { ...compareDeps(deps()), getRun: (id: string) => (id === 'elsewhere' ? elsewhere : deps().store.getRun(id)) };
    const stored = await compareRuns({ source: 'runs', trace_a: 'elsewhere', trace_b: run.trace_id, rbo_p: 0.9 }, otherDeps);
    expect(stored.leak_check).toMatchObject({
      state: 'failed',
      error: { kind: 'invalid_input', message: expect.stringContaining('neo4j+s://prod.example.com:7687') },
    });
  });

  it('an unknown trace id is not_found, and no comparison is kept', async () => {
    const before = deps().store.listComparisons().length;
    await expect(
      compareRuns({ source: 'runs', trace_a: 'no-such-run', trace_b: 'no-such-run-either', rbo_p: 0.9 }, compareDeps(deps())),
    ).rejects.toMatchObject({
      kind: 'not_found',
    });
    expect(deps().store.listComparisons().length).toBe(before);
  });

  /** A guest's hybrid run, and the same run with its first item changed by `forge`. */
  const guestRunWithFirstItem = async (forge: (item: ComparisonRun['items'][number]) => ComparisonRun['items'][number]) => {
    const { a } = await compareRuns(asPrincipals('u-guest', 'u-guest', 'hybrid'), compareDeps(deps()));
    const [first, ...rest] = a.items;
    if (!first) throw new Error('the guest run returned no items');
    return { a, first, forged: { ...a, items: [forge(first), ...rest] } as ComparisonRun };
  };
  const leaksOf = async (run: ComparisonRun, other: ComparisonRun) => {
    const check = await checkForLeaks(run, other, deps(), 30_000);
    if (check.state !== 'checked') throw new Error(check.error.message);
    return check.leaks;
  };

  it('a node an item names that is not in the graph is a leak (not_found), never taken for visible', async () => {
    const { a, forged } = await guestRunWithFirstItem((item) => ({
      ...item,
      chunk_id: 'chunk-that-does-not-exist',
      chunk_ids: ['chunk-that-does-not-exist'],
    }));
    expect(await leaksOf(forged, a)).toEqual([
      expect.objectContaining({
        side: 'a',
        rank: 1,
        access: { state: 'not_found', node: { label: 'Chunk', id: 'chunk-that-does-not-exist' } },
      }),
    ]);
  });

  it('an item whose content is text of none of the sources it names is a leak, however visible its chunk; its own text, reflowed or cut with …, is not', async () => {
    // Restricted text (the HR salary policy's budget) handed over under the guest's own visible chunk.
    const { a, first, forged } = await guestRunWithFirstItem((item) => ({ ...item, content: '2027년 연봉 인상 예산은 5.5%이다.' }));
    expect(await leaksOf(forged, a)).toEqual([
      expect.objectContaining({
        side: 'a',
        rank: 1,
        access: expect.objectContaining({
          state: 'denied',
          reason: 'content_not_in_source',
          node: { label: 'Chunk', id: first.chunk_id },
          message: { code: 'content_not_in_source_denied', params: { content: '2027년 연봉 인상 예산은 5.5%이다.' } },
        }),
      }),
    ]);
    // The run as it was: its contents are its chunks' text (packing's reflow and ellipses aside), no leak.
    expect(await leaksOf(a, a)).toEqual([]);
    const reflowed: ComparisonRun = {
      ...a,
      items: [{ ...first, content: `${first.content.replace(/\s+/g, '\n  ')} …` }, ...a.items.slice(1)],
    };
    expect(await leaksOf(reflowed, a)).toEqual([]);
  });

  it('an item whose title is not its document’s is a leak, however visible its ids; its document’s own title is not', async () => {
    // The HR salary policy's title handed over on the guest's own visible item.
    const hrTitle = 'Salary adjustment policy 2027 (연봉 조정)';
    const { a, first, forged } = await guestRunWithFirstItem((item) => ({ ...item, title: hrTitle }));
    expect(await leaksOf(forged, a)).toEqual([
      expect.objectContaining({
        side: 'a',
        rank: 1,
        access: expect.objectContaining({
          state: 'denied',
          reason: 'title_not_document',
          node: { label: 'Document', id: first.document_id },
          message: { code: 'title_not_document_denied', params: { title: hrTitle } },
        }),
      }),
    ]);
    expect(first.title).toEqual(expect.any(String));
    expect(await leaksOf(a, a)).toEqual([]);
  });

  it('an entity a path names is found by label and id and judged by the entity rule; one not in the graph is a leak', async () => {
    const { a } = await compareRuns(asPrincipals('u-guest', 'u-guest', 'hybrid'), compareDeps(deps()));
    const [first, ...rest] = a.items;
    if (!first) throw new Error('the guest run returned no items');
    const path = [
      { label: 'Service', id: 'svc-payments-gateway' },
      { label: 'Service', id: 'svc-that-does-not-exist' },
      ...first.provenance_path,
    ];
    const forged: ComparisonRun = { ...a, items: [{ ...first, provenance_path: path }, ...rest] };
    const check = await checkForLeaks(forged, a, deps(), 30_000);
    if (check.state !== 'checked') throw new Error(check.error.message);
    expect(check.leaks.map((leak) => leak.access)).toEqual([
      { state: 'not_found', node: { label: 'Service', id: 'svc-that-does-not-exist' } },
    ]);
  });
});

describe('compare: an outage or a timeout during the leak check is an error outcome, never "no leaks"', () => {
  const deps = useDemoRetrievalDeps(server);

  it('an unreachable graph makes the check failed with kind unavailable', async () => {
    const { a, b } = await compareRuns(asPrincipals('u-hana', 'u-guest', 'hybrid'), compareDeps(deps()));
    const dead = GraphGateway.open({
      uri: `bolt://127.0.0.1:${await freePort()}`,
      user: 'neo4j',
      password: 'x',
      database: undefined,
      source: 'environment',
    });
    try {
      const check = await checkForLeaks(a, b, { ...deps(), gateway: dead }, 10_000);
      expect(check).toMatchObject({ state: 'failed', error: { kind: 'unavailable' } });
    } finally {
      await dead.close();
    }
  });

  it('a deadline that has passed when the check reads makes it failed with kind timeout', async () => {
    const { a, b } = await compareRuns(asPrincipals('u-hana', 'u-guest', 'graph'), compareDeps(deps()));
    // No time at all: a deadline of 1 ms was a race the check could win on a quick server (its reads take less).
    const check = await checkForLeaks(a, b, deps(), 0);
    expect(check).toMatchObject({ state: 'failed', error: { kind: 'timeout' } });
  });
});
