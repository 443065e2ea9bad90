// The renderer's lists kept under one key grow in place: a stage with thousands of reads (a run whose
// over-fetch read page after page) and an expansion that brings thousands of nodes of one layer (a
// document's chunks) were laid out with each key's list copied whole on every add. Counted, not timed
// (array-iterator steps, test/support/array-steps.ts).
import { afterEach, describe, expect, it } from 'vitest';
import type { StageRecord } from '../../shared/context-contract';
import type { ExecutedQuery } from '../../shared/trace-record';
import { layoutSpans } from '../../renderer/screens/workbench/span-layout';
import { placeExpansion, type PlacedNode } from '../../renderer/screens/provenance-graph/graph-expansion-placement';
import { NODE_HEIGHT, NODE_WIDTH } from '../../renderer/screens/provenance-graph/graph-style';
import { arraySteps, restoreArrayIterator } from '../support/array-steps';

const STAGE: StageRecord = {
  name: 'vector',
  strategy: 's',
  duration_ms: 10,
  candidates_in: 0,
  candidates_out: 0,
  acl: 'none',
  started_ms: 0,
};

/** `count` reads, all of the one stage. */
const reads = (count: number): ExecutedQuery[] =>
  Array.from({ length: count }, (_, index) => ({
    stage: 'vector',
    name: `page-${index}`,
    cypher: 'RETURN 1',
    params_hash: 'h',
    rows: 1,
    truncated: false,
    duration_ms: 0.001,
    server_ms: 0.0005,
    started_ms: index * 0.001,
  }));

describe('lists kept under one key in the renderer', () => {
  afterEach(restoreArrayIterator);

  it('lays out a stage of many reads with work linear in them', () => {
    const small = reads(500);
    const large = reads(2000);
    let spans = 0;
    const once = arraySteps(() => void layoutSpans([STAGE], small, 10));
    const four = arraySteps(() => {
      spans = layoutSpans([STAGE], large, 10).spans.length;
    });
    expect(spans).toBeGreaterThan(2000);
    // Linear work grows 4×; a list copied on every add grows toward 16×.
    expect(four / once).toBeLessThan(5);
  });

  it('groups an expansion of many nodes of one layer with work linear in them', () => {
    const placed = new Map<string, PlacedNode>([['doc', { x: 0, y: 0, layer: 'document' }]]);
    const added = (count: number) => Array.from({ length: count }, (_, index) => ({ id: `c-${index}`, layer: 'chunk' as const }));
    const place = (count: number) =>
      placeExpansion({ placed, origin: 'doc', added: added(count), direction: 'LR', nodeWidth: NODE_WIDTH, nodeHeight: NODE_HEIGHT });
    let positions = 0;
    const once = arraySteps(() => void place(500));
    const four = arraySteps(() => {
      positions = place(2000).size;
    });
    expect(positions).toBe(2000);
    expect(four / once).toBeLessThan(5);
  });
});
