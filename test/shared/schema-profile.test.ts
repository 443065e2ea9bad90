import { describe, expect, it } from 'vitest';
import { wordCore } from '../../shared/core-catalogues';
import { parseLensProfile } from '../../shared/lens-profile';
import { DEFAULT_SCHEMA_PROFILE, entityIdProperty } from '../../shared/schema-profile';
import { errorOf } from '../support/lens-error-of';

/**
 * A profile file as written before the profile named entity, principal, group, heading, language,
 * file and supersession properties: the default profile without them (and without `aclTerms`, optional since).
 */
const EARLIER_FILE = (() => {
  const file = JSON.parse(JSON.stringify({ ...DEFAULT_SCHEMA_PROFILE, name: 'team' })) as {
    properties: Record<string, Record<string, string> | undefined>;
  };
  const P = file.properties;
  for (const kind of ['supersededBy', 'entity', 'service', 'api', 'repository', 'owner', 'incident', 'principal', 'group']) delete P[kind];
  const later: Record<string, readonly string[]> = {
    document: ['language', 'file'],
    adr: ['statusText', 'successorOutside', 'supersession'],
    chunk: ['headingPath', 'aclTerms'],
  };
  for (const [kind, fields] of Object.entries(later)) for (const field of fields) delete P[kind]![field];
  return file;
})();

describe('the schema profile’s later fields', () => {
  it('loads a profile file written before them, with the demo’s names for every one of them', () => {
    const { schema } = parseLensProfile({ schema: EARLIER_FILE }, 'team.json');
    expect(schema).toEqual({ ...DEFAULT_SCHEMA_PROFILE, name: 'team' });
    expect(schema.properties.principal.id).toBe('principal_id');
    expect(schema.properties.group.id).toBe('group_id');
  });

  it('takes a part of them and fills in the rest', () => {
    const file = { ...EARLIER_FILE, properties: { ...EARLIER_FILE.properties, principal: { id: 'person_id' } } };
    const { schema } = parseLensProfile({ schema: file }, 'team.json');
    expect(schema.properties.principal).toEqual({ ...DEFAULT_SCHEMA_PROFILE.properties.principal, id: 'person_id' });
  });

  it('refuses a bad name in one of them with a coded error naming the field and the value, in either language', () => {
    const file = { ...EARLIER_FILE, properties: { ...EARLIER_FILE.properties, group: { id: 'team id' } } };
    const error = errorOf(() => parseLensProfile({ schema: file }, 'team.json'));
    expect(error.kind).toBe('invalid_input');
    expect(error.said?.code).toBe('error_store:profile_invalid');
    expect(error.message).toBe(
      'The profile team.json is not valid: schema.properties.group.id: "team id" must be a plain identifier (letters, digits, underscore; not starting with a digit).',
    );
    expect(wordCore(error.said!, 'ko')).toContain('schema.properties.group.id: "team id"은(는) 일반 식별자여야 합니다');
    const unknown = { ...EARLIER_FILE, properties: { ...EARLIER_FILE.properties, principal: { displayname: 'full_name' } } };
    expect(errorOf(() => parseLensProfile({ schema: unknown }, 'team.json')).message).toContain('displayname');
  });

  it('reads the id of a principal, a group or an entity under the name its role has in the profile', () => {
    const profile = {
      ...DEFAULT_SCHEMA_PROFILE,
      properties: { ...DEFAULT_SCHEMA_PROFILE.properties, principal: { ...DEFAULT_SCHEMA_PROFILE.properties.principal, id: 'person_id' } },
    };
    expect(entityIdProperty(['Principal'], profile)).toBe('person_id');
    expect(entityIdProperty(['Incident'], profile)).toBe('incident_id');
    expect(entityIdProperty(['Elsewhere'], profile)).toBeNull();
  });
});
