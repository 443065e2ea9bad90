import { NODE_HEIGHT, NODE_WIDTH } from '../../renderer/screens/provenance-graph/graph-style';

/** How many pairs of nodes overlap, each node taken as a box of the drawn node size around its centre. */
export function overlappingPairs(positions: readonly { x: number; y: number }[]): number {
  let pairs = 0;
  for (let i = 0; i < positions.length; i += 1)
    for (let j = i + 1; j < positions.length; j += 1) {
      const a = positions[i];
      const b = positions[j];
      if (a && b && Math.abs(a.x - b.x) < NODE_WIDTH && Math.abs(a.y - b.y) < NODE_HEIGHT) pairs += 1;
    }
  return pairs;
}
