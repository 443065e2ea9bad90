import { COLOUR_SLOTS, type GraphPalette } from '../../renderer/screens/provenance-graph/graph-palette';

/** A palette without a page to read it from (the rules' colours do not matter here). */
export const PALETTE: GraphPalette = {
  background: '#fff',
  panel: '#fff',
  text: '#000',
  muted: '#666',
  border: '#ccc',
  accent: '#06c',
  hidden: '#999',
  focus: '#f90',
  font: 'sans-serif',
  slots: Object.fromEntries(COLOUR_SLOTS.map((slot) => [slot, '#123456'])) as GraphPalette['slots'],
};
