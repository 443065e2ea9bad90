// What one graph node is to the provenance view: its kind, the label and caption it is shown with,
// its panel properties, and whether the run's principal may see it.
import type { AclPredicate, AclProperties } from '../../shared/acl/compile-acl-to-predicate';
import type { GraphLayer } from '../../shared/api/provenance-graph';
import type { Freshness } from '../../shared/context-contract';
import type { Principal } from '../../shared/principal';
import { entityIdProperty, type SchemaProfile } from '../../shared/schema-profile';
import type { AccessPair, NodeView } from './provenance-queries';

/** Long property values are cut for the properties panel; the graph keeps the whole value. */
const MAX_PROPERTY_CHARS = 2_000;
const CAPTION_CHARS = 80;

/** What a node is to the view; `directory` is a Principal or Group node, `unknown` a label the profile does not name. */
export type NodeKind = 'claim' | 'evidence' | 'chunk' | 'document' | 'entity' | 'directory' | 'unknown';

/** The layer a node of each kind is drawn in. */
export const LAYER_OF: Record<NodeKind, GraphLayer> = {
  claim: 'claim',
  evidence: 'evidence',
  chunk: 'chunk',
  document: 'document',
  entity: 'entity',
  directory: 'other',
  unknown: 'other',
};

/** Who the view is for and how their access is decided. */
export interface ViewContext {
  readonly profile: SchemaProfile;
  readonly acl: AclPredicate;
  readonly principal: Principal;
  /** `label|domain id` of every node on a requested item's path, with its place in draw order. */
  readonly itemPath: ReadonlyMap<string, number>;
  /** The freshness a later run would give a document now (stale marks included); asked only for visible ADR nodes. */
  readonly freshnessOf?: (props: AclProperties) => Freshness;
}

/** The kind of a node from its labels, as the profile names them. */
export function kindOf(labels: readonly string[], profile: SchemaProfile): NodeKind {
  const L = profile.labels;
  const has = (label: string) => labels.includes(label);
  if (has(L.claim)) return 'claim';
  if (has(L.evidence)) return 'evidence';
  if (has(L.chunk)) return 'chunk';
  if (has(L.document) || has(L.adr)) return 'document';
  if ([L.service, L.api, L.repository, L.owner, L.incident].some(has)) return 'entity';
  if (has(L.principal) || has(L.group)) return 'directory';
  return 'unknown';
}

/** The label shown for a node: ADR over Document, the profile's entity label over any other. */
export function displayLabel(labels: readonly string[], kind: NodeKind, profile: SchemaProfile): string {
  const L = profile.labels;
  const preferred: Record<NodeKind, readonly string[]> = {
    claim: [L.claim],
    evidence: [L.evidence],
    chunk: [L.chunk],
    document: [L.adr, L.document],
    entity: [L.service, L.api, L.repository, L.owner, L.incident],
    directory: [L.principal, L.group],
    unknown: [],
  };
  return preferred[kind].find((label) => labels.includes(label)) ?? labels[0] ?? 'Node';
}

function textOf(props: AclProperties, key: string): string | null {
  const value = props[key];
  return typeof value === 'string' && value.length > 0 ? value : typeof value === 'number' ? String(value) : null;
}

/**
 * The domain id: the profile's document, chunk, claim or evidence id; an entity's, principal's or
 * group's id by its label's role (`incident_id` on the profile's incident label, whatever it is
 * called); else `<label>_id`, else the first `…_id` property.
 */
export function domainKey(view: NodeView, kind: NodeKind, profile: SchemaProfile): string {
  const P = profile.properties;
  const byKind: Partial<Record<NodeKind, string>> = {
    document: P.document.id,
    chunk: P.chunk.id,
    claim: P.claim.id,
    evidence: P.evidence.id,
  };
  const named = byKind[kind];
  if (named) return textOf(view.props, named) ?? view.id;
  const label = displayLabel(view.labels, kind, profile).toLowerCase();
  const fallback = Object.keys(view.props)
    .filter((key) => key.endsWith('_id'))
    .sort()[0];
  const own = entityIdProperty(view.labels, profile);
  return (
    (own ? textOf(view.props, own) : null) ??
    textOf(view.props, `${label}_id`) ??
    (fallback ? textOf(view.props, fallback) : null) ??
    view.id
  );
}

