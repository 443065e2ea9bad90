import type { GraphCapabilities, GraphSchemaSnapshot, SchemaMismatch } from './connect-report';
import { connectReportMessage } from './connect-report-messages';
import type { CoreMessage } from './core-message';
import type { SchemaProfile } from './schema-profile';

type Mode = GraphCapabilities['modes'][number]['mode'];

const REQUIRED_FAILURES = new Set(['mismatch:label_missing_required', 'mismatch:part_of_missing']);
const VECTOR_FAILURES = new Set([
  'mismatch:vector_index_missing',
  'mismatch:not_vector_index',
  'mismatch:vector_index_elsewhere',
  'mismatch:vector_dimensions',
  'mismatch:vector_dimensions_built_with',
  'mismatch:embedder_features_differ',
]);
const FULLTEXT_FAILURES = new Set(['mismatch:fulltext_index_missing', 'mismatch:not_fulltext_index']);

/** Which of the graph-reading modes the mismatches leave working (vector and full-text feed hybrid and graph). */
function modesOf(mismatches: readonly SchemaMismatch[]): GraphCapabilities['modes'] {
  const codes = new Set(mismatches.map((entry) => entry.message_code ?? ''));
  const has = (set: ReadonlySet<string>) => [...set].some((code) => codes.has(code));
  const whole = !has(REQUIRED_FAILURES);
  const vector = whole && !has(VECTOR_FAILURES);
  const fulltext = whole && !has(FULLTEXT_FAILURES);
  const available: Record<Mode, boolean> = { vector, fulltext, hybrid: vector && fulltext, graph: vector && fulltext };
  return (Object.keys(available) as Mode[]).map((mode) => ({ mode, available: available[mode] }));
}

function provenanceOf(profile: SchemaProfile, held: ReadonlySet<string>): string[] {
  const { labels, relationships } = profile;
  if (!held.has(labels.chunk) || !held.has(labels.document) || !held.has(relationships.partOf)) return [];
  const claims = [labels.claim, labels.evidence, relationships.supportedBy, relationships.locatedIn].every((name) => held.has(name));
  return claims ? [labels.claim, labels.evidence, labels.chunk, labels.document] : [labels.chunk, labels.document];
}

/**
 * The properties freshness is judged from, each with the label whose nodes carry it: the document's
 * validity, successor and update time, and the ADR's status. Connect checks each against the graph.
 */
export function freshnessCandidates(profile: SchemaProfile): { label: string; property: string }[] {
  const { adr } = profile.properties;
  return [
    ...documentFreshness(profile).map((property) => ({ label: profile.labels.document, property })),
    { label: profile.labels.adr, property: adr.status },
  ];
}

/** The document properties freshness is judged from: validity, successor and update time. */
function documentFreshness(profile: SchemaProfile): string[] {
  const { document } = profile.properties;
  return [document.validFrom, document.validTo, document.supersededBy, document.updatedAt];
}

function freshnessFieldsOf(profile: SchemaProfile, snapshot: GraphSchemaSnapshot, held: ReadonlySet<string>): string[] {
  const keys = new Set(snapshot.property_keys ?? []);
  const holds = (label: string, property: string) =>
    snapshot.held_properties ? (snapshot.held_properties[label] ?? []).includes(property) : keys.has(property);
  const { labels, properties } = profile;
  const fields = documentFreshness(profile).filter((name) => holds(labels.document, name));
  if (held.has(profile.relationships.supersededBy)) fields.push(profile.relationships.supersededBy);
  if (held.has(labels.adr) && holds(labels.adr, properties.adr.status)) fields.push(`${labels.adr}.${properties.adr.status}`);
  return [...new Set(fields)];
}

function freshnessLine(profile: SchemaProfile, fields: readonly string[]): CoreMessage {
  if (fields.length === 0) return connectReportMessage('cap_freshness_none');
  if (fields.length === 1 && fields[0] === profile.properties.document.updatedAt)
    return connectReportMessage('cap_freshness_updated_only', { field: profile.properties.document.updatedAt });
  return connectReportMessage('cap_freshness', { fields: fields.join(', ') });
}

