import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { dispatch } from '../../../electron/api/api-dispatch';
import { createLensHandlers } from '../../../electron/api/lens-handlers';
import { EnvironmentVault } from '../../../electron/secrets/secret-vault';
import { ServiceHub } from '../../../electron/services/service-hub';
import { assembleComparison, comparisonRun } from '../../../shared/compare/assemble-comparison';
import type { Outcome } from '../../../shared/context-contract';
import { buildRunRecord } from '../../support/run-record-factory';
import { useTempFolders } from '../../support/temp-folders';

/** A kept comparison of u-hana (answered) and u-nobody, whose run ended as `outcomeB`. */
function comparison(id: string, outcomeB: Outcome) {
  const a = comparisonRun(buildRunRecord({ principal: { principal_id: 'u-hana' }, outcome: 'ok', query: 'salary', itemCount: 2 }));
  const b = comparisonRun(buildRunRecord({ principal: { principal_id: 'u-nobody' }, outcome: outcomeB, query: 'salary', itemCount: 0 }));
  const check = { state: 'checked' as const, leaks: [], nodes_checked: 3, access: [] };
  return assembleComparison({ id, createdAt: new Date('2026-12-01T00:00:00Z') }, 'principals', [a, b], check, 0.9);
}

describe('compare.graph of a comparison whose side was refused before it ran', () => {
  const { tempDir } = useTempFolders('lens-compare-graph-');
  let hub: ServiceHub | null = null;
  afterEach(async () => {
    await hub?.close();
    hub = null;
  });

  it('is refused naming the side and its principal, before any read (no node is classed "A only" beside an unjudged B)', async () => {
    // The graph is unreachable: an answer that reached it would be `unavailable`, not the refusal.
    const env = { LENS_HOME: path.join(tempDir(), 'home'), NEO4J_URI: 'bolt://127.0.0.1:1', NEO4J_PASSWORD: 'x' };
    hub = new ServiceHub(env, new EnvironmentVault(env));
    hub.store().saveComparison(comparison('cmp-refused', 'invalid_request'));
    hub.store().saveComparison(comparison('cmp-timeout', 'timeout'));
    const handlers = createLensHandlers(hub, 'cli', '9.9.9');
    const refused = await dispatch(handlers, 'compare.graph', { id: 'cmp-refused', max_elements: 300 });
    if (refused.ok) throw new Error('expected a refusal');
    expect(refused.error).toMatchObject({ kind: 'invalid_input', message_code: 'error_server:compare_graph_not_judged' });
    expect(refused.error.message).toContain("B's request (u-nobody) was refused before it ran as anyone");
    // A side that ran as its principal and then failed is judged as before: the graph is read (here: unreachable).
    const timedOut = await dispatch(handlers, 'compare.graph', { id: 'cmp-timeout', max_elements: 300 });
    if (timedOut.ok) throw new Error('expected the unreachable graph');
    expect(timedOut.error.kind).toBe('unavailable');
  });
});
