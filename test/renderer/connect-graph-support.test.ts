import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { GraphSchemaSnapshot } from '../../shared/connect-report';
import { graphCapabilities, mismatchDigest } from '../../shared/graph-capabilities';
import { findSchemaMismatches } from '../../shared/schema-mismatches';
import { DEFAULT_SCHEMA_PROFILE, SchemaProfile } from '../../shared/schema-profile';
import { GraphSupport } from '../../renderer/screens/connect/GraphSupport';
import { MismatchList } from '../../renderer/screens/connect/MismatchList';
import { CheckView } from '../../renderer/screens/settings/ProfileSection';
import { initI18n } from '../../renderer/shell/i18n';
import { chunkIndex as index } from '../support/index-info';

// A graph as neo4j-graphrag's lexical graph builder writes one (Chunk -[:FROM_DOCUMENT]-> Document,
// NEXT_CHUNK, __Entity__), read through a profile of its names: none of the optional labels exist.
const PROFILE = SchemaProfile.parse({
  ...DEFAULT_SCHEMA_PROFILE,
  name: 'graphrag-lexical',
  relationships: { ...DEFAULT_SCHEMA_PROFILE.relationships, partOf: 'FROM_DOCUMENT' },
  indexes: { chunkVector: 'vector_index', chunkFulltext: 'fulltext_index', entityNames: 'entity_names' },
});
const SNAPSHOT: GraphSchemaSnapshot = {
  labels: [
    { label: 'Chunk', count: 6 },
    { label: 'Document', count: 4 },
    { label: '__Entity__', count: 1 },
  ],
  relationship_types: [
    { type: 'FROM_DOCUMENT', count: 6 },
    { type: 'NEXT_CHUNK', count: 2 },
    { type: 'FROM_CHUNK', count: 1 },
  ],
  indexes: [index('vector_index', 'VECTOR', ['embedding'], { dimensions: 384 }), index('fulltext_index', 'FULLTEXT', ['text'])],
  embedding: null,
  node_count: 11,
  relationship_count: 9,
  property_keys: [
    'id',
    'text',
    'embedding',
    'index',
    'path',
    'createdAt',
    'document_id',
    'chunk_id',
    'updated_at',
    'title',
    'source_uri',
    'position',
    'name',
  ],
};
const MISMATCHES = findSchemaMismatches(PROFILE, SNAPSHOT, { name: 'hashing-384', dimensions: 384 });
const CAPABILITIES = graphCapabilities(PROFILE, SNAPSHOT, MISMATCHES, 'default');

describe('what a graph without the optional parts supports, and its notes', () => {
  it('works out every mode, provenance from chunk to document, freshness from the update date only, the default rule and local principals', () => {
    expect(CAPABILITIES.modes.every((entry) => entry.available)).toBe(true);
    expect(CAPABILITIES).toMatchObject({
      provenance: ['Chunk', 'Document'],
      freshness_fields: ['updated_at'],
      access_policy: 'default',
      principals: 'local',
    });
  });

  it('turns off the modes a missing vector index stops, and says so', () => {
    const withoutVector = { ...SNAPSHOT, indexes: SNAPSHOT.indexes.filter((entry) => entry.type !== 'VECTOR') };
    const capabilities = graphCapabilities(
      PROFILE,
      withoutVector,
      findSchemaMismatches(PROFILE, withoutVector, { name: 'hashing-384', dimensions: 384 }),
      'default',
    );
    expect(capabilities.modes.filter((entry) => entry.available).map((entry) => entry.mode)).toEqual(['fulltext']);
    expect(capabilities.lines[0]).toEqual({
      code: 'connect_report:cap_modes_some',
      params: { modes: 'fulltext', off: 'vector, hybrid, graph' },
    });
  });

  it('folds the notes about absent optional labels and relationships into one line, and the absent properties into another, dropping none', () => {
    const absent = MISMATCHES.filter(
      (entry) => entry.message_code === 'mismatch:label_missing' || entry.message_code === 'mismatch:relationship_missing',
    );
    expect(absent.length).toBeGreaterThan(15);
    const digest = mismatchDigest(MISMATCHES);
    expect(digest.grouped.map((line) => line.code)).toEqual(['connect_report:optional_absent', 'connect_report:properties_absent']);
    expect(digest.each.length + digest.grouped_count).toBe(MISMATCHES.length);
    expect(digest.each.some((entry) => entry.message_code === 'mismatch:label_missing')).toBe(false);
  });
});

