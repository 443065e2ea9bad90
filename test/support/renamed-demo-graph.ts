import neo4j, { type Driver } from 'neo4j-driver';
import { defaultAccessPolicy } from '../../shared/acl/access-policy';
import { aclTermProperties, aclTermsOf } from '../../shared/acl/compile-acl-to-lucene';
import { quoteName as q } from '../../shared/cypher/quote-name';
import { DEFAULT_SCHEMA_PROFILE, SchemaProfile } from '../../shared/schema-profile';
import { fixtureDriver } from './demo-graph';
import type { TestNeo4j } from './test-env';

/**
 * The demo graph under other names: every label, relationship type, profiled property and index
 * renamed, as a team's own graph would name them. Ids keep their values, so answers compare directly.
 */
export const RENAMED_PROFILE: SchemaProfile = SchemaProfile.parse({
  name: 'renamed-demo',
  labels: {
    document: 'SourceDoc',
    adr: 'DecisionRecord',
    chunk: 'Passage',
    evidence: 'Quote',
    claim: 'Assertion',
    service: 'System',
    api: 'Endpoint',
    repository: 'CodeRepo',
    owner: 'Steward',
    incident: 'Outage',
    principal: 'Person',
    group: 'Team',
  },
  relationships: {
    partOf: 'FROM_DOCUMENT',
    locatedIn: 'FOUND_IN',
    supportedBy: 'BACKED_BY',
    about: 'CONCERNS',
    supersededBy: 'REPLACED_BY',
    exposes: 'OFFERS',
    implementedBy: 'BUILT_IN',
    ownedBy: 'KEPT_BY',
    affectedBy: 'HIT_BY',
    memberOf: 'BELONGS_TO',
  },
  properties: {
    document: {
      id: 'doc_id',
      sourceUri: 'uri',
      title: 'heading',
      docType: 'kind',
      workspaceId: 'tenant',
      visibility: 'access',
      ownerId: 'owner',
      allowedGroups: 'groups_allowed',
      updatedAt: 'modified_at',
      sourceVersion: 'revision',
      validFrom: 'effective_from',
      validTo: 'effective_to',
      supersededBy: 'replaced_by',
      language: 'lang',
      file: 'source_file',
    },
    adr: {
      id: 'decision_id',
      status: 'state',
      decidedAt: 'decided_on',
      datedBy: 'date_basis',
      statusText: 'status_line',
      successorOutside: 'external_successor',
      supersession: 'replacement_kind',
    },
    chunk: {
      id: 'passage_id',
      text: 'content',
      embedding: 'vec',
      aclPartition: 'partition',
      aclTerms: 'acl_tokens',
      position: 'ordinal',
      startChar: 'begin_offset',
      endChar: 'end_offset',
      headingPath: 'headings',
    },
    evidence: { id: 'quote_id', quote: 'excerpt', startChar: 'from_char', endChar: 'to_char' },
    claim: { id: 'assertion_id', text: 'statement' },
    supersededBy: { partial: 'is_partial', drift: 'drifted' },
    entity: { name: 'moniker', path: 'endpoint_path', title: 'headline' },
    service: { id: 'system_id' },
    api: { id: 'endpoint_id' },
    repository: { id: 'repo_id' },
    owner: { id: 'steward_id' },
    incident: { id: 'outage_id', document: 'report_id' },
    principal: { id: 'person_id', displayName: 'full_name', workspaceId: 'tenant', aclPartitions: 'partitions', description: 'bio' },
    group: { id: 'team_id', name: 'team_name' },
  },
  indexes: { chunkVector: 'passage_vec', chunkFulltext: 'passage_text', entityNames: 'thing_names' },
});

type Kind = keyof SchemaProfile['properties'];
/** The kinds of property each label's nodes carry: an entity label its role's and every entity's. */
const KINDS_OF_LABEL: Readonly<Record<string, readonly Kind[]>> = (() => {
  const L = DEFAULT_SCHEMA_PROFILE.labels;
  return {
    [L.document]: ['document'],
    [L.adr]: ['adr'],
    [L.chunk]: ['chunk'],
    [L.evidence]: ['evidence'],
    [L.claim]: ['claim'],
    [L.service]: ['service', 'entity'],
    [L.api]: ['api', 'entity'],
    [L.repository]: ['repository', 'entity'],
    [L.owner]: ['owner', 'entity'],
    [L.incident]: ['incident', 'entity'],
    [L.principal]: ['principal'],
    [L.group]: ['group'],
  };
})();
/** The kinds of property each relationship type carries. */
const KINDS_OF_TYPE: Readonly<Record<string, readonly Kind[]>> = {
  [DEFAULT_SCHEMA_PROFILE.relationships.supersededBy]: ['supersededBy'],
};

