import { describe, expect, it } from 'vitest';
import { Deadline } from '../../../shared/deadline';
import type { Principal } from '../../../shared/principal';
import type { LensError } from '../../../shared/lens-error';
import { wordCore } from '../../../shared/core-catalogues';
import { DEFAULT_SCHEMA_PROFILE } from '../../../shared/schema-profile';
import type { BuiltInQuery } from '../../../electron/graph/built-in-query';
import type { GraphGateway, ReadResult } from '../../../electron/graph/read-gateway';
import { RIDER_COLUMN } from '../../../electron/retrieval/riding-read';
import { PrincipalCache, principalCacheOf, samePrincipal } from '../../../electron/retrieval/principal-cache';
import {
  PrincipalChanged,
  resolvePrincipalCached,
  type GraphReader,
  type PrincipalDirectory,
} from '../../../electron/retrieval/principal-resolver';

/** A graph of principal nodes the test edits between reads, counting the reads made. */
class FakeGraph implements GraphReader {
  reads = 0;
  /** Each node as the graph holds it: a real graph may hold any value where a list of names belongs. */
  readonly nodes = new Map<string, { workspace_id?: unknown; groups: unknown[]; acl_partitions?: unknown }>();

  read(_query: BuiltInQuery, params: Record<string, unknown>): Promise<ReadResult> {
    this.reads += 1;
    const id = params.run_principal_id;
    const node = this.nodes.get(String(id));
    // The run-state query's one row: the principal (null when the graph has none) and its groups, in one map column.
    const state = node
      ? { principal: { principal_id: id, workspace_id: node.workspace_id, acl_partitions: node.acl_partitions }, groups: node.groups }
      : { principal: null, groups: [] };
    return Promise.resolve({ rows: [{ [RIDER_COLUMN]: state }] } as unknown as ReadResult);
  }
}

class FakeDirectory implements PrincipalDirectory {
  readonly local = new Map<string, Principal>();
  getPrincipal(principalId: string): Principal | null {
    return this.local.get(principalId) ?? null;
  }
  listPrincipals(): Principal[] {
    return [...this.local.values()];
  }
}

function setup() {
  const graph = new FakeGraph();
  graph.nodes.set('u-ana', { workspace_id: 'ws', groups: ['g-eng', 'g-hr'], acl_partitions: ['general'] });
  const directory = new FakeDirectory();
  const cache = new PrincipalCache();
  const resolve = (id: string, trustCache = true) =>
    resolvePrincipalCached(id, directory, graph, DEFAULT_SCHEMA_PROFILE, Deadline.after(5_000), cache, trustCache);
  return { graph, directory, cache, resolve };
}

