import cytoscape, { type Core, type StylesheetJson } from 'cytoscape';
import { describe, expect, it } from 'vitest';
import {
  isLabelDrawn,
  LABEL_FLOOR_PX,
  legibleZoom,
  readDrawnLabels,
  showLabels,
  showLabelsWhenLegible,
  UNLABELLED,
} from '../../renderer/screens/provenance-graph/graph-labels';
import { buildGraphStylesheet } from '../../renderer/screens/provenance-graph/graph-style';
import { PALETTE } from './graph-test-palette';

/** Two nodes and an edge, all drawn without labels, at zoom 0.1. */
function unlabelledView(): Core {
  const cy = cytoscape({
    headless: true,
    styleEnabled: true,
    elements: [
      { group: 'nodes', data: { id: 'a', display: 'A' }, classes: [UNLABELLED] },
      { group: 'nodes', data: { id: 'b', display: 'B' }, classes: [UNLABELLED] },
      { group: 'edges', data: { id: 'ab', source: 'a', target: 'b', type: 'PART_OF' }, classes: [UNLABELLED] },
    ],
    style: buildGraphStylesheet(PALETTE),
  });
  cy.zoom(0.1);
  return cy;
}

const unlabelledCount = (cy: Core) => cy.elements(`.${UNLABELLED}`).length;

describe('legibleZoom', () => {
  it('is the least zoom at which a label of the graph stylesheet is drawn: node text, 11 px of 11 (the floor)', () => {
    expect(legibleZoom(buildGraphStylesheet(PALETTE))).toBeCloseTo(LABEL_FLOOR_PX / 11, 9);
  });

  it('is 0 (labels at every zoom) when a rule sets a font size without a least drawn size', () => {
    const style: StylesheetJson = [
      { selector: 'node', style: { 'font-size': 11, 'min-zoomed-font-size': 5 } },
      { selector: 'edge', style: { 'font-size': 8 } },
    ];
    expect(legibleZoom(style)).toBe(0);
  });
});

describe('the unlabelled rule', () => {
  it('leaves the label out of an unlabelled element and draws it once the class is gone', () => {
    const cy = unlabelledView();
    const node = cy.getElementById('a');
    expect(node.style('label')).toBe('');
    showLabels(cy);
    expect(node.style('label')).toBe('A');
    expect(cy.getElementById('ab').style('label')).toBe('PART_OF');
  });
});

describe('showLabelsWhenLegible', () => {
  it('keeps the labels out while the view is zoomed out below the legible zoom', () => {
    const cy = unlabelledView();
    showLabelsWhenLegible(cy, 0.45);
    cy.zoom(0.3);
    expect(unlabelledCount(cy)).toBe(3);
  });

  it('puts every label on when the view is zoomed in to the legible zoom', () => {
    const cy = unlabelledView();
    showLabelsWhenLegible(cy, 0.45);
    cy.zoom(0.5);
    expect(unlabelledCount(cy)).toBe(0);
  });

  it('puts the labels on at once when the view is already legible', () => {
    const cy = unlabelledView();
    cy.zoom(1);
    showLabelsWhenLegible(cy, 0.45);
    expect(unlabelledCount(cy)).toBe(0);
  });
});

describe('the label floor', () => {
  it('is the least drawn size of every label rule of the graph stylesheet', () => {
    const styles = buildGraphStylesheet(PALETTE)
      .map((rule) => ('style' in rule ? (rule.style as Record<string, unknown>) : {}))
      .filter((style) => 'font-size' in style);
    expect(styles.length).toBeGreaterThan(2);
    for (const style of styles) expect(style['min-zoomed-font-size']).toBe(LABEL_FLOOR_PX);
  });

  /** A node (11 px text) and an edge (8 px text) with their labels on. */
  function labelledView(zoom: number): Core {
    const cy = unlabelledView();
    showLabels(cy);
    cy.zoom(zoom);
    return cy;
  }

  it('draws no label at a zoom where node text would be under the floor', () => {
    const cy = labelledView(0.6);
    expect(readDrawnLabels(cy)).toEqual({ drawn: 0, leastPx: null });
    expect(isLabelDrawn(cy.getElementById('a'), 0.6)).toBe(false);
  });

  it('draws node labels at 100 % zoom (11 px) but not the 8 px edge label', () => {
    const cy = labelledView(1);
    expect(readDrawnLabels(cy)).toEqual({ drawn: 2, leastPx: 11 });
    expect(isLabelDrawn(cy.getElementById('ab'), 1)).toBe(false);
  });

  it('draws every label once the edge text reaches the floor, none of them smaller than it', () => {
    const cy = labelledView(1.5);
    const readout = readDrawnLabels(cy);
    expect(readout.drawn).toBe(3);
    expect(readout.leastPx).toBeGreaterThanOrEqual(LABEL_FLOOR_PX);
  });

  it('counts no label of an element left unlabelled, whatever the zoom', () => {
    const cy = unlabelledView();
    cy.zoom(2);
    expect(readDrawnLabels(cy).drawn).toBe(0);
  });
});
