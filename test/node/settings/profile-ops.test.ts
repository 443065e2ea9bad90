import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { wordCore } from '../../../shared/core-catalogues';
import type { CoreParams } from '../../../shared/core-message';
import { DEFAULT_SCHEMA_PROFILE } from '../../../shared/schema-profile';
import { useSettingsDoor } from '../../support/settings-door';

/** A valid profile file: the default schema renamed, with the default access rule left to be filled in. */
const CUSTOM = JSON.stringify({ schema: { ...DEFAULT_SCHEMA_PROFILE, name: 'team-graph' } });

describe('profile.get / profile.validate / profile.load: the schema profile and access policy', () => {
  const { door, home } = useSettingsDoor();

  it('shows the default profile with its access policy filled in when none is configured', async () => {
    expect(await door()('profile.get', {})).toMatchObject({
      ok: true,
      value: { source: 'default', file: null, saved_file: null, problem: null, profile: { schema: { name: DEFAULT_SCHEMA_PROFILE.name } } },
    });
    const answer = await door()('profile.get', {});
    expect(answer.ok && (answer.value as { profile: { access_policy: unknown } }).profile.access_policy).toBeTruthy();
  });

  it('says a file that is not JSON is invalid, naming the file, and loads nothing', async () => {
    const call = door();
    expect(await call('profile.validate', { content: '{ "schema": ', file_name: 'broken.json' })).toMatchObject({
      ok: true,
      value: {
        valid: false,
        problem: expect.stringMatching(/^The profile broken\.json is not readable JSON/) as unknown,
        problem_code: 'error_server:chosen_profile_unreadable',
        problem_params: { file: 'broken.json' },
        mismatches: null,
      },
    });
    expect(await call('profile.load', { content: '{ "schema": ', file_name: 'broken.json' })).toMatchObject({
      ok: false,
      error: { kind: 'invalid_input', message: expect.stringContaining('broken.json') as unknown },
    });
    expect(fs.existsSync(path.join(home(), 'profile.json'))).toBe(false);
  });

  it('says of a file that gives a key twice that it is JSON with a key given twice, naming the key and its object, not that it is unreadable', async () => {
    const call = door();
    const content = '{"schema": {"name": "x", "labels": {"chunk": "Chunk", "chunk": "Passage"}}}';
    const answer = await call('profile.validate', { content, file_name: 'twice.json' });
    const value = (answer.ok ? answer.value : {}) as { problem?: string; problem_code?: string; problem_params?: CoreParams };
    expect(value.problem).toBe(
      'The profile twice.json is JSON, but it gives the key "chunk" twice in the object at schema.labels, so which value was meant cannot be told.',
    );
    expect(wordCore({ code: value.problem_code ?? '', params: value.problem_params }, 'ko')).toBe(
      '프로필 twice.json은(는) JSON이지만, schema.labels의 객체에서 키 "chunk"을(를) 두 번 주므로 어느 값을 뜻했는지 알 수 없습니다.',
    );
    expect(await call('profile.load', { content, file_name: 'twice.json' })).toMatchObject({
      ok: false,
      error: {
        kind: 'invalid_input',
        hint: 'Give each key once (keep the value you mean, delete the other) and load the file again; the profile in use is unchanged.',
      },
    });
    expect(fs.existsSync(path.join(home(), 'profile.json'))).toBe(false);
  });

  it('names where the file stops being JSON as codes worded in English and Korean, not the parser’s English', async () => {
    const answer = await door()('profile.validate', { content: '{\n  "schema": {"name": "x",}\n}', file_name: 'broken.json' });
    const value = (answer.ok ? answer.value : {}) as { problem?: string; problem_code?: string; problem_params?: CoreParams };
    expect(value.problem).toBe("The profile broken.json is not readable JSON ('}' at line 2, column 26 cannot stand there).");
    expect(wordCore({ code: value.problem_code ?? '', params: value.problem_params }, 'ko')).toBe(
      "프로필 broken.json은(는) 읽을 수 있는 JSON이 아닙니다(2행 26열의 '}' 문자는 그 자리에 올 수 없습니다).",
    );
  });

  it('says a profile nested deeper than 64 levels is invalid, naming the file and the limit, not an internal stack overflow, and loads nothing', async () => {
    const call = door();
    const conditions = '{"any_of":['.repeat(5_000) + '{"op":"equals_value","property":"x","value":"y"}' + ']}'.repeat(5_000);
    const content = `{"access_policy":{"document":{"all_of":[${conditions}]},"chunk":{"all_of":[]}}}`;
    expect(await call('profile.validate', { content, file_name: 'deep.json' })).toMatchObject({
      ok: true,
      value: {
        valid: false,
        problem: 'The profile deep.json nests objects and arrays more than 64 levels deep; a profile needs only a few.',
        problem_code: 'error_server:profile_too_deep',
        problem_params: { file: 'deep.json', max: 64 },
      },
    });
    expect(await call('profile.load', { content, file_name: 'deep.json' })).toMatchObject({
      ok: false,
      error: { kind: 'invalid_input', message_code: 'error_server:profile_too_deep' },
    });
    expect(fs.existsSync(path.join(home(), 'profile.json'))).toBe(false);
  });

  it('names the field a profile gets wrong', async () => {
    const wrong = JSON.stringify({
      schema: { ...DEFAULT_SCHEMA_PROFILE, labels: { ...DEFAULT_SCHEMA_PROFILE.labels, chunk: 'not a label!' } },
    });
    expect(await door()('profile.validate', { content: wrong, file_name: 'wrong.json' })).toMatchObject({
      ok: true,
      value: {
        valid: false,
        problem: expect.stringMatching(/wrong\.json is not valid: schema\.labels\.chunk/) as unknown,
        problem_code: 'error_store:profile_invalid',
        problem_params: { source: 'wrong.json' },
      },
    });
  });

  it('finds a valid file valid and says the graph fit is unknown when no graph can be read', async () => {
    expect(await door()('profile.validate', { content: CUSTOM, file_name: 'team.json' })).toMatchObject({
      ok: true,
      value: {
        valid: true,
        problem: null,
        profile_name: 'team-graph',
        mismatches: null,
        graph_problem: expect.stringContaining('No Neo4j is configured') as unknown,
        graph_problem_code: 'error_server:no_neo4j',
      },
    });
  });

  it('loads a valid file into LENS_HOME, uses it after a restart, and forgets it again', async () => {
    const call = door();
    expect(await call('profile.load', { content: CUSTOM, file_name: 'team.json' })).toMatchObject({
      ok: true,
      value: { source: 'saved', file: path.join(home(), 'profile.json'), profile: { schema: { name: 'team-graph' } } },
    });
    expect(await door()('profile.get', {})).toMatchObject({
      ok: true,
      value: { source: 'saved', profile: { schema: { name: 'team-graph' } } },
    });
    expect(await call('profile.load', { content: null })).toMatchObject({ ok: true, value: { source: 'default', saved_file: null } });
  });

  it('keeps LENS_PROFILE in force over a loaded profile, and says a loaded one is waiting', async () => {
    const named = path.join(home(), 'from-env.json');
    fs.mkdirSync(home(), { recursive: true });
    fs.writeFileSync(named, JSON.stringify({ schema: { ...DEFAULT_SCHEMA_PROFILE, name: 'env-graph' } }));
    const call = door({ env: { LENS_PROFILE: named } });
    expect(await call('profile.load', { content: CUSTOM })).toMatchObject({
      ok: true,
      value: {
        source: 'environment',
        file: named,
        saved_file: path.join(home(), 'profile.json'),
        profile: { schema: { name: 'env-graph' } },
      },
    });
  });

  it('shows a loaded file that went bad as the problem, instead of failing', async () => {
    const call = door();
    await call('profile.load', { content: CUSTOM });
    fs.writeFileSync(path.join(home(), 'profile.json'), '{"schema": 7}');
    expect(await call('profile.get', {})).toMatchObject({
      ok: true,
      value: {
        source: 'saved',
        profile: null,
        problem: expect.stringMatching(/profile\.json is not valid: schema/) as unknown,
        problem_code: 'error_store:profile_invalid',
      },
    });
  });
});
