import { describe, expect, it } from 'vitest';
import { wordCore } from '../../../shared/core-catalogues';
import { Deadline } from '../../../shared/deadline';
import { PrincipalList, type Principal } from '../../../shared/principal';
import { DEFAULT_SCHEMA_PROFILE } from '../../../shared/schema-profile';
import type { GraphGateway } from '../../../electron/graph/read-gateway';
import { graphPrincipals, listPrincipals } from '../../../electron/retrieval/principal-resolver';
import { formatPrincipalList } from '../../../electron/cli/commands/principals-command';

/** A gateway whose one read (all the graph's principals) returns these rows. */
const gatewayWith = (rows: Record<string, unknown>[]) =>
  ({ read: async () => ({ rows, truncated: false, queryName: 'principals-from-graph', rowCap: 10_000 }) }) as unknown as GraphGateway;

const row = (principal: Record<string, unknown>, groups: unknown[] = []) => ({ principal, groups });
const GOOD = row({ principal_id: 'u-good', workspace_id: 'ws', acl_partitions: ['general'] }, ['g-eng']);
const ALSO_GOOD = row({ principal_id: 'u-also', workspace_id: 'ws' });
// Partitions of the wrong type: read as none they would pass every partition, so the node is refused.
const BAD_PARTITIONS = row({ principal_id: 'u-broken', workspace_id: 'ws', acl_partitions: [1, 2] });
const NO_WORKSPACE = row({ principal_id: 'u-homeless' });

describe("listing the graph's principals when one Principal node cannot be read", () => {
  it('lists the readable ones and names each unreadable one with its id, property, value and what to do', async () => {
    const list = await graphPrincipals(
      gatewayWith([GOOD, BAD_PARTITIONS, ALSO_GOOD, NO_WORKSPACE]),
      DEFAULT_SCHEMA_PROFILE,
      Deadline.after(1000),
    );
    expect(PrincipalList.parse(list)).toEqual(list);
    expect(list.principals.map((p) => p.principal_id)).toEqual(['u-good', 'u-also']);
    expect(list.unreadable.map((entry) => entry.principal_id)).toEqual(['u-broken', 'u-homeless']);
    const [broken, homeless] = list.unreadable;
    expect(broken).toMatchObject({
      problem_code: 'error_retrieval:graph_principal_list_invalid',
      problem_params: { principal: 'u-broken', property: 'acl_partitions', value: '[1,2]' },
      hint_code: 'error_retrieval:graph_principal_invalid_hint',
    });
    expect(broken?.problem).toBe(
      'The graph\'s principal "u-broken" cannot be asked as: its property acl_partitions holds [1,2], which is not a list of names.',
    );
    expect(broken?.hint).toContain('Fix the node in the graph');
    expect(homeless?.problem_code).toBe('error_retrieval:graph_principal_property_missing');
    // Worded in Korean too, from its code.
    expect(wordCore({ code: broken?.problem_code ?? '', params: broken?.problem_params ?? {} }, 'ko')).toContain('u-broken');
  });

  it('merges the local list in and keeps the unreadable nodes named', async () => {
    const local: Principal = { principal_id: 'u-local', workspace_id: 'ws', groups: [], acl_partitions: [], source: 'local' };
    const list = await listPrincipals(
      { getPrincipal: () => null, listPrincipals: () => [local] },
      gatewayWith([BAD_PARTITIONS, GOOD]),
      DEFAULT_SCHEMA_PROFILE,
      Deadline.after(1000),
    );
    expect(list.principals.map((p) => p.principal_id)).toEqual(['u-local', 'u-good']);
    expect(list.unreadable.map((entry) => entry.principal_id)).toEqual(['u-broken']);
  });

  it('`lens principals list` prints the readable ones, then names the unreadable ones with what to do', async () => {
    const list = await graphPrincipals(gatewayWith([GOOD, BAD_PARTITIONS]), DEFAULT_SCHEMA_PROFILE, Deadline.after(1000));
    const text = formatPrincipalList(list.principals, list.unreadable);
    expect(text).toMatch(/^u-good /);
    expect(text).toContain("Not listed, and not usable to run as: 1 of the graph's Principal nodes cannot be read as a principal");
    expect(text).toContain('"u-broken" cannot be asked as: its property acl_partitions holds [1,2]');
    expect(text).toContain('Fix the node in the graph');
    // Only unreadable nodes: no "No principals" line that would say the graph has none.
    const none = formatPrincipalList([], list.unreadable);
    expect(none).not.toContain('No principals');
    expect(none).toContain('u-broken');
  });
});