describe('the connection’s principal cache', () => {
  it('reads a principal from the graph and waits for it the first time, then starts later runs from the cached read', async () => {
    const { graph, cache, resolve } = setup();
    const first = await resolve('u-ana');
    expect(graph.reads).toBe(1);
    expect(first.principal).toMatchObject({ principal_id: 'u-ana', groups: ['g-eng', 'g-hr'], source: 'graph' });
    expect(cache.get('u-ana')).toEqual(first.principal);

    const second = await resolve('u-ana');
    expect(second.principal).toEqual(first.principal);
    await expect(second.confirmed).resolves.toBeUndefined();
    // The later run still re-reads the graph, beside its retrieval, to confirm the cached read.
    expect(graph.reads).toBe(2);
  });

  it('rejects the confirmation of a run started from a cached principal whose graph node lost a group, and keeps the new read', async () => {
    const { graph, cache, resolve } = setup();
    await resolve('u-ana');
    graph.nodes.set('u-ana', { workspace_id: 'ws', groups: ['g-eng'], acl_partitions: ['general'] });
    const stale = await resolve('u-ana');
    expect(stale.principal.groups).toEqual(['g-eng', 'g-hr']);
    await expect(stale.confirmed).rejects.toBeInstanceOf(PrincipalChanged);
    expect(cache.get('u-ana')?.groups).toEqual(['g-eng']);
    const redone = await resolve('u-ana', false);
    expect(redone.principal.groups).toEqual(['g-eng']);
  });

  it('rejects the confirmation when the graph principal was deleted and only a stale cached copy named it', async () => {
    const { graph, resolve } = setup();
    await resolve('u-ana');
    graph.nodes.delete('u-ana');
    await expect((await resolve('u-ana')).confirmed).rejects.toBeInstanceOf(PrincipalChanged);
    await expect(resolve('u-ana', false)).rejects.toThrow(/Unknown principal "u-ana"/);
  });

  it('reads the local list at every run, so a local copy edited or removed applies to the next run at once', async () => {
    const { directory, resolve } = setup();
    await resolve('u-ana');
    directory.local.set('u-ana', { principal_id: 'u-ana', workspace_id: 'ws', groups: ['g-ops'], acl_partitions: [], source: 'import' });
    expect((await resolve('u-ana')).principal).toMatchObject({ groups: ['g-ops'], source: 'import', overrides_graph: true });
    directory.local.delete('u-ana');
    expect((await resolve('u-ana')).principal).toMatchObject({ groups: ['g-eng', 'g-hr'], source: 'graph' });
  });

  it('reads again, and waits, for an id the cache knows as absent from the graph, so a principal added since is found', async () => {
    const { graph, resolve } = setup();
    await expect(resolve('u-new')).rejects.toThrow(/Unknown principal/);
    graph.nodes.set('u-new', { workspace_id: 'ws', groups: [], acl_partitions: [] });
    const found = await resolve('u-new');
    expect(found.principal).toMatchObject({ principal_id: 'u-new', source: 'graph' });
    expect(graph.reads).toBe(2);
  });

  it('takes an inline principal as given at once, and confirms beside the retrieval that it passes for no graph principal of other access', async () => {
    const { graph } = setup();
    const inline = {
      principal_id: 'x',
      workspace_id: 'ws',
      groups: [],
      acl_partitions: [],
      source: 'local' as const,
      overrides_graph: true,
    };
    const resolved = await resolvePrincipalCached(inline, null, graph, DEFAULT_SCHEMA_PROFILE, Deadline.after(5_000), new PrincipalCache());
    expect(resolved.principal).toEqual({ principal_id: 'x', workspace_id: 'ws', groups: [], acl_partitions: [], source: 'inline' });
    await expect(resolved.confirmed).resolves.toBeUndefined();
    // The graph's u-ana, given inline with a group it does not have: the confirmation rejects, naming the difference.
    const impostor = {
      principal_id: 'u-ana',
      workspace_id: 'ws',
      groups: ['g-eng', 'g-hr', 'g-admin'],
      acl_partitions: ['general'],
      source: 'inline' as const,
    };
    const taken = await resolvePrincipalCached(impostor, null, graph, DEFAULT_SCHEMA_PROFILE, Deadline.after(5_000), new PrincipalCache());
    await expect(taken.confirmed).rejects.toThrow('which the graph holds with other access (groups +g-admin)');
    // As the graph holds it (a stored run's snapshot), it runs.
    const same = await resolvePrincipalCached(
      { ...impostor, groups: ['g-hr', 'g-eng'] },
      null,
      graph,
      DEFAULT_SCHEMA_PROFILE,
      Deadline.after(5_000),
      new PrincipalCache(),
    );
    await expect(same.confirmed).resolves.toBeUndefined();
  });

  it('compares reads by what they grant: group order does not matter, a partition does', () => {
    const base: Principal = { principal_id: 'p', workspace_id: 'ws', groups: ['a', 'b'], acl_partitions: ['x'], source: 'graph' };
    expect(samePrincipal(base, { ...base, groups: ['b', 'a'] })).toBe(true);
    expect(samePrincipal(base, { ...base, acl_partitions: ['x', 'y'] })).toBe(false);
    expect(samePrincipal(base, { ...base, workspace_id: 'other' })).toBe(false);
    expect(samePrincipal(base, null)).toBe(false);
  });

  it('keeps one cache per connection, so a new gateway (a reconnect) starts empty', () => {
    const one = {} as GraphGateway;
    const other = {} as GraphGateway;
    principalCacheOf(one).set('u-ana', null);
    expect(principalCacheOf(one).size).toBe(1);
    expect(principalCacheOf(other).size).toBe(0);
  });
});

