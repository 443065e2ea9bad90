// cytoscape-fcose ships no types; this declares the part the graph screen uses.
declare module 'cytoscape-fcose' {
  import type cytoscape from 'cytoscape';

  /** The fCoSE layout's options (https://github.com/iVis-at-Bilkent/cytoscape.js-fcose#api). */
  export interface FcoseLayoutOptions extends cytoscape.BaseLayoutOptions {
    name: 'fcose';
    quality?: 'draft' | 'default' | 'proof';
    randomize?: boolean;
    animate?: boolean;
    fit?: boolean;
    padding?: number;
    nodeDimensionsIncludeLabels?: boolean;
    uniformNodeDimensions?: boolean;
    packComponents?: boolean;
    nodeSeparation?: number;
    nodeRepulsion?: number | ((node: cytoscape.NodeSingular) => number);
    idealEdgeLength?: number | ((edge: cytoscape.EdgeSingular) => number);
    edgeElasticity?: number | ((edge: cytoscape.EdgeSingular) => number);
    gravity?: number;
    gravityRange?: number;
    numIter?: number;
    tile?: boolean;
    tilingPaddingVertical?: number;
    tilingPaddingHorizontal?: number;
  }

  const fcose: cytoscape.Ext;
  export default fcose;
}
