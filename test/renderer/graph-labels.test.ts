import cytoscape, { type Core, type StylesheetJson } from 'cytoscape';
import { describe, expect, it } from 'vitest';
import { legibleZoom, showLabels, showLabelsWhenLegible, UNLABELLED } from '../../renderer/screens/provenance-graph/graph-labels';
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
  it('is the least zoom at which a label of the graph stylesheet is drawn: node text, 5 px of 11', () => {
    expect(legibleZoom(buildGraphStylesheet(PALETTE))).toBeCloseTo(5 / 11, 9);
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
