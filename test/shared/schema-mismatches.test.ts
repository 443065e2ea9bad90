import { describe, expect, it } from 'vitest';
import { wordCore } from '../../shared/core-catalogues';
import type { GraphSchemaSnapshot, IndexInfo } from '../../shared/connect-report';
import { findSchemaMismatches } from '../../shared/schema-mismatches';
import { DEFAULT_SCHEMA_PROFILE } from '../../shared/schema-profile';
import { chunkIndex } from '../support/index-info';

const P = DEFAULT_SCHEMA_PROFILE;
const EMBEDDER = { name: 'hashing-384', dimensions: 384 };

const index = (name: string, type: string, properties: string[], extra: Partial<IndexInfo> = {}): IndexInfo =>
  chunkIndex(name, type, properties, { labels_or_types: [P.labels.chunk], ...extra });

/** A graph that fits the default profile, with the full-text index over the given properties. */
function snapshot(fulltextProperties: string[]): GraphSchemaSnapshot {
  return {
    labels: Object.values(P.labels).map((label) => ({ label, count: 3 })),
    relationship_types: Object.values(P.relationships).map((type) => ({ type, count: 3 })),
    indexes: [
      index(P.indexes.chunkVector, 'VECTOR', [P.properties.chunk.embedding], { dimensions: 384, similarity: 'COSINE' }),
      index(P.indexes.chunkFulltext, 'FULLTEXT', fulltextProperties, { analyzer: 'cjk' }),
      index(P.indexes.entityNames, 'FULLTEXT', ['name'], { labels_or_types: [P.labels.service] }),
    ],
    embedding: { index: P.indexes.chunkVector, embedder: EMBEDDER.name, dimensions: 384, kind: 'lexical', recorded_at: null },
    node_count: 10,
    relationship_count: 10,
  };
}

describe('findSchemaMismatches on the full-text index', () => {
  it('finds nothing when the index holds the text and the ACL terms', () => {
    expect(findSchemaMismatches(P, snapshot([P.properties.chunk.text, P.properties.chunk.aclTerms]), EMBEDDER)).toEqual([]);
  });

  it('notes, without calling it an error, that an index without ACL terms means post-filtered full-text search', () => {
    const found = findSchemaMismatches(P, snapshot([P.properties.chunk.text]), EMBEDDER);
    expect(found).toHaveLength(1);
    expect(found[0]).toMatchObject({ severity: 'note', subject: `index ${P.indexes.chunkFulltext}` });
    expect(found[0]?.message).toMatch(/holds no ACL terms \(acl_terms\).*fetched and then filtered/);
  });

  it('calls an index that does not cover the chunk text an error', () => {
    const found = findSchemaMismatches(P, snapshot(['title']), EMBEDDER);
    expect(found.map((m) => m.severity)).toEqual(['error']);
  });
});

describe('findSchemaMismatches: the subject as a code', () => {
  it('codes a missing label subject, so its kind is worded in Korean and the label stays as written', () => {
    const graph = snapshot([P.properties.chunk.text, P.properties.chunk.aclTerms]);
    const found = findSchemaMismatches(P, { ...graph, labels: graph.labels.filter((entry) => entry.label !== P.labels.chunk) }, EMBEDDER);
    const mismatch = found.find((entry) => entry.subject_code === 'mismatch:subject_label');
    expect(mismatch).toMatchObject({ subject: `label ${P.labels.chunk}`, subject_params: { name: P.labels.chunk } });
    expect(wordCore({ code: mismatch?.subject_code ?? '', params: mismatch?.subject_params }, 'ko')).toBe(`레이블 ${P.labels.chunk}`);
  });

  it('codes a missing relationship type subject', () => {
    const graph = snapshot([P.properties.chunk.text, P.properties.chunk.aclTerms]);
    const without = graph.relationship_types.filter((entry) => entry.type !== P.relationships.partOf);
    const found = findSchemaMismatches(P, { ...graph, relationship_types: without }, EMBEDDER);
    expect(found[0]).toMatchObject({
      subject: `relationship ${P.relationships.partOf}`,
      subject_code: 'mismatch:subject_relationship',
      subject_params: { name: P.relationships.partOf },
    });
  });
});