/** What the graph supports, from the profile, what the graph holds and how it differs from the profile. */
export function graphCapabilities(
  profile: SchemaProfile,
  snapshot: GraphSchemaSnapshot,
  mismatches: readonly SchemaMismatch[],
  accessPolicy: 'default' | 'profile',
): GraphCapabilities {
  const held = new Set([
    ...snapshot.labels.filter((entry) => entry.count > 0).map((entry) => entry.label),
    ...snapshot.relationship_types.filter((entry) => entry.count > 0).map((entry) => entry.type),
  ]);
  const modes = modesOf(mismatches);
  const provenance = provenanceOf(profile, held);
  const freshness = freshnessFieldsOf(profile, snapshot, held);
  const principalCount = snapshot.labels.find((entry) => entry.label === profile.labels.principal)?.count ?? 0;
  const principals = principalCount > 0 ? 'graph' : 'local';
  const names = (available: boolean) =>
    modes
      .filter((entry) => entry.available === available)
      .map((entry) => entry.mode)
      .join(', ');
  const lines: CoreMessage[] = [
    modes.every((entry) => entry.available)
      ? connectReportMessage('cap_modes_all', { modes: names(true) })
      : connectReportMessage(modes.some((entry) => entry.available) ? 'cap_modes_some' : 'cap_modes_none', {
          modes: names(true),
          off: names(false),
        }),
    provenance.length === 0
      ? connectReportMessage('cap_provenance_none', { chunk: profile.labels.chunk, document: profile.labels.document })
      : connectReportMessage(provenance.length > 2 ? 'cap_provenance_claims' : 'cap_provenance_chunks', { path: provenance.join(' → ') }),
    freshnessLine(profile, freshness),
    accessPolicy === 'default'
      ? connectReportMessage('cap_access_default', { profile: profile.name })
      : connectReportMessage('cap_access_profile', { profile: profile.name }),
    principals === 'graph'
      ? connectReportMessage('cap_principals_graph', { label: profile.labels.principal, count: principalCount })
      : connectReportMessage('cap_principals_local', { label: profile.labels.principal }),
  ];
  return { modes, provenance, freshness_fields: freshness, access_policy: accessPolicy, principals, lines };
}

/** The features each optional role of the profile serves (`feature_…` codes of the connect-report catalogue). */
const FEATURE_OF_ROLE: Readonly<
  Record<string, 'feature_adr' | 'feature_claims' | 'feature_entities' | 'feature_principals' | 'feature_supersession'>
> = {
  adr: 'feature_adr',
  claim: 'feature_claims',
  evidence: 'feature_claims',
  locatedIn: 'feature_claims',
  supportedBy: 'feature_claims',
  about: 'feature_claims',
  service: 'feature_entities',
  api: 'feature_entities',
  repository: 'feature_entities',
  owner: 'feature_entities',
  incident: 'feature_entities',
  exposes: 'feature_entities',
  implementedBy: 'feature_entities',
  ownedBy: 'feature_entities',
  affectedBy: 'feature_entities',
  principal: 'feature_principals',
  group: 'feature_principals',
  memberOf: 'feature_principals',
  supersededBy: 'feature_supersession',
};

const ABSENT_PART_CODES = new Set(['mismatch:label_missing', 'mismatch:relationship_missing']);
const ABSENT_PROPERTY_CODE = 'mismatch:property_missing';

/**
 * The mismatches as a person reads them: each that matters on its own (`each`), and the notes about
 * optional labels, relationships and properties the graph does not have, each kind as one line
 * (`grouped`). Nothing is dropped: `grouped_count` is how many notes the lines stand for.
 */
export function mismatchDigest(mismatches: readonly SchemaMismatch[]): {
  each: SchemaMismatch[];
  grouped: CoreMessage[];
  grouped_count: number;
} {
  const absent = mismatches.filter((entry) => entry.severity === 'note' && ABSENT_PART_CODES.has(entry.message_code ?? ''));
  const properties = mismatches.filter((entry) => entry.severity === 'note' && entry.message_code === ABSENT_PROPERTY_CODE);
  const grouped: CoreMessage[] = [];
  const nameOf = (entry: SchemaMismatch, key: string) => String(entry.message_params?.[key] ?? entry.subject);
  if (absent.length > 0) {
    const features = [...new Set(absent.map((entry) => FEATURE_OF_ROLE[String(entry.message_params?.role)]).filter((code) => code))];
    grouped.push(
      connectReportMessage('optional_absent', {
        names: absent.map((entry) => nameOf(entry, entry.message_code === 'mismatch:label_missing' ? 'label' : 'type')).join(', '),
        features: features.map((code) => connectReportMessage(code as NonNullable<typeof code>)),
      }),
    );
  }
  if (properties.length > 0)
    grouped.push(connectReportMessage('properties_absent', { names: properties.map((entry) => nameOf(entry, 'property')).join(', ') }));
  const folded = new Set([...absent, ...properties]);
  return { each: mismatches.filter((entry) => !folded.has(entry)), grouped, grouped_count: folded.size };
}
