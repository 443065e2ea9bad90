// The supersession chains of the listed ADRs as cytoscape elements: one node per ADR in a chain,
// one edge per link from the record that replaces to the record it replaces.
import type { ElementDefinition } from 'cytoscape';
import type { AdrEntry } from '../../../shared/adr-marks';
import type { Freshness } from '../../../shared/context-contract';
import { cutToWidth } from '../provenance-graph/text-width';
import { adrName, titleWithoutName } from './adr-filter';

/** The kind of a link, drawn and worded differently. */
export type ChainLinkKind = 'superseded' | 'partial' | 'drift' | 'marked';

/** The words drawn on the chains, in the UI's language. */
export interface ChainTexts {
  readonly freshness: Readonly<Record<Freshness['state'], string>>;
  readonly link: Readonly<Record<ChainLinkKind, string>>;
}

/** About one line of a chain node, in Latin-character widths (a Hangul character counts as two). */
const TITLE_WIDTH = 30;

/** A title without a leading repeat of the ADR's name, cut to fit a node. */
function shortTitle(title: string, name: string): string {
  return cutToWidth(titleWithoutName(title, name), TITLE_WIDTH);
}

/** One link of a chain, by document id. */
export interface ChainLink {
  readonly successor: string;
  readonly predecessor: string;
  readonly kind: ChainLinkKind;
}

/** The links among the ADRs: each supersession edge of the graph, and each stale mark naming a successor. */
export function chainLinks(adrs: readonly AdrEntry[]): ChainLink[] {
  const links = new Map<string, ChainLink>();
  for (const entry of adrs) {
    for (const successor of entry.superseded_by) {
      const kind: ChainLinkKind = successor.drift ? 'drift' : successor.partial ? 'partial' : 'superseded';
      links.set(`${successor.document_id}>${entry.document_id}`, {
        successor: successor.document_id,
        predecessor: entry.document_id,
        kind,
      });
    }
    const marked = entry.mark?.successor_document_id;
    const key = `${marked}>${entry.document_id}`;
    if (marked && !links.has(key)) links.set(key, { successor: marked, predecessor: entry.document_id, kind: 'marked' });
  }
  return [...links.values()];
}

/**
 * Every record earlier in `documentId`'s chains: the records it replaces, the records they replace,
 * and so on, by the graph's supersession edges and the stale marks naming a successor. Naming one of
 * them as its successor would send a reader round in a circle.
 */
export function predecessorsOf(documentId: string, adrs: readonly AdrEntry[]): Set<string> {
  const links = chainLinks(adrs);
  const found = new Set<string>();
  const pending = [documentId];
  for (let current = pending.pop(); current !== undefined; current = pending.pop()) {
    for (const link of links) {
      if (link.successor !== current || link.predecessor === documentId || found.has(link.predecessor)) continue;
      found.add(link.predecessor);
      pending.push(link.predecessor);
    }
  }
  return found;
}

/**
 * Nodes for the shown ADRs that take part in a link (and for a successor outside the shown ones,
 * drawn from the whole listing so a filtered chain still ends somewhere), and one edge per link.
 */
export function toChainElements(shown: readonly AdrEntry[], all: readonly AdrEntry[], texts: ChainTexts): ElementDefinition[] {
  const byId = new Map(all.map((entry) => [entry.document_id, entry]));
  const links = chainLinks(shown);
  const inChain = new Set(links.flatMap((link) => [link.successor, link.predecessor]));
  const nodes: ElementDefinition[] = [...inChain].map((id) => {
    const entry = byId.get(id);
    const state = entry?.freshness.state ?? 'unknown';
    const name = entry ? adrName(entry) : id;
    const title = entry?.title ? `\n${shortTitle(entry.title, name)}` : '';
    return {
      group: 'nodes',
      data: { id, display: `${name} · ${texts.freshness[state]}${title}` },
      classes: [`adr-${state}`, ...(entry?.mark ? ['adr-marked'] : []), ...(entry ? [] : ['adr-outside'])],
    };
  });
  const edges: ElementDefinition[] = links.map((link) => ({
    group: 'edges',
    data: { id: `${link.successor}>${link.predecessor}`, source: link.successor, target: link.predecessor, caption: texts.link[link.kind] },
    classes: [`link-${link.kind}`],
  }));
  return [...nodes, ...edges];
}
