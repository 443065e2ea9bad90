// Synthetic provenance views for `npm run bench:graph`: shaped like real ones (claims → evidence →
// chunks → documents, claims about entities, entities linked to each other, some nodes hidden from
// the principal, some reached by expansion), deterministic for a seed, exactly `elements` in size.
import type { GraphEdge, GraphLayer, GraphNode, ProvenanceGraph } from '../../../../shared/api/provenance-graph';

/** A small deterministic generator (mulberry32), so every run draws the same graph. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let value = state;
    value = Math.imul(value ^ (value >>> 15), value | 1);
    value ^= value + Math.imul(value ^ (value >>> 7), value | 61);
    return ((value ^ (value >>> 14)) >>> 0) / 4294967296;
  };
}

const ENTITY_KINDS = [
  { label: 'Service', key: 'service_id', name: 'name' },
  { label: 'API', key: 'api_id', name: 'path' },
  { label: 'Repository', key: 'repository_id', name: 'name' },
  { label: 'Owner', key: 'owner_id', name: 'name' },
  { label: 'Incident', key: 'incident_id', name: 'title' },
] as const;

/** A provenance view of exactly `elements` nodes plus edges. */
export function syntheticProvenanceGraph(elements: number, seed = 1): ProvenanceGraph {
  const next = random(seed);
  const nodes: GraphNode[] = [];
  const edges: GraphEdge[] = [];
  const documents: GraphNode[] = [];
  const entities: GraphNode[] = [];
  const room = (count: number) => nodes.length + edges.length + count <= elements;
  let serial = 0;

  const node = (label: string, layer: GraphLayer, keyName: string, caption: string, visible: boolean, onPath: boolean): GraphNode => {
    serial += 1;
    const key = `${label.toLowerCase()}-${serial}`;
    const created: GraphNode = {
      id: `n${serial}`,
      label,
      key: visible ? key : '',
      caption: visible ? caption : '',
      layer,
      visible_to_principal: visible,
      on_item_path: onPath,
      properties: visible ? { [keyName]: key, text: `${caption} — synthetic text for the layout benchmark.` } : {},
    };
    nodes.push(created);
    return created;
  };
  const edge = (source: GraphNode, target: GraphNode, type: string) => {
    serial += 1;
    edges.push({ id: `e${serial}`, source: source.id, target: target.id, type });
  };

  while (room(2)) {
    const onPath = next() < 0.8;
    const hidden = next() < 0.12;
    let document = documents.length > 0 && next() < 0.45 ? documents[Math.floor(next() * documents.length)] : undefined;
    if (!document) {
      document = node(next() < 0.15 ? 'ADR' : 'Document', 'document', 'document_id', `Runbook ${documents.length + 1}`, !hidden, onPath);
      documents.push(document);
    }
    if (!room(2)) break;
    const chunk = node(
      'Chunk',
      'chunk',
      'chunk_id',
      `Section ${serial} of ${document.caption || 'a document'}`,
      !hidden && document.visible_to_principal,
      onPath,
    );
    edge(chunk, document, 'PART_OF');
    if (!room(4)) continue;
    const claim = node(
      'Claim',
      'claim',
      'claim_id',
      `Claim ${serial}: the service retries three times`,
      chunk.visible_to_principal,
      onPath,
    );
    const evidenceCount = 1 + Math.floor(next() * 2);
    for (let i = 0; i < evidenceCount && room(3); i += 1) {
      const evidence = node('Evidence', 'evidence', 'evidence_id', `“retries three times” (${serial})`, chunk.visible_to_principal, onPath);
      edge(evidence, chunk, 'LOCATED_IN');
      edge(claim, evidence, 'SUPPORTED_BY');
    }
    const aboutCount = Math.floor(next() * 3);
    for (let i = 0; i < aboutCount && room(2); i += 1) {
      let entity = entities.length > 8 && next() < 0.6 ? entities[Math.floor(next() * entities.length)] : undefined;
      if (!entity) {
        const kind = ENTITY_KINDS[Math.floor(next() * ENTITY_KINDS.length)] ?? ENTITY_KINDS[0];
        entity = node(kind.label, 'entity', kind.key, `${kind.label} ${entities.length + 1}`, true, next() < 0.5);
        const linked = entities.length > 0 && next() < 0.5 ? entities[Math.floor(next() * entities.length)] : undefined;
        entities.push(entity);
        edge(claim, entity, 'ABOUT');
        if (linked && room(1)) edge(linked, entity, 'EXPOSES');
      } else {
        edge(claim, entity, 'ABOUT');
      }
    }
  }
  // Top up with edges between existing claims and entities so the size is exact.
  const claims = nodes.filter((entry) => entry.layer === 'claim');
  while (room(1) && claims.length > 0 && entities.length > 0) {
    const claim = claims[Math.floor(next() * claims.length)];
    const entity = entities[Math.floor(next() * entities.length)];
    if (claim && entity) edge(claim, entity, 'ABOUT');
  }
  while (room(1)) node('Owner', 'entity', 'owner_id', `Owner ${serial}`, true, false);
  return { nodes, edges, not_drawn: { nodes: 0, edges: 0 }, principal_id: 'u-bench' };
}
