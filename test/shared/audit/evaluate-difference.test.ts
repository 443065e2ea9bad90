import { describe, expect, it } from 'vitest';
import { judgeDifference } from '../../../shared/audit/evaluate-difference';
import type { Comparison, ItemAccessRow, LeakCheck } from '../../../shared/compare/comparison';
import type { NodeAccess } from '../../../shared/compare/node-access';
import { diffRuns, itemIdentity } from '../../../shared/compare/run-diff';
import type { ContextItem } from '../../../shared/context-contract';
import { auditItem } from '../../support/audit-fixtures';

const visible = (id: string): NodeAccess => ({ state: 'visible', node: { label: 'Chunk', id }, because: [] });
const denied = (id: string): Extract<NodeAccess, { state: 'denied' }> => ({
  state: 'denied',
  node: { label: 'Document', id },
  reason: 'not_shared',
  rule: 'document.any_of visibility, owner_id, allowed_groups',
  failed: [],
});

const principal = (principal_id: string) => ({
  principal_id,
  workspace_id: 'ws-nurion',
  groups: [],
  acl_partitions: [],
  source: 'local' as const,
});

/** A comparison of A's and B's items; `hiddenFromOther` lists the documents the other side may not see. */
function comparison(itemsA: ContextItem[], itemsB: ContextItem[], hiddenFromOther: readonly string[], leakCheck?: LeakCheck): Comparison {
  const row = (item: ContextItem, side: 'a' | 'b'): ItemAccessRow => {
    const other = hiddenFromOther.includes(item.document_id) ? denied(item.document_id) : visible(item.chunk_id);
    return {
      item_key: itemIdentity(item).key,
      a: side === 'a' ? visible(item.chunk_id) : other,
      b: side === 'b' ? visible(item.chunk_id) : other,
    };
  };
  const run = (id: string, items: ContextItem[]) => ({
    trace_id: `tr-${id}`,
    principal: principal(id),
    query: 'q',
    mode: 'hybrid' as const,
    outcome: 'ok' as const,
    items,
  });
  return {
    id: 'cmp-1',
    created_at: '2026-12-01T00:00:00Z',
    source: 'runs',
    leak_check: leakCheck ?? {
      state: 'checked',
      leaks: [],
      nodes_checked: 12,
      access: [...itemsA.map((item) => row(item, 'a')), ...itemsB.map((item) => row(item, 'b'))],
    },
    a: run('u-hana', itemsA),
    b: run('u-guest', itemsB),
    diff: diffRuns(itemsA, itemsB),
  };
}

const HR_ONLY = { a: 'u-hana', b: 'u-guest', a_only: { document_id_glob: 'policy-hr-*' } };