describe('the Connect screen on such a graph', () => {
  let i18n: Awaited<ReturnType<typeof initI18n>>;
  beforeAll(async () => {
    i18n = await initI18n('en');
  });
  afterEach(async () => {
    await i18n.changeLanguage('en');
  });
  const mismatches = () => renderToStaticMarkup(createElement(MismatchList, { mismatches: MISMATCHES, profile: PROFILE.name }));

  it('lists what the graph supports first, in English and in Korean', async () => {
    const english = renderToStaticMarkup(createElement(GraphSupport, { capabilities: CAPABILITIES }));
    expect(english).toContain('What this graph supports');
    expect(english).toContain('Retrieval modes that work on this graph: vector, fulltext, hybrid, graph.');
    expect(english).toContain('Provenance: each item is traced Chunk → Document; the graph holds no claims or evidence.');
    await i18n.changeLanguage('ko');
    const korean = renderToStaticMarkup(createElement(GraphSupport, { capabilities: CAPABILITIES }));
    expect(korean).toContain('이 그래프가 지원하는 것');
    expect(korean).toContain('이 그래프에서 동작하는 검색 모드: vector, fulltext, hybrid, graph.');
    expect(korean).not.toContain('Provenance');
  });

  it('shows one line for the absent optional parts, naming them and what is off, with every note behind a disclosure', async () => {
    const html = mismatches();
    const shown = html.split('<details')[0] ?? '';
    expect(shown).toContain('Optional parts this graph does not have: ADR, Evidence, Claim, Service');
    expect(shown).toContain('Off here: Stale ADRs and decision states; claims and evidence in provenance paths;');
    expect(shown).not.toContain('The graph has no :ADR nodes');
    const each = html.slice(html.indexOf('<details'));
    expect(each).toContain(`Each of the ${mismatchDigest(MISMATCHES).grouped_count} notes in full`);
    for (const entry of MISMATCHES.filter((mismatch) => mismatch.severity === 'note'))
      expect(each).toContain(entry.message.replaceAll("'", '&#x27;'));
    await i18n.changeLanguage('ko');
    expect(mismatches()).toContain('이 그래프에 없는 선택 부분: ADR, Evidence, Claim');
  });
});

describe('the Settings profile check on such a graph', () => {
  let i18n: Awaited<ReturnType<typeof initI18n>>;
  beforeAll(async () => {
    i18n = await initI18n('en');
  });
  afterEach(async () => {
    await i18n.changeLanguage('en');
  });
  const checked = () =>
    renderToStaticMarkup(
      createElement(CheckView, {
        check: {
          valid: true,
          problem: null,
          profile_name: PROFILE.name,
          mismatches: MISMATCHES,
          capabilities: CAPABILITIES,
          graph_problem: null,
        },
        fileName: 'graphrag.json',
      }),
    );

  it('says what the graph supports under the file’s profile, as Connect does, before the mismatches, in English and in Korean', async () => {
    const english = checked();
    const supports = english.indexOf('What this graph supports');
    expect(supports).toBeGreaterThan(-1);
    expect(english).toContain('Retrieval modes that work on this graph: vector, fulltext, hybrid, graph.');
    expect(english).toContain('Provenance: each item is traced Chunk → Document; the graph holds no claims or evidence.');
    expect(english.indexOf('Optional parts this graph does not have')).toBeGreaterThan(supports);
    await i18n.changeLanguage('ko');
    const korean = checked();
    expect(korean).toContain('이 그래프가 지원하는 것');
    expect(korean).toContain('이 그래프에서 동작하는 검색 모드: vector, fulltext, hybrid, graph.');
    expect(korean).not.toContain('Provenance');
  });
});
