import cytoscape, { type Core, type ElementDefinition } from 'cytoscape';
import dagre from 'cytoscape-dagre';
import fcose from 'cytoscape-fcose';
import { beforeAll, describe, expect, it } from 'vitest';
import type { GraphLayer } from '../../shared/api/provenance-graph';
import { READABLE_OPEN_MAX_NODES, readableViewport, runGraphLayout } from '../../renderer/screens/provenance-graph/graph-layout';
import { NODE_HEIGHT, NODE_WIDTH } from '../../renderer/screens/provenance-graph/graph-style';

// Headless cytoscape runs the real layouts under Node; node sizes come from the same style the screen uses.
beforeAll(() => {
  cytoscape.use(dagre);
  cytoscape.use(fcose);
});

type Spec = [id: string, layer: GraphLayer];

function view(nodes: Spec[], edges: [string, string][]): Core {
  const elements: ElementDefinition[] = [
    ...nodes.map(([id, layer]) => ({ group: 'nodes' as const, data: { id, layer } })),
    ...edges.map(([source, target]) => ({ group: 'edges' as const, data: { id: `${source}->${target}`, source, target } })),
  ];
  return cytoscape({
    headless: true,
    styleEnabled: true,
    elements,
    style: [{ selector: 'node', style: { width: NODE_WIDTH, height: NODE_HEIGHT } }],
  });
}

const at = (cy: Core, id: string) => cy.getElementById(id).position();

/** Two claims, each with evidence in a chunk of one document, and a service the first claim is about. */
const CHAIN: Spec[] = [
  ['svc', 'entity'],
  ['cl1', 'claim'],
  ['cl2', 'claim'],
  ['ev1', 'evidence'],
  ['ev2', 'evidence'],
  ['ch1', 'chunk'],
  ['ch2', 'chunk'],
  ['doc', 'document'],
];
const CHAIN_EDGES: [string, string][] = [
  ['cl1', 'svc'],
  ['cl1', 'ev1'],
  ['cl2', 'ev2'],
  ['ev1', 'ch1'],
  ['ev2', 'ch2'],
  ['ch1', 'doc'],
  ['ch2', 'doc'],
];

/** Three claims with evidence in one document, for entities to be linked to. */
const CLAIMS: Spec[] = [
  ['cl1', 'claim'],
  ['cl2', 'claim'],
  ['cl3', 'claim'],
  ['ev1', 'evidence'],
  ['ev2', 'evidence'],
  ['ev3', 'evidence'],
  ['doc', 'document'],
];
const CLAIM_EDGES: [string, string][] = [
  ['cl1', 'ev1'],
  ['cl2', 'ev2'],
  ['cl3', 'ev3'],
  ['ev1', 'doc'],
  ['ev2', 'doc'],
  ['ev3', 'doc'],
];