describe('an id that holds characters that do not show', () => {
  it('is refused, naming the characters and the id written without them, never resolved to the principal it reads as', async () => {
    const { resolve } = setup();
    for (const [id, characters] of [
      ['u-ana\u200d', 'U+200D'],
      ['u-\u00adana', 'U+00AD'],
      ['u-ana\ufe0f\u200c', 'U+FE0F, U+200C'],
    ] as const) {
      const refusal = resolve(id);
      await expect(refusal).rejects.toMatchObject({
        kind: 'invalid_input',
        message: `Unknown principal "${id}": the id holds characters that do not show (${characters}), and no principal has it.`,
        hint: 'Write the id without them, "u-ana" (type it rather than paste it).',
      });
    }
    // An id of visible characters only keeps the sentence it had.
    await expect(resolve('u-bob')).rejects.toMatchObject({ message: expect.stringMatching(/^Unknown principal "u-bob": it is neither/) });
  });

  it('is refused saying the id is written decomposed, naming it composed, when it reads as another only by its Unicode form', async () => {
    const { graph, resolve } = setup();
    graph.nodes.set('하나', { workspace_id: 'ws', groups: ['g-hr'], acl_partitions: ['hr'] });
    const decomposed = '하나'.normalize('NFD');
    await expect(resolve(decomposed)).rejects.toMatchObject({
      kind: 'invalid_input',
      message: `Unknown principal "${decomposed}": the id is written in decomposed Unicode (NFD, letters and their marks apart), and no principal has it so written.`,
      hint: 'Write it composed (NFC), as a keyboard types it: "하나".',
    });
    await expect(resolve('하나')).resolves.toMatchObject({ principal: { principal_id: '하나', groups: ['g-hr'] } });
  });

  it('is refused saying the id begins or ends with a space, naming it without, when it is pasted with one', async () => {
    const { graph, resolve } = setup();
    graph.nodes.set('u-guest', { workspace_id: 'ws', groups: [], acl_partitions: [] });
    await expect(resolve('u-guest ')).rejects.toMatchObject({
      kind: 'invalid_input',
      message: 'Unknown principal "u-guest ": the id begins or ends with a space, and no principal has it so written.',
      hint: 'Write it without the spaces around it: "u-guest".',
    });
  });

  it('is refused saying the id is written in look-alike forms, naming it plainly, when it is typed fullwidth', async () => {
    const { graph, resolve } = setup();
    graph.nodes.set('u-guest', { workspace_id: 'ws', groups: [], acl_partitions: [] });
    const fullwidth = 'ｕ－ｇｕｅｓｔ';
    const error = await resolve(fullwidth).then(
      () => null,
      (thrown: unknown) => thrown as LensError,
    );
    expect(error).toMatchObject({
      kind: 'invalid_input',
      message: `Unknown principal "${fullwidth}": the id is written with look-alike forms of plain characters (fullwidth letters such as ｕ, ligatures, circled or superscript digits), and no principal has it so written.`,
      hint: 'Write it in plain characters, as they read: "u-guest" (switch the input method out of fullwidth mode).',
    });
    expect(wordCore(error!.hintSaid!, 'ko')).toBe('보이는 대로 일반 문자로 쓰세요: "u-guest"(입력기의 전각 모드를 끄세요).');
  });
});

describe('a graph principal whose access properties are not what the policy reads', () => {
  const resolveNode = (node: { workspace_id?: unknown; groups: unknown[]; acl_partitions?: unknown }) => {
    const { graph, resolve } = setup();
    graph.nodes.set('u-odd', node);
    return resolve('u-odd');
  };

  it('reads partitions held as one string as a list of that one, never as no partitions (which would pass every partition)', async () => {
    const { principal } = await resolveNode({ workspace_id: 'ws', groups: ['g-eng'], acl_partitions: 'general' });
    expect(principal.acl_partitions).toEqual(['general']);
  });

  it('reads a principal without partitions as having none, as before', async () => {
    const { principal } = await resolveNode({ workspace_id: 'ws', groups: [] });
    expect(principal.acl_partitions).toEqual([]);
  });

  it.each([
    ['a number', 5, '5'],
    ['a boolean', true, 'true'],
    ['an empty string', '', '""'],
    ['a list with an empty name', ['general', ''], '["general",""]'],
    ['a list of numbers', [1, 2], '[1,2]'],
  ])('refuses partitions held as %s, naming the node, the property and the value', async (_what, value, shown) => {
    await expect(resolveNode({ workspace_id: 'ws', groups: [], acl_partitions: value })).rejects.toMatchObject({
      kind: 'invalid_input',
      message: `The graph's principal "u-odd" cannot be asked as: its property acl_partitions holds ${shown}, which is not a list of names.`,
      hint: expect.stringContaining('nothing is granted or withheld by a guess'),
    });
  });

  it.each([
    ['a number', 7, '7'],
    ['an empty string', '', '""'],
  ])('refuses a principal in a group whose id is %s, naming it', async (_what, value, shown) => {
    await expect(resolveNode({ workspace_id: 'ws', groups: ['g-eng', value], acl_partitions: ['general'] })).rejects.toMatchObject({
      kind: 'invalid_input',
      message: `The graph's principal "u-odd" cannot be asked as: it is a member of a :Group whose group_id is ${shown}, which is not a name.`,
    });
  });

  it('refuses a principal without a workspace, naming the property', async () => {
    await expect(resolveNode({ groups: [], acl_partitions: ['general'] })).rejects.toMatchObject({
      kind: 'invalid_input',
      message: `The graph's principal "u-odd" cannot be asked as: its property workspace_id is not set.`,
    });
    await expect(resolveNode({ workspace_id: 3, groups: [], acl_partitions: ['general'] })).rejects.toMatchObject({
      message: `The graph's principal "u-odd" cannot be asked as: its property workspace_id holds 3, which is not a name.`,
    });
  });
});