describe('findSchemaMismatches on the property names the profile gives', () => {
  /** Every property name of the profile, as db.propertyKeys() would list them on a graph that has them all. */
  const allKeys = (profile: typeof P) =>
    Object.values(profile.properties).flatMap((names) => Object.values(names as Record<string, string>));
  const fitting = [P.properties.chunk.text, P.properties.chunk.aclTerms];

  it('finds nothing when the graph has every property the profile names, and checks nothing in an older report without keys', () => {
    expect(findSchemaMismatches(P, { ...snapshot(fitting), property_keys: allKeys(P) }, EMBEDDER)).toEqual([]);
    expect(findSchemaMismatches(P, snapshot(fitting), EMBEDDER)).toEqual([]);
  });

  it('notes each property name no node or relationship has, naming the profile field, in either language', () => {
    const profile = {
      ...P,
      properties: {
        ...P.properties,
        principal: { ...P.properties.principal, id: 'person_id' },
        adr: { ...P.properties.adr, statusText: 'status_line' },
      },
    };
    const keys = allKeys(P);
    const found = findSchemaMismatches(profile, { ...snapshot(fitting), property_keys: keys }, EMBEDDER);
    expect(found.map((mismatch) => [mismatch.severity, mismatch.subject])).toEqual([
      ['note', 'property status_line'],
      ['note', 'property person_id'],
    ]);
    expect(found[1]?.message).toBe(
      'No node or relationship the profile reads it on has a property named person_id, which the profile gives as properties.principal.id; what reads it finds nothing. Name the property the graph uses there, or leave it when the graph keeps no such value.',
    );
    expect(found[1]).toMatchObject({ message_code: 'mismatch:property_missing', subject_code: 'mismatch:subject_property' });
    expect(wordCore({ code: found[1]!.message_code!, params: found[1]!.message_params }, 'ko')).toContain(
      '프로필이 이 속성을 읽는 노드나 관계 어디에도 person_id 속성이 없습니다. 프로필이 properties.principal.id(으)로 지정한 이름이므로',
    );
    // Not noted: a label the graph holds none of (its own mismatch says so), and a successor named outside the graph, which no record may have.
    const withoutPrincipals = { ...snapshot(fitting), property_keys: keys.filter((key) => key !== P.properties.adr.successorOutside) };
    withoutPrincipals.labels = withoutPrincipals.labels.map((entry) =>
      entry.label === P.labels.principal ? { ...entry, count: 0 } : entry,
    );
    expect(findSchemaMismatches(profile, withoutPrincipals, EMBEDDER).map((mismatch) => mismatch.subject)).toEqual([
      `label ${P.labels.principal}`,
      'property status_line',
    ]);
    // A name the graph has under another field's role is there: keys are not per label.
    expect(findSchemaMismatches(profile, { ...snapshot(fitting), property_keys: [...keys, 'person_id', 'status_line'] }, EMBEDDER)).toEqual(
      [],
    );
  });

  it('judges from the names nodes hold now where the report has them, not from the keys the server once made', () => {
    const keys = allKeys(P);
    const heldNow = keys.filter((key) => key !== P.properties.evidence.quote);
    const found = findSchemaMismatches(P, { ...snapshot(fitting), property_keys: keys, held_property_names: heldNow }, EMBEDDER);
    expect(found.map((mismatch) => [mismatch.severity, mismatch.subject, mismatch.message_params])).toEqual([
      ['note', `property ${P.properties.evidence.quote}`, { property: P.properties.evidence.quote, field: 'properties.evidence.quote' }],
    ]);
    expect(findSchemaMismatches(P, { ...snapshot(fitting), property_keys: keys, held_property_names: keys }, EMBEDDER)).toEqual([]);
  });
});

describe('findSchemaMismatches on chunks that are part of no document', () => {
  const full = [P.properties.chunk.text, P.properties.chunk.aclTerms];

  it('finds nothing when every chunk has its document, and checks nothing in an older report without the count', () => {
    expect(findSchemaMismatches(P, { ...snapshot(full), chunks_without_document: 0 }, EMBEDDER)).toEqual([]);
    expect(findSchemaMismatches(P, snapshot(full), EMBEDDER)).toEqual([]);
  });

  it('warns with how many of how many, under the profile’s names, in either language', () => {
    const [found, ...rest] = findSchemaMismatches(P, { ...snapshot(full), chunks_without_document: 2 }, EMBEDDER);
    expect(rest).toEqual([]);
    expect(found).toMatchObject({
      severity: 'warning',
      subject: 'label Chunk',
      message_code: 'mismatch:chunks_without_document',
      message_params: { count: 2, chunks: 3, label: 'Chunk', document: 'Document', type: 'PART_OF' },
    });
    expect(found?.message).toContain(':Chunk nodes that are part of no :Document (no :PART_OF link to one): 2 of 3.');
    const korean = wordCore({ code: found?.message_code ?? '', params: found?.message_params ?? {} }, 'ko');
    expect(korean).toContain(':Chunk 노드 3개 중 2개는 어떤 :Document에도 속하지 않습니다');
  });
});