/** Pairs of the two profiles' names, default first, for one part of the profile. */
function pairs<T extends Record<string, string>>(from: T, to: T): Map<string, string> {
  return new Map(Object.entries(from).map(([key, name]) => [name, to[key as keyof T] as string]));
}
const LABELS = pairs(DEFAULT_SCHEMA_PROFILE.labels, RENAMED_PROFILE.labels);
const TYPES = pairs(DEFAULT_SCHEMA_PROFILE.relationships, RENAMED_PROFILE.relationships);
const propertyPairs = (kind: Kind) => pairs(DEFAULT_SCHEMA_PROFILE.properties[kind], RENAMED_PROFILE.properties[kind]);
/**
 * A chunk's own profiled properties, and the two the loader copies from its document: the workspace,
 * which the vector index filters on under the document's property name, and the document id.
 */
const CHUNK = new Map([
  ...propertyPairs('chunk'),
  [DEFAULT_SCHEMA_PROFILE.properties.document.workspaceId, RENAMED_PROFILE.properties.document.workspaceId],
  [DEFAULT_SCHEMA_PROFILE.properties.document.id, RENAMED_PROFILE.properties.document.id],
]);
const PROPERTIES = Object.fromEntries(
  (Object.keys(DEFAULT_SCHEMA_PROFILE.properties) as Kind[]).map((kind) => [kind, kind === 'chunk' ? CHUNK : propertyPairs(kind)]),
) as Readonly<Record<Kind, Map<string, string>>>;

/** Every label the copy's nodes carry, for removing it. */
const COPY_LABELS = [...LABELS.values()];

interface NodeRow {
  readonly id: string;
  readonly labels: string[];
  readonly props: Record<string, unknown>;
}

/** Properties under the renamed profile's names: each profiled property of each of these kinds renamed, the rest kept. */
function renamedAs(kinds: readonly Kind[], props: Record<string, unknown>): Record<string, unknown> {
  const renames = new Map<string, string>();
  for (const kind of kinds) for (const [from, to] of PROPERTIES[kind]) renames.set(from, to);
  return Object.fromEntries(Object.entries(props).map(([key, value]) => [renames.get(key) ?? key, value]));
}

/** A node's properties under the renamed profile's names, by the kinds of its labels. */
function renamedProperties(labels: readonly string[], props: Record<string, unknown>): Record<string, unknown> {
  return renamedAs(
    labels.flatMap((label) => KINDS_OF_LABEL[label] ?? []),
    props,
  );
}

async function run(driver: Driver, text: string, params: Record<string, unknown> = {}) {
  // A test fixture on the test server: the copy is written and removed here, never by the app.
  const session = driver.session({ defaultAccessMode: neo4j.session.WRITE });
  try {
    return await session.run(text, params);
  } finally {
    await session.close();
  }
}

