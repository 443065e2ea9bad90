// A document drawn with many chunks around it (a long handbook, every chunk an item's neighbour) is
// drawn with work linear in the edges at that one node: the edges at each node were copied whole on
// each add. Counted, not timed (array-iterator steps, test/support/array-steps.ts).
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_ACCESS_POLICY } from '../../../shared/acl/access-policy';
import { compileAclToPredicate } from '../../../shared/acl/compile-acl-to-predicate';
import type { Principal } from '../../../shared/principal';
import { DEFAULT_SCHEMA_PROFILE } from '../../../shared/schema-profile';
import { EVIDENCE, ITEM_PATH, ViewGraph } from '../../../electron/provenance/view-graph';
import { arraySteps, restoreArrayIterator } from '../../support/array-steps';

const GUEST: Principal = { principal_id: 'guest', workspace_id: 'ws', groups: [], acl_partitions: ['general'], source: 'inline' };

/** One public document and `count` chunks PART_OF it, each with the document as its access context. */
function hub(count: number): ViewGraph {
  const graph = new ViewGraph({
    profile: DEFAULT_SCHEMA_PROFILE,
    acl: compileAclToPredicate(DEFAULT_ACCESS_POLICY),
    principal: GUEST,
    itemPath: new Map(),
  });
  const document = { id: '4:doc', labels: ['Document'], props: { document_id: 'doc', workspace_id: 'ws', visibility: 'public' } };
  graph.node(document, [], ITEM_PATH);
  for (let index = 0; index < count; index += 1) {
    const chunk = { chunk_id: `c-${index}`, acl_partition: 'general' };
    graph.node({ id: `4:c${index}`, labels: ['Chunk'], props: chunk }, [{ chunk, document: document.props }], EVIDENCE);
    graph.edge({ id: `5:e${index}`, type: 'PART_OF', source: `4:c${index}`, target: '4:doc' });
  }
  return graph;
}

describe('the provenance view of a document with many chunks', () => {
  afterEach(restoreArrayIterator);

  it('draws with work linear in the edges at the document: four times the chunks, about four times the steps, all drawn', () => {
    const small = hub(500);
    const large = hub(2000);
    let drawn = { nodes: 0, edges: 0 };
    const once = arraySteps(() => void small.draw(10_000));
    const four = arraySteps(() => {
      const view = large.draw(10_000);
      drawn = { nodes: view.nodes.length, edges: view.edges.length };
    });
    expect(drawn).toEqual({ nodes: 2001, edges: 2000 });
    // Linear work grows 4×; a list copied on every add grows toward 16×.
    expect(four / once).toBeLessThan(5);
  });
});
