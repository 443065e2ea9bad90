import { describe, expect, it } from 'vitest';
import type { GraphEdge, GraphNode, ProvenanceGraph } from '../../shared/api/provenance-graph';
import type { AdrCanvasTexts } from '../../renderer/screens/provenance-graph/adr-freshness-elements';
import { nodeDisplayText, toElementDefinitions } from '../../renderer/screens/provenance-graph/graph-elements';

const adr: AdrCanvasTexts = {
  freshness: { current: 'current', stale: 'stale', unknown: 'unknown' },
  decision: (decision) => `decision:${decision}`,
  partial: 'partial',
  drift: 'drift',
};
const texts = { notVisible: 'not visible', adr };
const node = (id: string, extra: Partial<GraphNode> = {}): GraphNode => ({
  id,
  label: 'ADR',
  key: id,
  caption: `Caption of ${id}`,
  layer: 'document',
  visible_to_principal: true,
  on_item_path: false,
  properties: {},
  ...extra,
});
const graph = (nodes: GraphNode[], edges: GraphEdge[]): ProvenanceGraph => ({
  nodes,
  edges,
  not_drawn: { nodes: 0, edges: 0 },
  principal_id: 'u-minjun',
});
const stale = { state: 'stale' as const, reason: 'superseded by adr-010', code: 'superseded_by' as const, decision: 'superseded' as const };

describe('ADR freshness on the provenance canvas', () => {
  it('names the freshness on the node and classes it for its outline; a rejected or deprecated decision is named too', () => {
    expect(nodeDisplayText(node('a', { freshness: stale }), texts)).toBe('ADR · stale\nCaption of a');
    const deprecated = node('b', { freshness: { state: 'current', reason: 'deprecated', decision: 'deprecated' } });
    expect(nodeDisplayText(deprecated, texts)).toBe('ADR · current · decision:deprecated\nCaption of b');
    const { elements } = toElementDefinitions(graph([node('a', { freshness: stale }), deprecated], []), texts);
    expect(elements[0]?.classes).toEqual(expect.arrayContaining(['adr-stale', 'decision-superseded']));
    expect(elements[1]?.classes).toEqual(expect.arrayContaining(['adr-current', 'decision-deprecated']));
  });

  it('leaves a node without freshness (a hidden ADR, any other node) as it was', () => {
    expect(nodeDisplayText(node('c'), texts)).toBe('ADR\nCaption of c');
    const hidden = node('h', { visible_to_principal: false });
    expect(nodeDisplayText(hidden, texts)).toBe('ADR\nnot visible');
    const { elements } = toElementDefinitions(graph([node('c'), hidden], []), texts);
    for (const element of elements) expect(String(element.classes)).not.toMatch(/adr-|decision-/);
  });

  it('classes and captions a supersession edge by its flags, and leaves other edges without a caption', () => {
    const edges: GraphEdge[] = [
      { id: 'e1', source: 'a', target: 'b', type: 'SUPERSEDED_BY', partial: false, drift: false },
      { id: 'e2', source: 'b', target: 'c', type: 'SUPERSEDED_BY', partial: true, drift: true },
      { id: 'e3', source: 'a', target: 'c', type: 'PART_OF' },
    ];
    const { elements } = toElementDefinitions(graph([node('a'), node('b'), node('c')], edges), texts);
    const byId = new Map(elements.map((element) => [element.data.id, element]));
    expect(byId.get('e1')).toMatchObject({ data: { caption: 'SUPERSEDED_BY' } });
    expect(byId.get('e1')?.classes).toContain('supersession-edge');
    expect(byId.get('e2')).toMatchObject({ data: { caption: 'SUPERSEDED_BY · partial · drift' } });
    expect(byId.get('e2')?.classes).toEqual(expect.arrayContaining(['supersession-edge', 'supersession-partial', 'supersession-drift']));
    expect(byId.get('e3')?.data).not.toHaveProperty('caption');
    expect(byId.get('e3')?.classes).not.toContain('supersession-edge');
  });
});
