import { describe, expect, it } from 'vitest';
import type { GraphLayer } from '../../shared/api/provenance-graph';
import {
  MAX_ASPECT,
  MAX_BLOCK_LENGTH,
  placeExpansion,
  type PlacedNode,
  type Point,
} from '../../renderer/screens/provenance-graph/graph-expansion-placement';
import { overlappingPairs } from './graph-overlap';
import type { GraphDirection } from '../../renderer/screens/provenance-graph/graph-layout-mode';
import { NODE_HEIGHT, NODE_WIDTH } from '../../renderer/screens/provenance-graph/graph-style';

const WIDTH = NODE_WIDTH;
const HEIGHT = NODE_HEIGHT;

/** A small layered view, left to right: claim, evidence, chunk, document columns 248 apart, one row. */
function smallView(): Map<string, PlacedNode> {
  return new Map<string, PlacedNode>([
    ['claim', { x: 0, y: 0, layer: 'claim' }],
    ['evidence', { x: 248, y: 0, layer: 'evidence' }],
    ['chunk', { x: 496, y: 0, layer: 'chunk' }],
    ['doc', { x: 744, y: 0, layer: 'document' }],
  ]);
}

function expand(
  placed: Map<string, PlacedNode>,
  origin: string,
  added: { id: string; layer: GraphLayer }[],
  direction: GraphDirection = 'LR',
): Map<string, Point> {
  const positions = placeExpansion({ placed, origin, added, direction, nodeWidth: WIDTH, nodeHeight: HEIGHT });
  for (const { id, layer } of added) {
    const point = positions.get(id);
    if (point) placed.set(id, { ...point, layer });
  }
  return positions;
}

const newNodes = (prefix: string, count: number, layer: GraphLayer) =>
  Array.from({ length: count }, (_, index) => ({ id: `${prefix}${index}`, layer }));

const overlapping = (placed: ReadonlyMap<string, Point>) => overlappingPairs([...placed.values()]);

function aspect(placed: ReadonlyMap<string, Point>): number {
  const xs = [...placed.values()].map((point) => point.x);
  const ys = [...placed.values()].map((point) => point.y);
  const width = Math.max(...xs) - Math.min(...xs) + WIDTH;
  const height = Math.max(...ys) - Math.min(...ys) + HEIGHT;
  return Math.max(width / height, height / width);
}

describe('placeExpansion', () => {
  it('puts a new chunk in the chunk column, right beside the document it grew from’s chunk, without overlap', () => {
    const placed = smallView();
    const positions = expand(placed, 'doc', [{ id: 'chunk2', layer: 'chunk' }]);
    const point = positions.get('chunk2');
    expect(point?.x).toBe(496);
    expect(Math.abs((point?.y ?? 0) - 0)).toBeLessThanOrEqual(HEIGHT + 16);
    expect(overlapping(placed)).toBe(0);
  });

  it('returns positions for the new nodes only, so every drawn node stays where it was', () => {
    const placed = smallView();
    const before = new Map(placed);
    const positions = expand(placed, 'chunk', newNodes('c', 6, 'chunk'));
    expect([...positions.keys()].sort()).toEqual(
      newNodes('c', 6, 'chunk')
        .map((node) => node.id)
        .sort(),
    );
    for (const [id, node] of before) expect(placed.get(id)).toEqual(node);
  });

  it('wraps many new nodes of one layer into a block at most MAX_BLOCK_LENGTH long', () => {
    const placed = smallView();
    const positions = expand(placed, 'doc', newNodes('c', 25, 'chunk'));
    const rows = new Set([...positions.values()].map((point) => Math.round(point.y)));
    const columns = new Set([...positions.values()].map((point) => Math.round(point.x)));
    expect(rows.size).toBe(MAX_BLOCK_LENGTH);
    expect(columns.size).toBe(5);
    expect(overlapping(placed)).toBe(0);
  });

  it('places a layer not yet drawn one column beyond the origin, on its side of the layer order', () => {
    const placed = smallView();
    const positions = expand(placed, 'claim', [{ id: 'entity', layer: 'entity' }]);
    expect(positions.get('entity')?.x).toBeLessThan(0);
  });

  it('keeps the view within the aspect bound after six expansions of one document, 12 new chunks each, no two nodes overlapping', () => {
    const placed = smallView();
    for (let round = 0; round < 6; round += 1) {
      expand(placed, 'doc', newNodes(`r${round}-`, 12, 'chunk'));
    }
    expect(placed.size).toBe(4 + 72);
    expect(overlapping(placed)).toBe(0);
    expect(aspect(placed)).toBeLessThanOrEqual(MAX_ASPECT);
  });

  it('lays blocks top to bottom too: a new chunk joins the chunk row of a TB view, beside the drawn one', () => {
    const placed = new Map<string, PlacedNode>([
      ['chunk', { x: 0, y: 0, layer: 'chunk' }],
      ['doc', { x: 0, y: 164, layer: 'document' }],
    ]);
    const point = expand(placed, 'doc', [{ id: 'c', layer: 'chunk' }], 'TB').get('c');
    expect(point?.y).toBe(0);
    expect(Math.abs(point?.x ?? 0)).toBe(WIDTH + 16);
    expect(overlapping(placed)).toBe(0);
  });

  it('moves a block off its layer’s row rather than stretch a small view past the aspect bound', () => {
    const placed = new Map<string, PlacedNode>([
      ['chunk', { x: 0, y: 0, layer: 'chunk' }],
      ['doc', { x: 0, y: 164, layer: 'document' }],
    ]);
    expand(placed, 'doc', newNodes('c', 5, 'chunk'), 'TB');
    expect(overlapping(placed)).toBe(0);
    expect(aspect(placed)).toBeLessThanOrEqual(MAX_ASPECT);
  });

  it('places nothing when the origin is not drawn', () => {
    expect(expand(smallView(), 'gone', newNodes('c', 2, 'chunk')).size).toBe(0);
  });
});
