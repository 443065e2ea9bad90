import type { GraphSchemaSnapshot, IndexInfo, SchemaMismatch } from './connect-report';
import { requiredLabels, type SchemaProfile } from './schema-profile';

/** What the app's embedder produces, to compare with the vector index. */
export interface EmbedderIdentity {
  readonly name: string;
  /** Null while a model given no length has not answered yet: only its name is compared then. */
  readonly dimensions: number | null;
}

function findIndex(snapshot: GraphSchemaSnapshot, name: string): IndexInfo | undefined {
  return snapshot.indexes.find((index) => index.name === name);
}

/**
 * Compares the graph with the schema profile and says, in plain words, each thing that will not
 * work and how to fix it. An empty list means the profile fits.
 */
export function findSchemaMismatches(profile: SchemaProfile, snapshot: GraphSchemaSnapshot, embedder: EmbedderIdentity): SchemaMismatch[] {
  const out: SchemaMismatch[] = [];
  const labels = new Map(snapshot.labels.map((entry) => [entry.label, entry.count]));
  const relTypes = new Set(snapshot.relationship_types.map((entry) => entry.type));
  const required = new Set(requiredLabels(profile));

  for (const [role, label] of Object.entries(profile.labels)) {
    if ((labels.get(label) ?? 0) > 0) continue;
    const isRequired = required.has(label);
    out.push({
      severity: isRequired ? 'error' : 'note',
      subject: `label ${label}`,
      message: isRequired
        ? `The graph has no :${label} nodes, which the profile "${profile.name}" reads as ${role} nodes; retrieval needs them. Set labels.${role} in the profile to the label your graph uses.`
        : `The graph has no :${label} nodes (the profile's ${role} label); features that use them will show nothing.`,
    });
  }
  for (const [role, type] of Object.entries(profile.relationships)) {
    if (relTypes.has(type)) continue;
    out.push({
      severity: role === 'partOf' ? 'error' : 'note',
      subject: `relationship ${type}`,
      message:
        role === 'partOf'
          ? `The graph has no :${type} relationships, so chunks cannot be traced to their documents. Set relationships.partOf in the profile to the type your graph uses.`
          : `The graph has no :${type} relationships (the profile's ${role}); paths through them will be missing.`,
    });
  }

  const chunk = profile.labels.chunk;
  const vector = findIndex(snapshot, profile.indexes.chunkVector);
  if (!vector) {
    out.push({
      severity: 'error',
      subject: `index ${profile.indexes.chunkVector}`,
      message: `There is no index named ${profile.indexes.chunkVector}; vector, hybrid and graph retrieval need a vector index on :${chunk}(${profile.properties.chunk.embedding}).`,
    });
  } else {
    if (vector.type !== 'VECTOR') {
      out.push({
        severity: 'error',
        subject: `index ${vector.name}`,
        message: `The index ${vector.name} is a ${vector.type} index, not a vector index.`,
      });
    } else if (!vector.labels_or_types.includes(chunk) || !vector.properties.includes(profile.properties.chunk.embedding)) {
      out.push({
        severity: 'error',
        subject: `index ${vector.name}`,
        message: `The vector index ${vector.name} covers :${vector.labels_or_types.join('|')}(${vector.properties.join(', ')}), but the profile embeds :${chunk}(${profile.properties.chunk.embedding}).`,
      });
    }
    if (vector.dimensions !== null && embedder.dimensions !== null && vector.dimensions !== embedder.dimensions) {
      out.push({
        severity: 'error',
        subject: `index ${vector.name}`,
        message: `The vector index ${vector.name} has ${vector.dimensions} dimensions, but the embedder in use (${embedder.name}) makes ${embedder.dimensions}; vector queries would fail. Configure the embedder that built the index${snapshot.embedding ? ` (${snapshot.embedding.embedder})` : ''}, or re-load the graph with this one.`,
      });
    }
    if (vector.state !== 'ONLINE') {
      out.push({
        severity: 'warning',
        subject: `index ${vector.name}`,
        message: `The vector index ${vector.name} is ${vector.state}, not ONLINE; results may be incomplete until it is.`,
      });
    }
  }
  if (snapshot.embedding && snapshot.embedding.embedder !== embedder.name) {
    out.push({
      severity: 'warning',
      subject: 'embedder',
      message: `The graph was embedded with ${snapshot.embedding.embedder} (${snapshot.embedding.dimensions} dimensions) but the app embeds queries with ${embedder.name}; similarities will be meaningless until they match.`,
    });
  }

  const fulltext = findIndex(snapshot, profile.indexes.chunkFulltext);
  if (!fulltext) {
    out.push({
      severity: 'error',
      subject: `index ${profile.indexes.chunkFulltext}`,
      message: `There is no index named ${profile.indexes.chunkFulltext}; full-text, hybrid and graph retrieval need a full-text index on :${chunk}(${profile.properties.chunk.text}).`,
    });
  } else if (fulltext.type !== 'FULLTEXT' || !fulltext.properties.includes(profile.properties.chunk.text)) {
    out.push({
      severity: 'error',
      subject: `index ${fulltext.name}`,
      message: `The index ${fulltext.name} is not a full-text index on :${chunk}(${profile.properties.chunk.text}) (it is ${fulltext.type} on ${fulltext.properties.join(', ')}).`,
    });
  } else if (!fulltext.properties.includes(profile.properties.chunk.aclTerms)) {
    out.push({
      severity: 'note',
      subject: `index ${fulltext.name}`,
      message: `The full-text index ${fulltext.name} holds no ACL terms (${profile.properties.chunk.aclTerms}), so full-text hits are fetched and then filtered by access: as safe, but slower for principals who may see little.`,
    });
  }
  if (!findIndex(snapshot, profile.indexes.entityNames)) {
    out.push({
      severity: 'note',
      subject: `index ${profile.indexes.entityNames}`,
      message: `There is no full-text index named ${profile.indexes.entityNames}; entity lookup by name will be unavailable.`,
    });
  }
  return out;
}
