import { describe, expect, it } from 'vitest';
import { DEFAULT_ACCESS_POLICY, type AccessPolicy } from '../../../shared/acl/access-policy';
import { DEFAULT_SCHEMA_PROFILE, type SchemaProfile } from '../../../shared/schema-profile';
import { chunkProps } from '../../../electron/retrieval/candidate-rows';
import { chunkKeys, documentKeys, entityHitKeys, entityKeys, projectionKeys } from '../../../electron/retrieval/chunk-keys';
import { entityHits } from '../../../electron/retrieval/entity-queries';
import { chunkMap, documentMap, entityMap } from '../../../electron/retrieval/retrieval-queries';

const profile = DEFAULT_SCHEMA_PROFILE;

describe('chunkKeys', () => {
  it("names the profile's chunk properties but the embedding and the ACL terms", () => {
    const keys = chunkKeys(profile, DEFAULT_ACCESS_POLICY);
    expect(keys).toEqual(['acl_partition', 'chunk_id', 'end_char', 'heading_path', 'position', 'start_char', 'text']);
  });

  it('names a chunk property the access policy reads and the profile does not', () => {
    const policy: AccessPolicy = {
      ...DEFAULT_ACCESS_POLICY,
      chunk: { ...DEFAULT_ACCESS_POLICY.chunk, all_of: [{ op: 'equals_value', property: 'tier', value: 'open', reason: 'partition' }] },
    };
    expect(chunkKeys(profile, policy)).toContain('tier');
  });

  it("follows a renamed profile's property names", () => {
    const renamed: SchemaProfile = {
      ...profile,
      properties: { ...profile.properties, chunk: { ...profile.properties.chunk, text: 'body', embedding: 'vec', aclTerms: 'terms' } },
    };
    const keys = chunkKeys(renamed, DEFAULT_ACCESS_POLICY);
    expect(keys).toContain('body');
    expect(keys).not.toContain('text');
    expect(keys).not.toContain('vec');
    expect(keys).not.toContain('terms');
  });
});

describe('documentKeys', () => {
  it("names the profile's document and ADR properties, and no other", () => {
    const keys = documentKeys(profile, DEFAULT_ACCESS_POLICY);
    for (const key of [...Object.values(profile.properties.document), ...Object.values(profile.properties.adr)])
      expect(keys).toContain(key);
    expect(keys).not.toContain('raw_content');
    expect(keys).not.toContain('created_at');
  });

  it('names a document property the access policy reads and the profile does not', () => {
    const policy: AccessPolicy = {
      ...DEFAULT_ACCESS_POLICY,
      document: {
        ...DEFAULT_ACCESS_POLICY.document,
        all_of: [{ op: 'equals_value', property: 'tier', value: 'open', reason: 'partition' }],
      },
    };
    expect(documentKeys(profile, policy)).toContain('tier');
    expect(documentKeys(profile, DEFAULT_ACCESS_POLICY)).not.toContain('tier');
  });
});

describe('entityKeys and entityMap', () => {
  it("names the entities' ids and names and what the policy's entity decision reads", () => {
    const keys = entityKeys(profile, DEFAULT_ACCESS_POLICY);
    for (const key of ['service_id', 'api_id', 'repository_id', 'owner_id', 'incident_id', 'name', 'path', 'title'])
      expect(keys).toContain(key);
    for (const key of DEFAULT_ACCESS_POLICY.entity.acl_properties) expect(keys).toContain(key);
    const marked: AccessPolicy = {
      ...DEFAULT_ACCESS_POLICY,
      entity: {
        acl_properties: ['tenant'],
        rule: { ...DEFAULT_ACCESS_POLICY.chunk, all_of: [{ op: 'equals_value', property: 'tier', value: 'open', reason: 'partition' }] },
      },
    };
    expect(entityKeys(profile, marked)).toEqual(expect.arrayContaining(['tenant', 'tier']));
    expect(entityKeys(profile, DEFAULT_ACCESS_POLICY)).not.toContain('description_embedding');
  });

  it("names the keys and sends the first `…_id` apart, from the entity's keys; with no keys reads the whole node", () => {
    expect(entityMap('ent', ['name', 'service_id'])).toBe(
      "ent { .`name`, .`service_id`, lens_first_id: [lens_key IN keys(ent) WHERE lens_key ENDS WITH '_id' | ent[lens_key]][0] }",
    );
    expect(entityMap('ent', null)).toBe('ent { .* }');
  });
});

describe('entityHitKeys and the entity hits read', () => {
  it("names the entity index's own properties, the entities' and the ADR's names, and what the policy judges an entity or a document by", () => {
    const policy: AccessPolicy = {
      ...DEFAULT_ACCESS_POLICY,
      document: {
        ...DEFAULT_ACCESS_POLICY.document,
        all_of: [{ op: 'in_principal_when_both_set', property: 'compartment', principal_field: 'acl_partitions', reason: 'partition' }],
      },
      entity: { ...DEFAULT_ACCESS_POLICY.entity, acl_properties: ['tenant'] },
    };
    const keys = entityHitKeys(projectionKeys(profile, policy), ['aliases', 'name']);
    for (const key of ['aliases', 'name', 'service_id', profile.properties.adr.id, 'compartment', 'tenant']) expect(keys).toContain(key);
    expect(keys).not.toContain('description_embedding');
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('reads each hit as the named keys, quoted, and the whole node only when no keys are given', () => {
    const named = entityHits(profile, true, ['name', 'odd name']).text;
    expect(named).toContain('ent { .`name`, .`odd name` } AS props');
    expect(named).not.toContain('.*');
    expect(entityHits(profile, true).text).toContain('ent { .* } AS props');
  });
});

describe('documentMap', () => {
  it('names the keys, quoted, and sends the dated ones among them as text, from one read', () => {
    const text = documentMap(profile, 'd', ['document_id', 'updated_at', 'odd key']);
    expect(text).toBe(
      '[lens_doc IN [d { .`document_id`, .`updated_at`, .`odd key` }] | lens_doc { .*, `updated_at`: CASE WHEN lens_doc.`updated_at` IS :: ZONED DATETIME NOT NULL | LOCAL DATETIME NOT NULL | DATE NOT NULL THEN { lens_temporal_text: toString(lens_doc.`updated_at`) } ELSE lens_doc.`updated_at` END }][0]',
    );
    expect(text).not.toContain('properties(');
  });

  it('is the named projection alone when no named key is dated', () => {
    expect(documentMap(profile, 'd', ['document_id', 'title'])).toBe('d { .`document_id`, .`title` }');
  });

  it("reads every property, the loader's dates as text too, when no keys are given", () => {
    const text = documentMap(profile, 'd', null);
    expect(text.startsWith('[lens_doc IN [properties(d)] | lens_doc { .*, ')).toBe(true);
    expect(text).toContain('`ingested_at`:');
  });
});

describe('chunkMap and chunkProps', () => {
  it('names the keys, quoted, and reads no whole map when keys are given', () => {
    const text = chunkMap(profile, 'c', ['text', 'odd key']);
    expect(text).toBe('c { .`text`, .`odd key` }');
  });

  it('reads every property with the machine ones blanked when no keys are given', () => {
    expect(chunkMap(profile, 'c', null)).toBe('c { .*, `embedding`: null, `acl_terms`: null }');
  });

  it('drops the entries a chunk lacks (null) and keeps every other value, false and 0 too', () => {
    expect(chunkProps({ chunk_id: 'a#0', text: '', position: 0, flag: false, acl_partition: null })).toEqual({
      chunk_id: 'a#0',
      text: '',
      position: 0,
      flag: false,
    });
  });
});
