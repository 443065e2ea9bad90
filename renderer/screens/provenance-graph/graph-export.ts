import type { Core } from 'cytoscape';
import type { ProvenanceGraph } from '../../../shared/api/provenance-graph';
import { showLabels } from './graph-labels';

/** The largest side of an exported image, so a wide view does not exceed what a canvas can hold. */
const MAX_PNG_SIDE = 12_000;

/** Offers `blob` as a download named `filename`. */
function download(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  // The download has started from the URL by now; free it after the current task.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/** A file name for this trace's view: letters, digits and dashes only. */
export function exportFileName(traceId: string, extension: 'png' | 'json'): string {
  return `provenance-${traceId.replace(/[^A-Za-z0-9-]+/g, '-').slice(0, 60)}.${extension}`;
}

/** Downloads the whole view (not just what is on screen) as a PNG at twice the resolution, on the theme's background. */
export async function exportGraphPng(cy: Core, background: string, filename: string): Promise<void> {
  // The image is drawn at a readable scale, so it needs the labels a zoomed-out canvas leaves out.
  showLabels(cy);
  const blob = await cy.png({
    output: 'blob-promise',
    full: true,
    scale: 2,
    bg: background,
    maxWidth: MAX_PNG_SIDE,
    maxHeight: MAX_PNG_SIDE,
  });
  download(blob, filename);
}

/** Downloads the view the screen holds (nodes, edges, not-drawn counts, principal) as JSON. */
export function exportGraphJson(graph: ProvenanceGraph, filename: string): void {
  download(new Blob([`${JSON.stringify(graph, null, 2)}\n`], { type: 'application/json' }), filename);
}