/** An index config read from SHOW INDEXES as a Cypher map literal (its values are numbers, strings and booleans). */
function configLiteral(config: Record<string, unknown>): string {
  const value = (v: unknown) =>
    typeof v === 'string' ? `'${v.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'` : neo4j.isInt(v) ? String(v) : JSON.stringify(v);
  return `{${Object.entries(config)
    .map(([key, v]) => `\`${key}\`: ${value(v)}`)
    .join(', ')}}`;
}

/** An index of the demo, as SHOW INDEXES reports it. */
async function indexOf(driver: Driver, name: string): Promise<{ labels: string[]; properties: string[]; config: Record<string, unknown> }> {
  const result = await run(
    driver,
    'SHOW INDEXES YIELD name, labelsOrTypes, properties, options WHERE name = $name RETURN labelsOrTypes, properties, options',
    {
      name,
    },
  );
  const record = result.records[0];
  if (!record) throw new Error(`the demo graph has no index ${name}`);
  return {
    labels: record.get('labelsOrTypes') as string[],
    properties: record.get('properties') as string[],
    config: (record.get('options') as { indexConfig: Record<string, unknown> }).indexConfig,
  };
}

/**
 * Copies every node and relationship of the demo graph (but the loader's own records) into the same
 * database under `RENAMED_PROFILE`'s names, with ACL tokens for its property names, the three indexes
 * under its index names with the demo's settings, and the loader's records for them. Ids are kept.
 */
export async function copyDemoRenamed(server: TestNeo4j): Promise<void> {
  const driver = fixtureDriver(server);
  try {
    await removeRenamedCopy(driver);
    const nodes = (
      await run(
        driver,
        "MATCH (n) WHERE none(l IN labels(n) WHERE l STARTS WITH 'Lens') RETURN elementId(n) AS id, labels(n) AS labels, properties(n) AS props",
      )
    ).records.map((r): NodeRow => ({
      id: r.get('id') as string,
      labels: r.get('labels') as string[],
      props: r.get('props') as Record<string, unknown>,
    }));
    const unknown = nodes.flatMap((n) => n.labels.filter((l) => !LABELS.has(l)));
    if (unknown.length > 0) throw new Error(`the demo graph has labels the copy does not rename: ${[...new Set(unknown)].join(', ')}`);

    // The loader's ACL terms, recomputed from the graph, must be what it wrote: the copy's tokens are then what a load under the new names would write.
    const termsOf = (profile: SchemaProfile) => aclTermProperties(defaultAccessPolicy(profile));
    const chunkLabel = DEFAULT_SCHEMA_PROFILE.labels.chunk;
    const docIdProperty = DEFAULT_SCHEMA_PROFILE.properties.document.id;
    const documents = new Map(
      nodes.filter((n) => n.labels.includes(DEFAULT_SCHEMA_PROFILE.labels.document)).map((n) => [n.props[docIdProperty], n]),
    );
    const renamed = new Map<string, Record<string, unknown>>();
    for (const node of nodes) {
      const props = renamedProperties(node.labels, node.props);
      delete props[RENAMED_PROFILE.properties.chunk.embedding];
      if (node.labels.includes(chunkLabel)) {
        const doc = documents.get(node.props[docIdProperty]);
        if (!doc) throw new Error(`chunk ${String(node.props[DEFAULT_SCHEMA_PROFILE.properties.chunk.id])} has no document`);
        const original = aclTermsOf(termsOf(DEFAULT_SCHEMA_PROFILE), doc.props, node.props).join(' ');
        if (original !== node.props[DEFAULT_SCHEMA_PROFILE.properties.chunk.aclTerms])
          throw new Error('the demo chunks carry ACL terms other than the default policy gives: the copy cannot redo them');
        props[RENAMED_PROFILE.properties.chunk.aclTerms] = aclTermsOf(
          termsOf(RENAMED_PROFILE),
          renamedProperties(doc.labels, doc.props),
          props,
        ).join(' ');
      }
      renamed.set(node.id, props);
    }

    const copyOf = new Map<string, string>();
    const byLabels = new Map<string, NodeRow[]>();
    for (const node of nodes) {
      const key = node.labels
        .map((l) => LABELS.get(l) as string)
        .sort()
        .join(':');
      byLabels.set(key, [...(byLabels.get(key) ?? []), node]);
    }
    for (const [key, group] of byLabels) {
      const rows = group.map((node) => ({ from: node.id, props: renamed.get(node.id) }));
      const labels = key.split(':').map(q).join(':');
      const created = await run(
        driver,
        `UNWIND $rows AS row CREATE (n:${labels}) SET n = row.props RETURN row.from AS from, elementId(n) AS id`,
        { rows },
      );
      for (const record of created.records) copyOf.set(record.get('from') as string, record.get('id') as string);
    }
    // Vectors as the loader stores them (the same float32 values), under the new property name.
    const vectors = nodes.filter((n) => Array.isArray(n.props[DEFAULT_SCHEMA_PROFILE.properties.chunk.embedding]));
    await run(
      driver,
      `UNWIND $rows AS row MATCH (o) WHERE elementId(o) = row.from MATCH (n) WHERE elementId(n) = row.to
       CALL db.create.setNodeVectorProperty(n, $property, o.${q(DEFAULT_SCHEMA_PROFILE.properties.chunk.embedding)})`,
      { rows: vectors.map((n) => ({ from: n.id, to: copyOf.get(n.id) })), property: RENAMED_PROFILE.properties.chunk.embedding },
    );

    const relationships = await run(
      driver,
      "MATCH (a)-[r]->(b) WHERE none(l IN labels(a) + labels(b) WHERE l STARTS WITH 'Lens') RETURN elementId(a) AS a, elementId(b) AS b, type(r) AS type, properties(r) AS props",
    );
    const byType = new Map<string, { a: string; b: string; props: unknown }[]>();
    for (const record of relationships.records) {
      const a = copyOf.get(record.get('a') as string);
      const b = copyOf.get(record.get('b') as string);
      if (!a || !b) continue;
      const type = record.get('type') as string;
      const to = TYPES.get(type);
      if (!to) throw new Error(`the demo graph has a relationship type the copy does not rename: ${type}`);
      const props = renamedAs(KINDS_OF_TYPE[type] ?? [], record.get('props') as Record<string, unknown>);
      byType.set(to, [...(byType.get(to) ?? []), { a, b, props }]);
    }
    for (const [type, rows] of byType)
      await run(
        driver,
        `UNWIND $rows AS row MATCH (a) WHERE elementId(a) = row.a MATCH (b) WHERE elementId(b) = row.b CREATE (a)-[r:${q(type)}]->(b) SET r = row.props`,
        {
          rows,
        },
      );

    await copyIndexes(driver);
  } finally {
    await driver.close();
  }
}

/** The three indexes under the renamed names, labels and properties, with the demo's settings, and the loader's records of them. */
async function copyIndexes(driver: Driver): Promise<void> {
  const D = DEFAULT_SCHEMA_PROFILE;
  const R = RENAMED_PROFILE;
  const chunkProperty = (name: string) => CHUNK.get(name) ?? name;

  const vector = await indexOf(driver, D.indexes.chunkVector);
  const [embedding, ...filterable] = vector.properties.map(chunkProperty);
  const withClause = filterable.length > 0 ? ` WITH [${filterable.map((p) => `c.${q(p)}`).join(', ')}]` : '';
  await run(
    driver,
    `${withClause ? 'CYPHER 25 ' : ''}CREATE VECTOR INDEX ${q(R.indexes.chunkVector)} FOR (c:${q(R.labels.chunk)}) ON c.${q(embedding as string)}${withClause} OPTIONS {indexConfig: ${configLiteral(vector.config)}}`,
  );

  const fulltext = await indexOf(driver, D.indexes.chunkFulltext);
  await run(
    driver,
    `CREATE FULLTEXT INDEX ${q(R.indexes.chunkFulltext)} FOR (c:${q(R.labels.chunk)}) ON EACH [${fulltext.properties.map((p) => `c.${q(chunkProperty(p))}`).join(', ')}] OPTIONS {indexConfig: ${configLiteral(fulltext.config)}}`,
  );

  const entities = await indexOf(driver, D.indexes.entityNames);
  // The entity labels' own properties: every entity's name, path and title, and each role's id.
  const entityProperty = (name: string) =>
    (['entity', 'service', 'api', 'repository', 'owner', 'incident'] as const).map((kind) => PROPERTIES[kind].get(name)).find(Boolean) ??
    name;
  await run(
    driver,
    `CREATE FULLTEXT INDEX ${q(R.indexes.entityNames)} FOR (n:${entities.labels.map((l) => q(LABELS.get(l) ?? l)).join('|')}) ON EACH [${entities.properties.map((p) => `n.${q(entityProperty(p))}`).join(', ')}] OPTIONS {indexConfig: ${configLiteral(entities.config)}}`,
  );

  const terms = aclTermProperties(defaultAccessPolicy(R));
  await run(
    driver,
    `MATCH (m:LensAclTermsInfo) WITH m LIMIT 1
     CREATE (:LensAclTermsInfo {index: $index, property: $property, scheme: m.scheme, document_properties: $document, chunk_properties: $chunk, recorded_at: datetime()})`,
    { index: R.indexes.chunkFulltext, property: R.properties.chunk.aclTerms, document: [...terms.document], chunk: [...terms.chunk] },
  );
  await run(
    driver,
    `MATCH (m:LensEmbeddingInfo) WITH m LIMIT 1
     CREATE (:LensEmbeddingInfo {index: $index, embedder: m.embedder, dimensions: m.dimensions, kind: m.kind, features: m.features, recorded_at: datetime()})`,
    { index: R.indexes.chunkVector },
  );
  await run(driver, 'CALL db.awaitIndexes(300)');
}

/** Removes the renamed copy, its indexes and its records, so the graph is the demo again. */
export async function removeRenamedCopy(driver: Driver): Promise<void> {
  const R = RENAMED_PROFILE;
  for (const index of Object.values(R.indexes)) await run(driver, `DROP INDEX ${q(index)} IF EXISTS`);
  await run(driver, 'MATCH (m:LensAclTermsInfo|LensEmbeddingInfo) WHERE m.index IN $indexes DELETE m', {
    indexes: Object.values(R.indexes),
  });
  await run(driver, `MATCH (n) WHERE any(l IN labels(n) WHERE l IN $labels) DETACH DELETE n`, { labels: COPY_LABELS });
}

/** `removeRenamedCopy` with a driver of its own. */
export async function removeDemoRenamed(server: TestNeo4j): Promise<void> {
  const driver = fixtureDriver(server);
  try {
    await removeRenamedCopy(driver);
  } finally {
    await driver.close();
  }
}
