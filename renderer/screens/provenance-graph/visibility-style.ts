import type { StylesheetJson } from 'cytoscape';
import type { GraphNode } from '../../../shared/api/provenance-graph';
import { leakedTo, type ReturnedTo, type VisibleTo } from '../../../shared/compare/node-visibility';

/**
 * How a comparison's graph shows who may see each node (`visible_to`): a fill and border colour and, so it
 * reads without colour too, a border style and a shape of its own per class. A leak (a node a run drew
 * on that its principal may not see) gets a heavy red border and a halo, and says so in its text.
 */

/** The classes in legend order, each with its cues (the legend draws the same ones). */
export const VISIBILITY_CUES: Readonly<
  Record<VisibleTo, { colour: string; fill: number; border: 'solid' | 'double' | 'dashed' | 'dotted'; shape: string }>
> = {
  a: { colour: '#2f6fd6', fill: 0.3, border: 'double', shape: 'cut-rectangle' },
  b: { colour: '#c25e00', fill: 0.3, border: 'dashed', shape: 'barrel' },
  both: { colour: '#2e7d32', fill: 0.3, border: 'solid', shape: 'round-rectangle' },
  neither: { colour: '#8a8f9c', fill: 0.08, border: 'dotted', shape: 'rectangle' },
};
export const VISIBILITY_ORDER: readonly VisibleTo[] = ['a', 'b', 'both', 'neither'];
/** Reads on both themes; the halo and the text carry the leak without colour. */
export const LEAK_COLOUR = '#d32f2f';

/** The words a comparison's graph draws on its nodes, in the UI's language. */
export interface VisibilityTexts {
  readonly visibleTo: Readonly<Record<VisibleTo, string>>;
  readonly leakedTo: Readonly<Record<ReturnedTo, string>>;
}

/** The class line of a node of a comparison's graph (the leak first), or null on a node of an ordinary view. */
export function visibilityLine(node: GraphNode, texts: VisibilityTexts | undefined): string | null {
  if (!node.visible_to || !texts) return null;
  const leak = leakedTo(node.visible_to, node.returned_to);
  return leak ? `${texts.leakedTo[leak]} · ${texts.visibleTo[node.visible_to]}` : texts.visibleTo[node.visible_to];
}

/** The cytoscape classes of a node of a comparison's graph; none on a node of an ordinary view. */
export function visibilityClasses(node: GraphNode): string[] {
  if (!node.visible_to) return [];
  const leak = leakedTo(node.visible_to, node.returned_to);
  return [`seen-${node.visible_to}`, ...(leak ? ['leak-node', `leak-${leak}`] : [])];
}

/** The style rules of those classes; they come after the base rules, so they win over the hidden-node outline. */
export function visibilityStyleRules(): StylesheetJson {
  const classRules: StylesheetJson = VISIBILITY_ORDER.map((seen) => {
    const cue = VISIBILITY_CUES[seen];
    return {
      selector: `node.seen-${seen}`,
      // The fill takes the class's colour too (the layer column and the text still say the label).
      style: {
        'background-color': cue.colour,
        'background-opacity': cue.fill,
        'border-color': cue.colour,
        'border-style': cue.border,
        'border-width': cue.border === 'double' ? 6 : 3.5,
        shape: cue.shape,
        height: 66,
      },
    } as StylesheetJson[number];
  });
  return [
    ...classRules,
    {
      selector: 'node.leak-node',
      style: {
        'border-color': LEAK_COLOUR,
        'border-width': 7,
        'underlay-color': LEAK_COLOUR,
        'underlay-opacity': 0.35,
        'underlay-padding': 9,
        'font-weight': 'bold',
      },
    },
  ];
}
