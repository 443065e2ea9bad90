import { describe, expect, it } from 'vitest';
import type { GraphEdge, GraphNode, ProvenanceGraph } from '../../shared/api/provenance-graph';
import { nodeDisplayText, toElementDefinitions } from '../../renderer/screens/provenance-graph/graph-elements';
import { graphNode } from '../support/graph-node-factory';

const texts = { notVisible: 'not visible' };
const node = graphNode;
const edge = (id: string, source: string, target: string): GraphEdge => ({ id, source, target, type: 'PART_OF' });
const graph = (nodes: GraphNode[], edges: GraphEdge[]): ProvenanceGraph => ({
  nodes,
  edges,
  not_drawn: { nodes: 0, edges: 0 },
  principal_id: 'u-guest',
});

describe('nodeDisplayText', () => {
  it('shows the label and the caption of a visible node', () => {
    expect(nodeDisplayText(node('d1'), texts)).toBe('Document\nCaption of d1');
  });

  it('shows only the label and "not visible" for a node the principal may not see, whatever its caption', () => {
    expect(nodeDisplayText(node('d1', { visible_to_principal: false, caption: '연봉 조정 2026' }), texts)).toBe('Document\nnot visible');
  });

  it('draws a bidi override or an invisible space in a caption as a visible token, so the caption reads as it is', () => {
    expect(nodeDisplayText(node('d1', { caption: 'bill \u202Efdp.exe' }), texts)).toBe('Document\nbill ⟨U+202E⟩fdp.exe');
    expect(nodeDisplayText(node('d1', { caption: '', key: 'u-guest\u200B' }), texts)).toBe('Document\nu-guest⟨U+200B⟩');
  });

  it('falls back to the key when there is no caption, and to the label alone when there is neither', () => {
    expect(nodeDisplayText(node('d1', { caption: '' }), texts)).toBe('Document\nd1');
    expect(nodeDisplayText(node('d1', { caption: '', key: '' }), texts)).toBe('Document');
  });

  it('shortens a long caption to about two lines, ending in an ellipsis, counting wide characters twice', () => {
    const latin = nodeDisplayText(node('d1', { caption: 'word '.repeat(30) }), texts).split('\n')[1] as string;
    expect(latin.endsWith('…')).toBe(true);
    expect(latin.length).toBeLessThanOrEqual(42);
    const hangul = nodeDisplayText(node('d1', { caption: '가'.repeat(40) }), texts).split('\n')[1] as string;
    expect(hangul).toBe(`${'가'.repeat(20)}…`);
  });

  it('lets a long id wrap after its separators', () => {
    expect(nodeDisplayText(node('d1', { caption: 'incident-2025-0907-event-bus#2' }), texts)).toBe(
      'Document\nincident-\u200b2025-\u200b0907-\u200bevent-\u200bbus#\u200b2',
    );
  });
});

describe('toElementDefinitions', () => {
  it('draws every node once and every edge whose ends are drawn', () => {
    const { elements, skipped } = toElementDefinitions(graph([node('a'), node('b')], [edge('e1', 'a', 'b')]), texts);
    expect(elements.map((element) => [element.group, element.data.id])).toEqual([
      ['nodes', 'a'],
      ['nodes', 'b'],
      ['edges', 'e1'],
    ]);
    expect(skipped).toEqual({ nodes: 0, edges: 0 });
  });

  it('counts a repeated node, a dangling edge, a repeated edge and an edge reusing a node id, instead of drawing them', () => {
    const { elements, skipped } = toElementDefinitions(
      graph([node('a'), node('a'), node('b')], [edge('e1', 'a', 'b'), edge('e1', 'a', 'b'), edge('e2', 'a', 'gone'), edge('b', 'a', 'b')]),
      texts,
    );
    expect(elements.map((element) => element.data.id)).toEqual(['a', 'b', 'e1']);
    expect(skipped).toEqual({ nodes: 1, edges: 3 });
  });

  it('marks hidden nodes and the edges touching them, and path edges only between two path nodes', () => {
    const { elements } = toElementDefinitions(
      graph([node('a'), node('b', { visible_to_principal: false, on_item_path: false })], [edge('e1', 'a', 'b')]),
      texts,
    );
    const classes = new Map(elements.map((element) => [element.data.id, element.classes as string[]]));
    expect(classes.get('b')).toEqual(expect.arrayContaining(['hidden-node', 'reached-node']));
    expect(classes.get('a')).toEqual(expect.arrayContaining(['visible-node', 'path-node']));
    expect(classes.get('e1')).toEqual(['reached-edge', 'same-layer-edge', 'hidden-edge']);
  });

  it('never puts the caption of a hidden node in the drawn data', () => {
    const { elements } = toElementDefinitions(
      graph([node('h', { visible_to_principal: false, caption: 'secret salary table' })], []),
      texts,
    );
    expect(JSON.stringify(elements)).not.toContain('secret');
  });
});
