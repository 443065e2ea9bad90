import type { Core, SingularElementReturnValue, StylesheetJson } from 'cytoscape';

/**
 * The least size, in CSS pixels on screen, at which any label of the graph is drawn: every label rule's
 * `min-zoomed-font-size`. 11 px is the node text at 100 % zoom and the smallest UI text of the
 * platforms' own small-print styles (macOS small system font, Windows caption); below it labels are
 * hidden and the hovered or chosen node's text is shown in a tooltip instead.
 */
export const LABEL_FLOOR_PX = 11;

/**
 * Labels are left out while the view is zoomed out too far for any of them to be drawn: measuring and
 * placing thousands of labels that cytoscape would then skip (`min-zoomed-font-size`) is most of a large
 * view's first frame. They come on, once, when the view is first zoomed to where one could be read.
 */
export const UNLABELLED = 'unlabelled';

/** The rule that leaves the labels out; it comes last in the stylesheet, so it wins over every label rule. */
export const UNLABELLED_RULE: StylesheetJson[number] = { selector: `.${UNLABELLED}`, style: { label: '' } };

const numberOf = (value: unknown) => (typeof value === 'number' ? value : Number.parseFloat(String(value)));

/** The least zoom at which some label of the stylesheet is drawn: each rule's `min-zoomed-font-size` over its `font-size`. */
export function legibleZoom(stylesheet: StylesheetJson): number {
  let least = Number.POSITIVE_INFINITY;
  for (const rule of stylesheet) {
    if (!('style' in rule)) continue;
    const style = rule.style as Record<string, unknown>;
    if (style['font-size'] === undefined) continue;
    const ratio = numberOf(style['min-zoomed-font-size'] ?? 0) / numberOf(style['font-size']);
    // A rule whose sizes cannot be read keeps labels on at every zoom.
    least = Math.min(least, Number.isFinite(ratio) ? ratio : 0);
  }
  return Number.isFinite(least) ? least : 0;
}

/** Puts the labels on every element of `cy` (before an export, which draws at a readable scale). */
export function showLabels(cy: Core): void {
  if (cy.destroyed()) return;
  const unlabelled = cy.elements(`.${UNLABELLED}`);
  if (unlabelled.nonempty()) cy.batch(() => unlabelled.removeClass(UNLABELLED));
}

/** Shows the labels now if the view is zoomed in far enough to read one, else as soon as it is. */
export function showLabelsWhenLegible(cy: Core, zoom: number): void {
  if (cy.destroyed()) return;
  if (cy.zoom() >= zoom) {
    showLabels(cy);
    return;
  }
  const onZoom = () => {
    if (cy.zoom() < zoom) return;
    cy.off('zoom', onZoom);
    showLabels(cy);
  };
  cy.on('zoom', onZoom);
}

const pixels = (element: SingularElementReturnValue, property: string) => numberOf(element.style(property));

/** True when cytoscape draws `element`'s label at `zoom`: it has one, and its size on screen reaches its `min-zoomed-font-size`. */
export function isLabelDrawn(element: SingularElementReturnValue, zoom: number): boolean {
  if (String(element.style('label') ?? '') === '' || element.style('display') === 'none') return false;
  return pixels(element, 'font-size') * zoom >= pixels(element, 'min-zoomed-font-size');
}

/** What the canvas draws as text at its current zoom: how many labels, and the least one's size on screen in CSS px. */
export interface LabelReadout {
  readonly drawn: number;
  readonly leastPx: number | null;
}

/**
 * The labels cytoscape draws at the current zoom (a label is skipped when its font size times the zoom is
 * under its `min-zoomed-font-size`), read from the elements' computed style.
 */
export function readDrawnLabels(cy: Core): LabelReadout {
  const zoom = cy.zoom();
  let drawn = 0;
  let least = Number.POSITIVE_INFINITY;
  cy.elements().forEach((element) => {
    if (!isLabelDrawn(element, zoom)) return;
    drawn += 1;
    least = Math.min(least, pixels(element, 'font-size') * zoom);
  });
  return { drawn, leastPx: drawn > 0 ? least : null };
}