describe('runGraphLayout: the layered view', () => {
  it('puts each layer in its own column, left to right: entity, claim, evidence, chunk, document', async () => {
    const cy = view(CHAIN, CHAIN_EDGES);
    await runGraphLayout(cy, 'layered', 'LR');
    const column = (id: string) => at(cy, id).x;
    expect(column('svc')).toBeLessThan(column('cl1'));
    expect(column('cl1')).toBeLessThan(column('ev1'));
    expect(column('ev1')).toBeLessThan(column('ch1'));
    expect(column('ch1')).toBeLessThan(column('doc'));
    // Every node of a layer shares its column.
    expect(column('cl1')).toBe(column('cl2'));
    expect(column('ch1')).toBe(column('ch2'));
  });

  it('runs the layers top to bottom when asked', async () => {
    const cy = view(CHAIN, CHAIN_EDGES);
    await runGraphLayout(cy, 'layered', 'TB');
    expect(at(cy, 'cl1').y).toBeLessThan(at(cy, 'ev1').y);
    expect(at(cy, 'ev1').y).toBeLessThan(at(cy, 'ch1').y);
    expect(at(cy, 'ch1').y).toBeLessThan(at(cy, 'doc').y);
    expect(at(cy, 'ch1').y).toBe(at(cy, 'ch2').y);
  });

  it('gives empty layers no room: columns are evenly spaced over the layers present', async () => {
    const cy = view(
      [
        ['cl', 'claim'],
        ['doc', 'document'],
        ['ch', 'chunk'],
      ],
      [
        ['cl', 'ch'],
        ['ch', 'doc'],
      ],
    );
    await runGraphLayout(cy, 'layered', 'LR');
    const gap1 = at(cy, 'ch').x - at(cy, 'cl').x;
    const gap2 = at(cy, 'doc').x - at(cy, 'ch').x;
    expect(gap1).toBeGreaterThan(NODE_WIDTH);
    expect(gap2).toBeCloseTo(gap1, 6);
  });

  it('keeps nodes of one column from overlapping', async () => {
    const nodes: Spec[] = [['doc', 'document'], ...Array.from({ length: 6 }, (_, i): Spec => [`ch${i}`, 'chunk'])];
    const cy = view(
      nodes,
      nodes.slice(1).map(([id]): [string, string] => [id, 'doc']),
    );
    await runGraphLayout(cy, 'layered', 'LR');
    const ys = nodes
      .slice(1)
      .map(([id]) => at(cy, id).y)
      .sort((a, b) => a - b);
    for (let i = 1; i < ys.length; i += 1) expect((ys[i] as number) - (ys[i - 1] as number)).toBeGreaterThanOrEqual(NODE_HEIGHT);
  });

  it('places an entity level with the chain node it is linked to', async () => {
    const cy = view(CHAIN, CHAIN_EDGES);
    await runGraphLayout(cy, 'layered', 'LR');
    expect(at(cy, 'svc').y).toBeCloseTo(at(cy, 'cl1').y, 6);
  });

  it('places an entity linked to three claims level with the middle one', async () => {
    const cy = view([...CLAIMS, ['svc', 'entity']], [...CLAIM_EDGES, ['cl2', 'svc'], ['cl3', 'svc'], ['cl1', 'svc']]);
    await runGraphLayout(cy, 'layered', 'LR');
    const claims = ['cl1', 'cl2', 'cl3'].map((id) => at(cy, id).y).sort((a, b) => a - b);
    expect(at(cy, 'svc').y).toBeCloseTo(claims[1] as number, 6);
  });

  it('places an entity linked to two claims halfway between them', async () => {
    const cy = view([...CLAIMS, ['svc', 'entity']], [...CLAIM_EDGES, ['cl1', 'svc'], ['cl3', 'svc']]);
    await runGraphLayout(cy, 'layered', 'LR');
    expect(at(cy, 'svc').y).toBeCloseTo((at(cy, 'cl1').y + at(cy, 'cl3').y) / 2, 6);
  });

  it('pushes apart entities that would sit on one spot, keeping them centred on it', async () => {
    const cy = view([...CLAIMS, ['svc', 'entity'], ['api', 'entity']], [...CLAIM_EDGES, ['cl2', 'svc'], ['cl2', 'api']]);
    await runGraphLayout(cy, 'layered', 'LR');
    expect(Math.abs(at(cy, 'api').y - at(cy, 'svc').y)).toBeGreaterThanOrEqual(NODE_HEIGHT);
    expect((at(cy, 'api').y + at(cy, 'svc').y) / 2).toBeCloseTo(at(cy, 'cl2').y, 6);
  });

  it('places an entity linked only to another entity level with that one', async () => {
    const cy = view([...CLAIMS, ['svc', 'entity'], ['api', 'entity']], [...CLAIM_EDGES, ['cl1', 'svc'], ['svc', 'api']]);
    await runGraphLayout(cy, 'layered', 'LR');
    // The two then share a spot, so they are pushed apart around the claim's level.
    expect(Math.abs(at(cy, 'api').y - at(cy, 'svc').y)).toBeGreaterThanOrEqual(NODE_HEIGHT);
    expect((at(cy, 'api').y + at(cy, 'svc').y) / 2).toBeCloseTo(at(cy, 'cl1').y, 6);
  });

  it('fits the laid-out view into the canvas', async () => {
    const cy = view(CHAIN, CHAIN_EDGES);
    await runGraphLayout(cy, 'layered', 'LR');
    const box = cy.elements().renderedBoundingBox();
    expect(box.x1).toBeGreaterThanOrEqual(0);
    expect(box.y1).toBeGreaterThanOrEqual(0);
    expect(box.x2).toBeLessThanOrEqual(cy.width());
    expect(box.y2).toBeLessThanOrEqual(cy.height());
  });
});

