import type { BuiltInQuery } from './built-in-query';
import { NODE_TYPE_PROPERTIES, RELATIONSHIP_TYPE_PROPERTIES, SCHEMA_VISUALIZATION } from './introspection-queries';
import type { ReadResult } from './read-gateway';

/** The graph's schema as the server reports it (built-in procedures, no APOC), for prompting a model. */
export interface GraphSchema {
  /** Each label combination with its properties and their types (`name: STRING`). */
  readonly nodes: readonly { readonly labels: readonly string[]; readonly properties: readonly string[] }[];
  /** Each relationship type with its properties. */
  readonly relationships: readonly { readonly type: string; readonly properties: readonly string[] }[];
  /** `(:From)-[:TYPE]->(:To)` for every pattern the server's schema view holds. */
  readonly patterns: readonly string[];
}

/** Runs one built-in query (through the run's log, so it is recorded like any other). */
export type SchemaReader = (query: BuiltInQuery) => Promise<ReadResult>;

// The loader's bookkeeping nodes say how the graph was built; they are not data to ask about.
const isBookkeeping = (label: string) => label.startsWith('Lens');
const strings = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((entry): entry is string => typeof entry === 'string') : [];

/** `name: STRING` for a property row (`propertyTypes` like `["String"]`). */
function propertyLine(row: Record<string, unknown>): string | null {
  if (typeof row.propertyName !== 'string') return null;
  const types = strings(row.propertyTypes);
  return types.length === 0 ? row.propertyName : `${row.propertyName}: ${types.join(' | ')}`;
}

function groupBy(rows: readonly Record<string, unknown>[], key: (row: Record<string, unknown>) => string | null): Map<string, string[]> {
  const groups = new Map<string, string[]>();
  for (const row of rows) {
    const name = key(row);
    if (name === null) continue;
    const properties = groups.get(name) ?? [];
    const line = propertyLine(row);
    if (line !== null) properties.push(line);
    groups.set(name, properties);
  }
  return groups;
}

/** The patterns of `db.schema.visualization()`: its virtual relationships name their end nodes by element id. */
function patternsOf(row: Record<string, unknown> | undefined): string[] {
  const nodes = Array.isArray(row?.nodes) ? (row.nodes as Record<string, unknown>[]) : [];
  const labelOf = new Map(nodes.map((node) => [String(node.element_id), strings(node.labels)[0] ?? '']));
  const relationships = Array.isArray(row?.relationships) ? (row.relationships as Record<string, unknown>[]) : [];
  const patterns = relationships.map((rel) => {
    const from = labelOf.get(String(rel.start)) ?? '';
    const to = labelOf.get(String(rel.end)) ?? '';
    return from && to && !isBookkeeping(from) && !isBookkeeping(to) ? `(:${from})-[:${String(rel.type)}]->(:${to})` : null;
  });
  return [...new Set(patterns.filter((pattern): pattern is string => pattern !== null))].sort();
}

/** Reads the schema with three built-in procedures; bookkeeping labels of the loader are left out. */
export async function readGraphSchema(read: SchemaReader): Promise<GraphSchema> {
  const [nodeRows, relRows, view] = await Promise.all([
    read(NODE_TYPE_PROPERTIES),
    read(RELATIONSHIP_TYPE_PROPERTIES),
    read(SCHEMA_VISUALIZATION),
  ]);
  const byLabels = groupBy(nodeRows.rows, (row) => {
    const labels = strings(row.nodeLabels);
    return labels.length === 0 || labels.some(isBookkeeping) ? null : labels.join(':');
  });
  const byType = groupBy(relRows.rows, (row) => (typeof row.relType === 'string' ? row.relType.replace(/^:`?|`$/g, '') : null));
  return {
    nodes: [...byLabels]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([labels, properties]) => ({ labels: labels.split(':'), properties: properties.sort() })),
    relationships: [...byType]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([type, properties]) => ({ type, properties: properties.sort() })),
    patterns: patternsOf(view.rows[0]),
  };
}
