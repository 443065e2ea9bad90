import type { SchemaProfile } from '../../shared/schema-profile';
import type { GraphSchema } from '../graph/graph-schema';
import type { ChatMessage } from './chat-model';

/**
 * The prompt mode `text2cypher` sends: the introspected schema, the rules every generated query
 * must keep (read-only, one statement, the provenance columns, a LIMIT), and a few examples written
 * in the profile's own names. The user's question is sent to the model as the user message only;
 * the query it writes receives the question as the parameter `$query`, never spliced into text.
 */

/** The schema as the prompt states it: label combinations with properties, relationship types, patterns. */
export function schemaText(schema: GraphSchema, profile: SchemaProfile): string {
  // Vectors are long lists of floats: the model cannot use them, so they are named but not described.
  const embedding = profile.properties.chunk.embedding;
  const nodeLines = schema.nodes.map(
    (node) => `(:${node.labels.join(':')}) {${node.properties.filter((line) => !line.startsWith(`${embedding}:`)).join(', ')}}`,
  );
  const relLines = schema.relationships.map((rel) => `[:${rel.type}]${rel.properties.length ? ` {${rel.properties.join(', ')}}` : ''}`);
  return [
    'Node labels and properties:',
    ...nodeLines,
    '',
    'Relationship types and properties:',
    ...relLines,
    '',
    'Relationships:',
    ...schema.patterns,
  ].join('\n');
}

/** Question and answer pairs in the profile's names: full-text search, and a claim path back to its source. */
export function examplesText(profile: SchemaProfile): string {
  const { labels: l, relationships: r, properties: p, indexes } = profile;
  const chunkId = p.chunk.id;
  const source = p.document.sourceUri;
  return [
    'Question: Which passages explain how deployments are rolled back?',
    '```cypher',
    `CALL db.index.fulltext.queryNodes('${indexes.chunkFulltext}', $query) YIELD node, score`,
    `MATCH (node)-[:${r.partOf}]->(d:${l.document})`,
    `RETURN node.${chunkId} AS chunk_id, d.${source} AS source_uri, score`,
    'ORDER BY score DESC LIMIT $top_k',
    '```',
    '',
    'Question: What do we know about incidents that affected the payments service?',
    '```cypher',
    `MATCH (s:${l.service})-[:${r.affectedBy}]->(i:${l.incident})<-[:${r.about}]-(cl:${l.claim})`,
    `MATCH (cl)-[:${r.supportedBy}]->(:${l.evidence})-[:${r.locatedIn}]->(c:${l.chunk})-[:${r.partOf}]->(d:${l.document})`,
    `WHERE toLower(s.${p.entity.name}) CONTAINS 'payment'`,
    `RETURN c.${chunkId} AS chunk_id, d.${source} AS source_uri, cl.${p.claim.id} AS claim_id`,
    'LIMIT $top_k',
    '```',
  ].join('\n');
}

const RULES = [
  'Write one read-only Cypher query for Neo4j 5 that finds the passages answering the question.',
  'Rules:',
  '- Return each passage as a row with the columns chunk_id (the chunk) and source_uri (its document); add score and claim_id when you have them.',
  '- Read only: no CREATE, MERGE, SET, DELETE, REMOVE, LOAD CSV, CALL { } IN TRANSACTIONS, administration commands or USE.',
  '- One statement, ending with LIMIT $top_k. The question is available as the parameter $query; do not copy it into the query text.',
  '- Use only the labels, relationship types and properties of the schema below. Do not filter by access or visibility: the application checks access itself.',
  '- Answer with the query alone in a ```cypher fenced block.',
];

/** The messages of one Text2Cypher request: the system prompt (rules, schema, examples) and the question. */
export function text2CypherMessages(question: string, schema: GraphSchema, profile: SchemaProfile): ChatMessage[] {
  const system = [...RULES, '', 'Schema:', schemaText(schema, profile), '', 'Examples:', examplesText(profile)].join('\n');
  return [
    { role: 'system', content: system },
    { role: 'user', content: question },
  ];
}
