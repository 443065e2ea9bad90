// How an ADR node shows its freshness and a supersession edge its kind on the canvas: classes for the
// stylesheet (colour and outline) and words on the element itself, so neither rests on colour alone.
import type { GraphEdge, GraphNode } from '../../../shared/api/provenance-graph';
import type { Freshness } from '../../../shared/context-contract';

/** The words drawn for ADR freshness and supersession, in the UI's language. */
export interface AdrCanvasTexts {
  readonly freshness: Readonly<Record<Freshness['state'], string>>;
  /** Badge words of the decision states shown beside freshness (rejected, deprecated …). */
  readonly decision: (decision: NonNullable<Freshness['decision']>) => string;
  readonly partial: string;
  readonly drift: string;
}

/** Decision states worth naming on the node: the ones freshness alone does not tell. */
const NAMED_DECISIONS: ReadonlySet<string> = new Set(['rejected', 'deprecated', 'proposed', 'pending']);

/** The first line of an ADR node: its label, freshness word and a telling decision state (`ADR · current · deprecated`). */
export function adrNodeHeading(node: GraphNode, texts: AdrCanvasTexts | undefined): string {
  const { freshness } = node;
  if (!freshness || !texts) return node.label;
  const decision = freshness.decision && NAMED_DECISIONS.has(freshness.decision) ? ` · ${texts.decision(freshness.decision)}` : '';
  return `${node.label} · ${texts.freshness[freshness.state]}${decision}`;
}

/** `adr-current|stale|unknown` and `decision-<state>` for an ADR node that carries freshness; none otherwise. */
export function adrNodeClasses(node: GraphNode): string[] {
  const { freshness } = node;
  if (!freshness) return [];
  return [`adr-${freshness.state}`, ...(freshness.decision ? [`decision-${freshness.decision}`] : [])];
}

/** `supersession-edge` plus `supersession-partial` / `supersession-drift` for an edge that carries the flags. */
export function supersessionEdgeClasses(edge: GraphEdge): string[] {
  if (edge.partial === undefined && edge.drift === undefined) return [];
  return ['supersession-edge', ...(edge.partial ? ['supersession-partial'] : []), ...(edge.drift ? ['supersession-drift'] : [])];
}

/** The words on a supersession edge: its type, and `partial` / `drift` when it is one; null on other edges. */
export function supersessionEdgeCaption(edge: GraphEdge, texts: AdrCanvasTexts | undefined): string | null {
  if (edge.partial === undefined && edge.drift === undefined) return null;
  const flags = [edge.partial && texts ? texts.partial : null, edge.drift && texts ? texts.drift : null].filter(Boolean);
  return flags.length > 0 ? `${edge.type} · ${flags.join(' · ')}` : edge.type;
}
