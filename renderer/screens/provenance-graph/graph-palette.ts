import type { GraphLayer } from '../../../shared/api/provenance-graph';

/** The colour slots of the graph; each maps to a `--graph-<slot>` variable in provenance-graph.css. */
export const COLOUR_SLOTS = [
  'claim',
  'evidence',
  'chunk',
  'document',
  'adr',
  'entity-1',
  'entity-2',
  'entity-3',
  'entity-4',
  'entity-5',
  'entity-6',
  'entity-7',
] as const;
export type ColourSlot = (typeof COLOUR_SLOTS)[number];

const ENTITY_SLOTS: readonly ColourSlot[] = ['entity-1', 'entity-2', 'entity-3', 'entity-4', 'entity-5', 'entity-6', 'entity-7'];

/** Labels of the default schema profile keep a colour of their own, so the legend reads the same on every graph. */
const KNOWN_LABELS: Readonly<Record<string, ColourSlot>> = {
  Claim: 'claim',
  Evidence: 'evidence',
  Chunk: 'chunk',
  Document: 'document',
  ADR: 'adr',
  Service: 'entity-1',
  API: 'entity-2',
  Repository: 'entity-3',
  Owner: 'entity-4',
  Incident: 'entity-5',
};

const LAYER_SLOTS: Partial<Readonly<Record<GraphLayer, ColourSlot>>> = {
  claim: 'claim',
  evidence: 'evidence',
  chunk: 'chunk',
  document: 'document',
};

/** The colour slot of a label: its own for the default profile's labels, else by layer, else a stable pick among the entity colours. */
export function colourSlotOf(label: string, layer: GraphLayer): ColourSlot {
  const known = KNOWN_LABELS[label];
  if (known) return known;
  const byLayer = LAYER_SLOTS[layer];
  if (byLayer) return byLayer;
  let hash = 0;
  for (const char of label) hash = (hash * 31 + (char.codePointAt(0) ?? 0)) >>> 0;
  return ENTITY_SLOTS[hash % ENTITY_SLOTS.length] ?? 'entity-1';
}

/** The theme's colours as cytoscape needs them (it cannot read CSS variables itself). */
export interface GraphPalette {
  readonly background: string;
  readonly panel: string;
  readonly text: string;
  readonly muted: string;
  readonly border: string;
  readonly accent: string;
  readonly hidden: string;
  readonly focus: string;
  readonly font: string;
  readonly slots: Readonly<Record<ColourSlot, string>>;
  /** ADR freshness colours (the badges' `--ok`, `--stale`, `--muted`, and `--danger` for drift). */
  readonly freshness?: { readonly current: string; readonly stale: string; readonly unknown: string; readonly drift: string };
}

/** Used only where a variable is missing (a page without the app's stylesheet). */
const FALLBACK_SLOTS: Readonly<Record<ColourSlot, string>> = {
  claim: '#7e3fb8',
  evidence: '#c2571a',
  chunk: '#1f6fb4',
  document: '#2e7d32',
  adr: '#00838f',
  'entity-1': '#c2185b',
  'entity-2': '#6d4c41',
  'entity-3': '#3f51b5',
  'entity-4': '#827717',
  'entity-5': '#d32f2f',
  'entity-6': '#5e35b1',
  'entity-7': '#00695c',
};

/** Reads the palette from the CSS variables in effect at `element` (so it follows the theme). */
export function readGraphPalette(element: Element): GraphPalette {
  const style = getComputedStyle(element);
  const read = (name: string, fallback: string) => style.getPropertyValue(name).trim() || fallback;
  const slots = Object.fromEntries(COLOUR_SLOTS.map((slot) => [slot, read(`--graph-${slot}`, FALLBACK_SLOTS[slot])])) as Record<
    ColourSlot,
    string
  >;
  return {
    background: read('--bg', '#f7f7f9'),
    panel: read('--panel', '#ffffff'),
    text: read('--text', '#1d1f24'),
    muted: read('--muted', '#5b6170'),
    border: read('--border', '#d9dce3'),
    accent: read('--accent', '#2f5bd3'),
    hidden: read('--hidden', '#8a8f9c'),
    focus: read('--focus', '#ffb000'),
    font: read('--sans', 'system-ui, sans-serif'),
    slots,
    freshness: {
      current: read('--ok', '#1f7a3d'),
      stale: read('--stale', '#9a6400'),
      unknown: read('--muted', '#5b6170'),
      drift: read('--danger', '#b3261e'),
    },
  };
}
