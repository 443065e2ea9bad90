import type { GraphLayer } from '../../../shared/api/provenance-graph';
import { appendTo } from '../../../shared/map-list';
import { layerIndex } from './graph-layers';
import type { GraphDirection } from './graph-layout-mode';

/** A point in model units: a node's centre. */
export interface Point {
  readonly x: number;
  readonly y: number;
}

/** A node already placed: where it is and which layer it belongs to. */
export interface PlacedNode extends Point {
  readonly layer: GraphLayer;
}

/** What an expansion placement needs: the drawn view (which does not move), the origin and the new nodes. */
export interface ExpansionPlacement {
  readonly placed: ReadonlyMap<string, PlacedNode>;
  readonly origin: string;
  readonly added: readonly { readonly id: string; readonly layer: GraphLayer }[];
  readonly direction: GraphDirection;
  readonly nodeWidth: number;
  readonly nodeHeight: number;
}

/**
 * Wrapping: one expansion's new nodes of one layer form a block of at most this many nodes along the
 * layer's column (LR: a column of rows; TB: a row), further ones in the block's next column beside it,
 * so 25 new chunks make a 5 × 5 block instead of a column 25 nodes long.
 */
export const MAX_BLOCK_LENGTH = 5;
/** The bounding box of the view may not grow past this ratio of its long side to its short side (or past what it was). */
export const MAX_ASPECT = 2.5;
/** Space kept between two nodes placed by an expansion. */
const GAP = 16;
/** Leaving the layer's column costs this many times a move along it: new nodes stay in their layer while there is room. */
const ACROSS_LAYERS_COST = 6;
/** How many cells away from the origin a block may be put, in each direction. */
const REACH = 40;

interface Box {
  readonly left: number;
  readonly right: number;
  readonly top: number;
  readonly bottom: number;
}

const overlaps = (a: Box, b: Box) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;

const aspectOf = (box: Box) => {
  const width = Math.max(1, box.right - box.left);
  const height = Math.max(1, box.bottom - box.top);
  return Math.max(width / height, height / width);
};

const union = (a: Box, b: Box): Box => ({
  left: Math.min(a.left, b.left),
  right: Math.max(a.right, b.right),
  top: Math.min(a.top, b.top),
  bottom: Math.max(a.bottom, b.bottom),
});

/**
 * Positions for the nodes an expansion adds, beside the node they grew from, without moving any node
 * already drawn: each layer's new nodes go, as one block (see MAX_BLOCK_LENGTH), to the free spot
 * nearest the origin in that layer's column (one column over, in layer order, for a layer not yet
 * drawn); a spot that would stretch the view past MAX_ASPECT is taken only when no other spot is free.
 */
export function placeExpansion(input: ExpansionPlacement): Map<string, Point> {
  const origin = input.placed.get(input.origin);
  const result = new Map<string, Point>();
  if (!origin) return result;
  const horizontal = input.direction === 'LR';
  const cell = { x: input.nodeWidth + GAP, y: input.nodeHeight + GAP };
  const half = { x: input.nodeWidth / 2, y: input.nodeHeight / 2 };
  const boxes: Box[] = [...input.placed.values()].map((node) => boxAround(node, half));
  let extent = boxes.reduce(union, boxAround(origin, half));

  for (const [layer, ids] of groupByLayer(input.added, input.placed)) {
    const column = columnOf(layer, origin, input.placed, horizontal, cell);
    const along = Math.min(ids.length, MAX_BLOCK_LENGTH);
    const across = Math.ceil(ids.length / along);
    const size = horizontal ? { x: across * cell.x - GAP, y: along * cell.y - GAP } : { x: along * cell.x - GAP, y: across * cell.y - GAP };
    const start = horizontal ? { x: column, y: origin.y } : { x: origin.x, y: column };
    const centre = bestSpot(start, size, cell, boxes, extent, horizontal);
    ids.forEach((id, index) => {
      const step = index % along;
      const lane = Math.floor(index / along);
      const x = centre.x - size.x / 2 + half.x + (horizontal ? lane : step) * cell.x;
      const y = centre.y - size.y / 2 + half.y + (horizontal ? step : lane) * cell.y;
      result.set(id, { x, y });
      const box = boxAround({ x, y }, half);
      boxes.push(box);
      extent = union(extent, box);
    });
  }
  return result;
}

function boxAround(point: Point, half: Point): Box {
  return { left: point.x - half.x, right: point.x + half.x, top: point.y - half.y, bottom: point.y + half.y };
}

/** The new nodes by layer (ids not yet placed, each once), in the order they came. */
function groupByLayer(added: ExpansionPlacement['added'], placed: ReadonlyMap<string, PlacedNode>): Map<GraphLayer, string[]> {
  const groups = new Map<GraphLayer, string[]>();
  const seen = new Set<string>();
  for (const { id, layer } of added) {
    if (placed.has(id) || seen.has(id)) continue;
    seen.add(id);
    appendTo(groups, layer, id);
  }
  return groups;
}

/**
 * Where along the layer axis a layer's nodes sit: the origin's own column for its layer, the column of
 * the drawn node of that layer nearest the origin, or one column beyond the origin, on the side the
 * layer comes in the layer order.
 */
function columnOf(
  layer: GraphLayer,
  origin: PlacedNode,
  placed: ReadonlyMap<string, PlacedNode>,
  horizontal: boolean,
  cell: Point,
): number {
  const axis = (point: Point) => (horizontal ? point.x : point.y);
  const cross = (point: Point) => (horizontal ? point.y : point.x);
  if (layer === origin.layer) return axis(origin);
  let nearest: PlacedNode | null = null;
  for (const node of placed.values()) {
    if (node.layer !== layer) continue;
    if (!nearest || Math.abs(cross(node) - cross(origin)) < Math.abs(cross(nearest) - cross(origin))) nearest = node;
  }
  if (nearest) return axis(nearest);
  const side = layerIndex(layer) < layerIndex(origin.layer) ? -1 : 1;
  return axis(origin) + side * (horizontal ? cell.x : cell.y) * 1.5;
}

/** The centre of the free spot for a block of `size` nearest `start` (moves across layers cost more), within the aspect bound if any is. */
function bestSpot(start: Point, size: Point, cell: Point, boxes: readonly Box[], extent: Box, horizontal: boolean): Point {
  const bound = Math.max(MAX_ASPECT, aspectOf(extent));
  let best: { point: Point; cost: number } | null = null;
  for (let i = -REACH; i <= REACH; i += 1)
    for (let j = -REACH; j <= REACH; j += 1) {
      const point = { x: start.x + i * cell.x, y: start.y + j * cell.y };
      const alongAxis = Math.abs(horizontal ? point.x - start.x : point.y - start.y);
      const acrossAxis = Math.abs(horizontal ? point.y - start.y : point.x - start.x);
      const distance = alongAxis * ACROSS_LAYERS_COST + acrossAxis;
      if (best && distance >= best.cost) continue;
      const box = boxAround(point, { x: size.x / 2, y: size.y / 2 });
      if (boxes.some((other) => overlaps(box, other))) continue;
      const stretch = Math.max(0, aspectOf(union(extent, box)) - bound);
      // A spot within the bound always beats one past it; past it, the least stretch wins.
      const cost = distance + stretch * 1e9;
      if (!best || cost < best.cost) best = { point, cost };
    }
  return best?.point ?? { x: start.x, y: extent.bottom + size.y / 2 + GAP };
}
