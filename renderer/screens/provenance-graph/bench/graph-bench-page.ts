// The page `npm run bench:graph` opens in headless Chromium: it draws a provenance view with the
// screen's own build function and times it (build + layout until `layoutstop`, then the first frame).
import type { ProvenanceGraph } from '../../../../shared/api/provenance-graph';
import '../../../styles/app.css';
import '../provenance-graph.css';
import { buildProvenanceCytoscape } from '../build-provenance-cytoscape';
import type { GraphLayoutMode } from '../graph-layout-mode';
import type { BenchSample, GraphBenchFunction } from './bench-sample';

const nextFrame = () => new Promise<number>((resolve) => requestAnimationFrame(resolve));

async function drawOnce(graph: ProvenanceGraph, layout: GraphLayoutMode): Promise<BenchSample> {
  const stage = document.getElementById('stage');
  if (!stage) throw new Error('the bench page has no #stage');
  const container = document.createElement('div');
  container.className = 'graph-canvas';
  stage.replaceChildren(container);
  await nextFrame();

  const start = performance.now();
  const drawn = buildProvenanceCytoscape(graph, container, { layout, direction: 'LR', texts: { notVisible: 'not visible' } });
  await drawn.layoutDone;
  const laidOut = performance.now();
  await new Promise<void>((resolve) => drawn.cy.one('render', () => resolve()));
  // The frame after the one that rendered starts once that one has been presented.
  await nextFrame();
  const framed = performance.now();
  // The frame timed must show the view laid out, not every node still on one spot.
  const spots = new Set(drawn.cy.nodes().map((node) => `${Math.round(node.position('x'))},${Math.round(node.position('y'))}`));
  if (drawn.cy.nodes().length > 1 && spots.size < 2) throw new Error('the timed frame shows the nodes before the layout placed them');
  const sample = {
    layout_ms: laidOut - start,
    first_frame_ms: framed - start,
    nodes: drawn.cy.nodes().length,
    edges: drawn.cy.edges().length,
  };
  drawn.cy.destroy();
  return sample;
}

declare global {
  interface Window {
    /** Called by the bench through Playwright. */
    graphBench?: GraphBenchFunction;
  }
}

window.graphBench = drawOnce;