describe('runGraphLayout: the overview', () => {
  it('gives every node a finite position and leaves no two nodes on the same spot', async () => {
    const cy = view(CHAIN, CHAIN_EDGES);
    await runGraphLayout(cy, 'overview', 'LR');
    const spots = cy.nodes().map((node) => node.position());
    for (const { x, y } of spots) expect(Number.isFinite(x) && Number.isFinite(y)).toBe(true);
    expect(new Set(spots.map(({ x, y }) => `${Math.round(x)},${Math.round(y)}`)).size).toBe(spots.length);
  });

  it('resolves at once for an empty view', async () => {
    const cy = view([], []);
    await expect(runGraphLayout(cy, 'layered', 'LR')).resolves.toBeUndefined();
    await expect(runGraphLayout(cy, 'overview', 'LR')).resolves.toBeUndefined();
  });
});

describe('readableViewport: a small view that a fit would leave unlabelled opens where labels are drawn', () => {
  const canvas = { width: 800, height: 600 };
  const whole = { x1: -1000, y1: -1000, x2: 3000, y2: 3000 };
  const base = { canvas, fitZoom: 0.62, legibleZoom: 1, nodeCount: 20, direction: 'LR' as const, whole };

  it('opens at the legible zoom, centred on the focus when the focus fits the canvas', () => {
    const viewport = readableViewport({ ...base, focus: { x1: 400, y1: 100, x2: 900, y2: 300 } });
    expect(viewport?.zoom).toBe(1);
    // The focus's centre (650, 200) is drawn at the canvas's centre (400, 300).
    expect((viewport?.pan.x ?? 0) + 650).toBeCloseTo(400, 9);
    expect((viewport?.pan.y ?? 0) + 200).toBeCloseTo(300, 9);
  });

  it('shows the start of a focus wider than the canvas: its left edge by the padding (left to right), its top (top to bottom)', () => {
    const wide = { x1: -200, y1: 0, x2: 1400, y2: 100 };
    const lr = readableViewport({ ...base, focus: wide });
    expect(-200 * (lr?.zoom ?? 0) + (lr?.pan.x ?? 0)).toBeCloseTo(30, 9);
    const tall = { x1: 0, y1: -100, x2: 100, y2: 1500 };
    const tb = readableViewport({ ...base, direction: 'TB', focus: tall, legibleZoom: 1.5 });
    expect(tb?.zoom).toBe(1.5);
    expect(-100 * 1.5 + (tb?.pan.y ?? 0)).toBeCloseTo(30, 9);
    // Across the layers the focus is centred.
    expect(50 * 1.5 + (tb?.pan.x ?? 0)).toBeCloseTo(400, 9);
  });

  it('moves off an empty side: a focus at the view’s right edge shows the view up to that edge, not blank canvas beyond it', () => {
    // The view spans x 0..1240 (five layers); the items' paths are its last two columns, 740..1240.
    const viewport = readableViewport({
      ...base,
      whole: { x1: 0, y1: 0, x2: 1240, y2: 400 },
      focus: { x1: 740, y1: 100, x2: 1240, y2: 300 },
    });
    const zoom = viewport?.zoom ?? 0;
    // The canvas's right padding edge (800 − 30) meets the view's right edge: nothing blank beyond it.
    expect(1240 * zoom + (viewport?.pan.x ?? 0)).toBeCloseTo(770, 9);
    // Down the layers the whole view (400 high) fits the canvas: it is centred.
    expect(200 * zoom + (viewport?.pan.y ?? 0)).toBeCloseTo(300, 9);
  });

  it('keeps the fit for a large view, a fit that is legible already, or a canvas with no size yet', () => {
    const focus = { x1: 0, y1: 0, x2: 2000, y2: 300 };
    expect(readableViewport({ ...base, focus, nodeCount: READABLE_OPEN_MAX_NODES + 1 })).toBeNull();
    expect(readableViewport({ ...base, focus, fitZoom: 1 })).toBeNull();
    expect(readableViewport({ ...base, focus, canvas: { width: 0, height: 0 } })).toBeNull();
    expect(readableViewport({ ...base, focus, legibleZoom: 0 })).toBeNull();
    expect(readableViewport({ ...base, focus, nodeCount: READABLE_OPEN_MAX_NODES })).not.toBeNull();
  });
});
