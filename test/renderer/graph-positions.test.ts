import cytoscape, { type ElementDefinition } from 'cytoscape';
import dagre from 'cytoscape-dagre';
import fcose from 'cytoscape-fcose';
import { beforeAll, describe, expect, it } from 'vitest';
import { toElementDefinitions } from '../../renderer/screens/provenance-graph/graph-elements';
import { runGraphLayout } from '../../renderer/screens/provenance-graph/graph-layout';
import { layoutPositions, refinedPositions, sizeRules } from '../../renderer/screens/provenance-graph/graph-positions';
import { buildGraphStylesheet } from '../../renderer/screens/provenance-graph/graph-style';
import { syntheticProvenanceGraph } from '../../renderer/screens/provenance-graph/bench/synthetic-provenance-graph';
import { overlappingPairs } from './graph-overlap';
import { PALETTE } from './graph-test-palette';

beforeAll(() => {
  cytoscape.use(dagre);
  cytoscape.use(fcose);
});

const STYLE = buildGraphStylesheet(PALETTE);
/** A view with hidden nodes, nodes off the item's path and ADRs, so nodes of several outline widths. */
const ELEMENTS: ElementDefinition[] = toElementDefinitions(syntheticProvenanceGraph(120), { notVisible: 'not visible' }).elements;

describe('sizeRules', () => {
  it('keeps only the properties that size a node, under their own selectors', () => {
    const rules = sizeRules(STYLE);
    const properties = new Set(rules.flatMap((rule) => ('style' in rule ? Object.keys(rule.style) : [])));
    expect([...properties].sort()).toEqual(['border-width', 'height', 'width']);
    expect(rules.map((rule) => ('selector' in rule ? rule.selector : ''))).toContain('node.path-node');
  });
});

describe('layoutPositions', () => {
  it('places the layered view exactly where the layout on the drawn stylesheet places it', () => {
    const drawn = cytoscape({ headless: true, styleEnabled: true, elements: ELEMENTS, style: STYLE });
    void runGraphLayout(drawn, 'layered', 'LR');
    const positions = layoutPositions(ELEMENTS, STYLE, 'layered', 'LR');
    expect(positions.size).toBe(drawn.nodes().length);
    drawn.nodes().forEach((node) => {
      expect(positions.get(node.id())).toEqual(node.position());
    });
  });

  it('gives every node of the overview a finite position, no two on one spot', () => {
    const positions = [...layoutPositions(ELEMENTS, STYLE, 'overview', 'LR').values()];
    expect(positions.length).toBe(ELEMENTS.filter((element) => element.group === 'nodes').length);
    for (const { x, y } of positions) expect(Number.isFinite(x) && Number.isFinite(y)).toBe(true);
    expect(new Set(positions.map(({ x, y }) => `${Math.round(x)},${Math.round(y)}`)).size).toBe(positions.length);
  });
});

describe('the overview drawn from a draft, then refined', () => {
  const nodeIds = ELEMENTS.filter((element) => element.group === 'nodes').map((element) => String(element.data.id));

  it('drafts a position for every node, spread over more than one spot', () => {
    const draft = layoutPositions(ELEMENTS, STYLE, 'overview', 'LR', 'draft');
    expect([...draft.keys()].sort()).toEqual([...nodeIds].sort());
    for (const { x, y } of draft.values()) expect(Number.isFinite(x) && Number.isFinite(y)).toBe(true);
    expect(new Set([...draft.values()].map(({ x, y }) => `${Math.round(x)},${Math.round(y)}`)).size).toBeGreaterThan(nodeIds.length / 2);
  });

  it('refines the draft into a layout with fewer overlapping nodes, every node kept', () => {
    const draft = layoutPositions(ELEMENTS, STYLE, 'overview', 'LR', 'draft');
    const refined = refinedPositions(ELEMENTS, STYLE, draft, new Set());
    expect([...refined.keys()].sort()).toEqual([...nodeIds].sort());
    expect(overlappingPairs([...refined.values()])).toBeLessThan(overlappingPairs([...draft.values()]));
  });

  it('leaves the nodes the user has moved where the user put them', () => {
    const draft = layoutPositions(ELEMENTS, STYLE, 'overview', 'LR', 'draft');
    const moved = nodeIds.slice(0, 3);
    moved.forEach((id, index) => draft.set(id, { x: 5000 + index * 400, y: -3000 }));
    const refined = refinedPositions(ELEMENTS, STYLE, draft, new Set(moved));
    moved.forEach((id, index) => {
      const position = refined.get(id);
      expect(position?.x).toBeCloseTo(5000 + index * 400, 6);
      expect(position?.y).toBeCloseTo(-3000, 6);
    });
    const others = nodeIds.filter((id) => !moved.includes(id));
    expect(others.some((id) => refined.get(id)?.x !== draft.get(id)?.x)).toBe(true);
  });
});