function truncate(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max - 1).trimEnd()}…` : text;
}

/** The short text drawn on a node: a title, quote, claim text or name (by the profile's names), cut to fit. */
export function caption(view: NodeView, kind: NodeKind, key: string, profile: SchemaProfile): string {
  const P = profile.properties;
  const props = view.props;
  switch (kind) {
    case 'document':
      return truncate(textOf(props, P.document.title) ?? key, CAPTION_CHARS);
    case 'chunk': {
      // The heading path (profile `chunk.headingPath`) is what the markdown loader writes; a graph without it gets the chunk id alone.
      const headings = props[P.chunk.headingPath];
      const heading = Array.isArray(headings) ? headings.at(-1) : headings;
      return typeof heading === 'string' && heading.length > 0 ? truncate(`${key} · ${heading}`, CAPTION_CHARS) : key;
    }
    case 'claim':
      return truncate(textOf(props, P.claim.text) ?? key, CAPTION_CHARS);
    case 'evidence': {
      const quote = textOf(props, P.evidence.quote);
      return quote ? `“${truncate(quote, CAPTION_CHARS - 2)}”` : key;
    }
    default:
      return truncate(
        [P.entity.name, P.group.name, P.principal.displayName, P.entity.path, P.entity.title]
          .map((name) => textOf(props, name))
          .find((value) => value !== null) ?? key,
        CAPTION_CHARS,
      );
  }
}

function clipValue(value: unknown): unknown {
  if (typeof value === 'string') return truncate(value, MAX_PROPERTY_CHARS);
  if (Array.isArray(value)) return value.map(clipValue);
  if (value !== null && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, clipValue(item)]));
  return value;
}

/**
 * Chunk properties the demo and markdown loaders write beside the text for the full-text index to
 * search (graph-writer.ts): its headings and document title, and its words that mix scripts split
 * apart (`kubelet` of `kubelet의`, script-runs.ts). Search aids, not the chunk's content.
 */
const CHUNK_SEARCH_AIDS: ReadonlySet<string> = new Set(['search_context', 'search_runs']);

/**
 * Properties for the panel: no embedding, no chunk search aid, no nulls (the projections'
 * placeholders), long text cut; temporals are already ISO strings.
 */
export function panelProperties(props: AclProperties, profile: SchemaProfile, kind: NodeKind): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(props)) {
    if (key === profile.properties.chunk.embedding || value === null || value === undefined) continue;
    if (kind === 'chunk' && CHUNK_SEARCH_AIDS.has(key)) continue;
    out[key] = clipValue(value);
  }
  return out;
}

/**
 * Whether at least one chunk of `access` is visible: a chunk comes once per document it is part of,
 * and is visible only when it is visible with every one of them (deny overrides).
 */
function anyChunkVisible(context: ViewContext, access: readonly AccessPair[]): boolean {
  const { acl, principal, profile } = context;
  const verdicts = new Map<unknown, boolean>();
  for (const pair of access) {
    const id = pair.chunk[profile.properties.chunk.id] ?? pair.chunk;
    const visible = acl.chunk(pair.chunk, pair.document ?? {}, principal).visible;
    verdicts.set(id, (verdicts.get(id) ?? true) && visible);
  }
  return [...verdicts.values()].some(Boolean);
}

/**
 * The access rule for one node: a document by the document rule, an entity (and a Principal or Group
 * node) by the entity rule, a chunk, evidence or claim through at least one visible chunk of `access`.
 * A label the profile does not name has no rule, so it is hidden (fail closed).
 */
export function isVisible(context: ViewContext, view: NodeView, kind: NodeKind, access: readonly AccessPair[]): boolean {
  const { acl, principal } = context;
  switch (kind) {
    case 'document':
      return acl.document(view.props, principal).visible;
    case 'entity':
    case 'directory':
      return acl.entity(view.props, principal).visible;
    case 'chunk':
    case 'evidence':
    case 'claim':
      return anyChunkVisible(context, access);
    case 'unknown':
      return false;
  }
}