describe('judgeDifference (A and B differ only in …)', () => {
  it('passes when everything only A got is a declared document B may not see', () => {
    const verdict = judgeDifference(
      HR_ONLY,
      comparison([auditItem('policy-hr-salary'), auditItem('handbook')], [auditItem('handbook')], ['policy-hr-salary']),
    );
    expect(verdict.result).toBe('passed');
    expect(verdict.text).toBe(
      'u-hana and u-guest differ only as declared: only u-hana 1, only u-guest 0, both 1; no leaks (12 nodes checked)',
    );
  });

  it('is violated by an access difference that is not declared, naming the item and both principals', () => {
    const verdict = judgeDifference(
      HR_ONLY,
      comparison([auditItem('draft-ledger'), auditItem('handbook')], [auditItem('handbook')], ['draft-ledger']),
    );
    expect(verdict.result).toBe('violated');
    expect(verdict.violations).toEqual([
      expect.objectContaining({
        trace_id: 'tr-u-hana',
        rank: 1,
        text: 'only u-hana got #1 draft-ledger, which u-guest may not see, and it is not among the documents declared for u-hana',
      }),
    ]);
  });

  it('does not judge a ranking difference: an item only one side got that the other may see too', () => {
    const verdict = judgeDifference(HR_ONLY, comparison([auditItem('handbook')], [auditItem('handbook'), auditItem('api-refunds')], []));
    expect(verdict.result).toBe('passed');
  });

  it('holds B to b_only too: with none declared, nothing only B may see is allowed', () => {
    const verdict = judgeDifference(HR_ONLY, comparison([], [auditItem('api-refunds')], ['api-refunds']));
    expect(verdict.violations.map((violation) => violation.document_id)).toEqual(['api-refunds']);
  });

  it('reports every leak of the leak check as a violation with its broken clause', () => {
    const leakCheck: LeakCheck = {
      state: 'checked',
      nodes_checked: 3,
      access: [],
      leaks: [
        {
          side: 'b',
          principal_id: 'u-guest',
          item_key: 'chunk:policy-hr-x#c1',
          rank: 1,
          document_id: 'policy-hr-x',
          access: denied('policy-hr-x'),
        },
      ],
    };
    const verdict = judgeDifference(HR_ONLY, comparison([], [auditItem('policy-hr-x')], ['policy-hr-x'], leakCheck));
    expect(verdict.violations[0]?.text).toBe(
      'u-guest got #1 policy-hr-x but may not see Document policy-hr-x (broken clause: document.any_of visibility, owner_id, allowed_groups)',
    );
  });

  it('could not run when the leak check failed: the leaks are unknown, never "none"', () => {
    const failed: LeakCheck = { state: 'failed', error: { kind: 'unavailable', message: 'Neo4j is unreachable' } };
    const verdict = judgeDifference(HR_ONLY, comparison([auditItem('handbook')], [auditItem('handbook')], [], failed));
    expect(verdict.result).toBe('could_not_run');
    expect(verdict.text).toBe('could not run (unavailable): Neo4j is unreachable');
  });
});

// A compared run that did not answer put its English message into the check's sentence; where the
// run keeps its message as a code, the sentence now carries the code, worded in the reader's language.
describe('judgeDifference: a compared run that did not answer', () => {
  it('carries the run’s coded message, not its English', () => {
    const said = { code: 'outcome:no_evidence_none_visible' };
    const base = comparison([], [], []);
    const timedOut = {
      ...base,
      a: {
        ...base.a,
        outcome: 'timeout' as const,
        message: 'No evidence this principal may see answers the query.',
        message_code: said.code,
      },
    };
    const verdict = judgeDifference(HR_ONLY, timedOut);
    expect(verdict.message).toEqual({ code: 'could_not_run_outcome', params: { outcome: 'timeout', message: [said] } });
    expect(verdict.text).toBe(
      'could not run: the run ended in timeout (No evidence this principal may see answers the query.); nothing is known about this check',
    );
  });
});

// A leak check that failed put its error's English into the check's sentence; where the error keeps
// its sentence as a code, the check now carries that code. An error from before codes keeps its English.
describe('judgeDifference: a leak check that failed', () => {
  it('carries the error’s coded sentence, and the English of an error recorded before codes', () => {
    const said = { code: 'error_server:unreachable', params: { uri: 'bolt://127.0.0.1:7687', about: '' } };
    const error = { kind: 'unavailable' as const, message: 'Neo4j at bolt://127.0.0.1:7687 is unreachable.' };
    const judged = (leakCheck: LeakCheck) =>
      judgeDifference(HR_ONLY, comparison([auditItem('handbook')], [auditItem('handbook')], [], leakCheck));
    const coded = judged({ state: 'failed', error: { ...error, message_code: said.code, message_params: said.params } });
    expect(coded.message).toEqual({ code: 'could_not_run_error', params: { kind: 'unavailable', message: [said] } });
    expect(coded.text).toBe('could not run (unavailable): Neo4j at bolt://127.0.0.1:7687 is unreachable.');
    expect(judged({ state: 'failed', error }).message.params['message']).toBe(error.message);
  });
});
