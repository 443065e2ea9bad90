import type { SchemaProfile } from './schema-profile';

/** One property name the profile gives, the first field that gives it, and where the graph would keep it. */
export interface ProfilePropertyName {
  readonly name: string;
  /** `properties.<kind>.<field>`, the first field naming it. */
  readonly field: string;
  /** The labels whose nodes the name is read on, among those the graph holds. */
  readonly labels: readonly string[];
  /** The relationship types it is read on (the supersession's properties), among those the graph holds. */
  readonly types: readonly string[];
}

/** Fields a graph keeps only where a record has such a value (none may have it): a successor named outside the graph. */
const OCCASIONAL_FIELDS: ReadonlySet<string> = new Set(['adr.successorOutside']);

/** Labels whose nodes carry the entity properties (`properties.entity`). */
const ENTITY_LABELS = ['service', 'api', 'repository', 'owner', 'incident'] as const;

/** Where the properties of `kind` are read: its label, every entity label, or the supersession relationship; only those the graph holds. */
function ownersOf(profile: SchemaProfile, kind: string, held: ReadonlySet<string>): { labels: string[]; types: string[] } {
  if (kind === 'supersededBy') return { labels: [], types: [profile.relationships.supersededBy].filter((type) => held.has(type)) };
  const labels =
    kind === 'entity'
      ? ENTITY_LABELS.map((role) => profile.labels[role])
      : [(profile.labels as Record<string, string | undefined>)[kind]].filter((label) => label !== undefined);
  return { labels: labels.filter((label) => held.has(label)), types: [] };
}

/**
 * Every property name the profile gives on a label (or relationship type) the graph holds, once each
 * with the labels and types of every field naming it: a name the graph has under another field's role
 * is there. Left out: the names of a kind the graph holds nothing of (its label's own mismatch says so),
 * and fields a graph keeps only for some records (`OCCASIONAL_FIELDS`).
 */
export function profilePropertyNames(profile: SchemaProfile, held: ReadonlySet<string>): ProfilePropertyName[] {
  const found = new Map<string, { field: string; labels: Set<string>; types: Set<string> }>();
  for (const [kind, names] of Object.entries(profile.properties)) {
    const owners = ownersOf(profile, kind, held);
    if (owners.labels.length === 0 && owners.types.length === 0) continue;
    for (const [field, name] of Object.entries(names as Record<string, string>)) {
      if (OCCASIONAL_FIELDS.has(`${kind}.${field}`)) continue;
      const entry = found.get(name) ?? { field: `properties.${kind}.${field}`, labels: new Set<string>(), types: new Set<string>() };
      owners.labels.forEach((label) => entry.labels.add(label));
      owners.types.forEach((type) => entry.types.add(type));
      found.set(name, entry);
    }
  }
  return [...found].map(([name, { field, labels, types }]) => ({ name, field, labels: [...labels], types: [...types] }));
}
