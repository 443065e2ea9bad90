import type { GraphSchemaSnapshot, IndexInfo, SchemaMismatch } from './connect-report';
import { mismatchMessage as said, mismatchSaid, mismatchSubject } from './schema-mismatch-messages';
import { profilePropertyNames } from './profile-property-names';
import { requiredLabels, type SchemaProfile } from './schema-profile';

/** What the app's embedder produces, to compare with the vector index. */
export interface EmbedderIdentity {
  readonly name: string;
  /** Null while a model given no length has not answered yet: only its name is compared then. */
  readonly dimensions: number | null;
  /** The version of a local embedder's features (`hashing-384`'s); absent for a model. */
  readonly features?: number;
}

function findIndex(snapshot: GraphSchemaSnapshot, name: string): IndexInfo | undefined {
  return snapshot.indexes.find((index) => index.name === name);
}

/**
 * The graph's vectors made by this very embedder with other features: a load that recorded no
 * version was made with version 1. Vector runs refuse such a graph (embedder-fit.ts); the connect
 * report says so before the first run does, with how to load it again.
 */
function embedderFeaturesMismatch(snapshot: GraphSchemaSnapshot, embedder: EmbedderIdentity): SchemaMismatch | null {
  const recorded = snapshot.embedding;
  if (!recorded || embedder.features === undefined || recorded.embedder !== embedder.name) return null;
  const recordedFeatures = recorded.features ?? 1;
  if (recordedFeatures === embedder.features) return null;
  return {
    severity: 'warning',
    ...mismatchSubject(said('subject_embedder')),
    ...mismatchSaid(
      said('embedder_features_differ', {
        embedder: embedder.name,
        recorded_features: recordedFeatures,
        features: embedder.features,
      }),
    ),
  };
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
      ...mismatchSubject(said('subject_label', { name: label })),
      ...mismatchSaid(
        isRequired ? said('label_missing_required', { label, profile: profile.name, role }) : said('label_missing', { label, role }),
      ),
    });
  }
  for (const [role, type] of Object.entries(profile.relationships)) {
    if (relTypes.has(type)) continue;
    out.push({
      severity: role === 'partOf' ? 'error' : 'note',
      ...mismatchSubject(said('subject_relationship', { name: type })),
      ...mismatchSaid(role === 'partOf' ? said('part_of_missing', { type }) : said('relationship_missing', { type, role })),
    });
  }

  const unplaced = snapshot.chunks_without_document ?? 0;
  if (unplaced > 0)
    out.push({
      severity: 'warning',
      ...mismatchSubject(said('subject_label', { name: profile.labels.chunk })),
      ...mismatchSaid(
        said('chunks_without_document', {
          count: unplaced,
          chunks: labels.get(profile.labels.chunk) ?? unplaced,
          label: profile.labels.chunk,
          document: profile.labels.document,
          type: profile.relationships.partOf,
        }),
      ),
    });

  const chunk = profile.labels.chunk;
  const vector = findIndex(snapshot, profile.indexes.chunkVector);
  if (!vector) {
    out.push({
      severity: 'error',
      ...mismatchSubject(said('subject_index', { name: profile.indexes.chunkVector })),
      ...mismatchSaid(
        said('vector_index_missing', { index: profile.indexes.chunkVector, label: chunk, property: profile.properties.chunk.embedding }),
      ),
    });
  } else {
    if (vector.type !== 'VECTOR') {
      out.push({
        severity: 'error',
        ...mismatchSubject(said('subject_index', { name: vector.name })),
        ...mismatchSaid(said('not_vector_index', { index: vector.name, type: vector.type })),
      });
    } else if (!vector.labels_or_types.includes(chunk) || !vector.properties.includes(profile.properties.chunk.embedding)) {
      out.push({
        severity: 'error',
        ...mismatchSubject(said('subject_index', { name: vector.name })),
        ...mismatchSaid(
          said('vector_index_elsewhere', {
            index: vector.name,
            labels: vector.labels_or_types.join('|'),
            properties: vector.properties.join(', '),
            label: chunk,
            property: profile.properties.chunk.embedding,
          }),
        ),
      });
    }
    if (vector.dimensions !== null && embedder.dimensions !== null && vector.dimensions !== embedder.dimensions) {
      const dimensions = {
        index: vector.name,
        dimensions: vector.dimensions,
        embedder: embedder.name,
        embedder_dimensions: embedder.dimensions,
      };
      out.push({
        severity: 'error',
        ...mismatchSubject(said('subject_index', { name: vector.name })),
        ...mismatchSaid(
          snapshot.embedding
            ? said('vector_dimensions_built_with', { ...dimensions, built_with: snapshot.embedding.embedder })
            : said('vector_dimensions', dimensions),
        ),
      });
    }
    if (vector.state !== 'ONLINE') {
      out.push({
        severity: 'warning',
        ...mismatchSubject(said('subject_index', { name: vector.name })),
        ...mismatchSaid(said('vector_not_online', { index: vector.name, state: vector.state })),
      });
    }
  }
  const featuresMismatch = embedderFeaturesMismatch(snapshot, embedder);
  if (featuresMismatch) out.push(featuresMismatch);
  if (snapshot.embedding && snapshot.embedding.embedder !== embedder.name) {
    out.push({
      severity: 'warning',
      ...mismatchSubject(said('subject_embedder')),
      ...mismatchSaid(
        said('embedder_differs', {
          built_with: snapshot.embedding.embedder,
          dimensions: snapshot.embedding.dimensions,
          embedder: embedder.name,
        }),
      ),
    });
  }

  const fulltext = findIndex(snapshot, profile.indexes.chunkFulltext);
  if (!fulltext) {
    out.push({
      severity: 'error',
      ...mismatchSubject(said('subject_index', { name: profile.indexes.chunkFulltext })),
      ...mismatchSaid(
        said('fulltext_index_missing', { index: profile.indexes.chunkFulltext, label: chunk, property: profile.properties.chunk.text }),
      ),
    });
  } else if (fulltext.type !== 'FULLTEXT' || !fulltext.properties.includes(profile.properties.chunk.text)) {
    out.push({
      severity: 'error',
      ...mismatchSubject(said('subject_index', { name: fulltext.name })),
      ...mismatchSaid(
        said('not_fulltext_index', {
          index: fulltext.name,
          label: chunk,
          property: profile.properties.chunk.text,
          type: fulltext.type,
          properties: fulltext.properties.join(', '),
        }),
      ),
    });
  } else if (!fulltext.properties.includes(profile.properties.chunk.aclTerms)) {
    out.push({
      severity: 'note',
      ...mismatchSubject(said('subject_index', { name: fulltext.name })),
      ...mismatchSaid(said('fulltext_no_acl_terms', { index: fulltext.name, field: profile.properties.chunk.aclTerms })),
    });
  }
  out.push(...missingProperties(profile, snapshot));
  if (!findIndex(snapshot, profile.indexes.entityNames)) {
    out.push({
      severity: 'note',
      ...mismatchSubject(said('subject_index', { name: profile.indexes.entityNames })),
      ...mismatchSaid(said('entity_index_missing', { index: profile.indexes.entityNames })),
    });
  }
  return out;
}

/**
 * Every property name the profile gives (`properties.<kind>.<field>`) that no node or relationship it
 * is read on holds now, one note each naming the first field that gives it (`profilePropertyNames` says
 * which names are judged). Judged from `held_property_names`: `db.propertyKeys()` keeps a name after every
 * node lost it; an older report without that list is judged from the keys; one without keys, not at all.
 */
function missingProperties(profile: SchemaProfile, snapshot: GraphSchemaSnapshot): SchemaMismatch[] {
  if (!snapshot.property_keys) return [];
  const present = new Set(snapshot.held_property_names ?? snapshot.property_keys);
  const held = new Set([
    ...snapshot.labels.filter((entry) => entry.count > 0).map((entry) => entry.label),
    ...snapshot.relationship_types.filter((entry) => entry.count > 0).map((entry) => entry.type),
  ]);
  return profilePropertyNames(profile, held)
    .filter(({ name }) => !present.has(name))
    .map(({ name: property, field }) => ({
      severity: 'note',
      ...mismatchSubject(said('subject_property', { name: property })),
      ...mismatchSaid(said('property_missing', { property, field })),
    }));
}
