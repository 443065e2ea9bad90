import { describe, expect, it } from 'vitest';
import { DEFAULT_ACCESS_POLICY, type AccessPolicy } from '../../../shared/acl/access-policy';
import { DEFAULT_SCHEMA_PROFILE, type SchemaProfile } from '../../../shared/schema-profile';
import { chunkProps } from '../../../electron/retrieval/candidate-rows';
import { chunkKeys } from '../../../electron/retrieval/chunk-keys';
import { chunkMap } from '../../../electron/retrieval/retrieval-queries';

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
