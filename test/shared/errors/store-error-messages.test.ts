import { describe, expect, it } from 'vitest';
import { coreEnglish, wordCore } from '../../../shared/core-catalogues';
import { STORE_ERROR_MESSAGES } from '../../../shared/errors/store-error-messages';
import { defaultAccessPolicy } from '../../../shared/acl/access-policy';
import { parseLensProfile } from '../../../shared/lens-profile';
import { parseEmbedderSpec } from '../../../shared/llm-config';
import { DEFAULT_SCHEMA_PROFILE } from '../../../shared/schema-profile';
import { errorOf } from '../../support/lens-error-of';

describe('the error_store catalogue', () => {
  it('has a Korean wording that differs from the English wherever the English has words of its own', () => {
    for (const [code, english] of Object.entries(STORE_ERROR_MESSAGES.en)) {
      const words = english.replace(/\{\{\w+\}\}/g, '').match(/\b[a-z]{4,}\b/g) ?? [];
      if (words.length >= 2) expect(STORE_ERROR_MESSAGES.ko[code], code).not.toBe(english);
    }
  });
});

describe('profile and embedder errors as codes', () => {
  it('names each bad field of a profile as a clause of the sentence, worded in either language', () => {
    const error = errorOf(() => parseLensProfile({ schema: DEFAULT_SCHEMA_PROFILE, extra: true }, 'team.json'));
    expect(error.kind).toBe('invalid_input');
    expect(error.message).toBe(
      'The profile team.json is not valid: (root): has the field "extra", which it does not take; remove it, or check its spelling.',
    );
    expect(error.said?.code).toBe('error_store:profile_invalid');
    expect(error.said?.params?.source).toBe('team.json');
    expect(coreEnglish(error.said!)).toBe(error.message);
    const korean = wordCore(error.said!, 'ko') ?? '';
    expect(korean).toContain('프로필 team.json이(가) 올바르지 않습니다');
    expect(korean).toContain('받지 않는 필드 "extra"이(가) 있습니다');
    expect(error.hintSaid?.code).toBe('error_store:profile_invalid_hint');
  });

  it('says a field a profile leaves out is missing, as the doors say it, not "received undefined"', () => {
    const error = errorOf(() => parseLensProfile({ schema: { ...DEFAULT_SCHEMA_PROFILE, name: undefined } }, 'team.json'));
    expect(error.message).toBe('The profile team.json is not valid: schema.name: missing: add it (string).');
    expect(wordCore(error.said!, 'ko')).toContain('schema.name: 빠져 있습니다: 추가하세요(string)');
  });

  it('names the value given for a condition of the access policy no form takes, worded in either language', () => {
    const policy = JSON.parse(JSON.stringify(defaultAccessPolicy(DEFAULT_SCHEMA_PROFILE))) as { document: { any_of: { op: string }[] } };
    policy.document.any_of[0]!.op = 'equals_vaule';
    const error = errorOf(() => parseLensProfile({ schema: DEFAULT_SCHEMA_PROFILE, access_policy: policy }, 'team.json'));
    const given = '{"op":"equals_vaule","property":"visibility","value":"public"}';
    expect(error.message).toBe(
      `The profile team.json is not valid: access_policy.document.any_of.0: ${given} matches none of the forms this field takes.`,
    );
    expect(wordCore(error.said!, 'ko')).toContain(`${given}은(는) 이 필드가 받는 어떤 형식과도 맞지 않습니다`);
  });

  it.each([
    ['an empty document rule', { document: { all_of: [] } }, 'access_policy.document', '문서 규칙에는 조건이 하나 이상 있어야 합니다'],
    [
      'a condition on the property __proto__',
      { document: { all_of: [{ op: 'equals_value', property: '__proto__', value: 'x' }] } },
      'access_policy.document.all_of.0.property',
      '__proto__일 수 없습니다',
    ],
  ])('says of %s in an access policy the schema’s own sentence in either language, not English alone', (_name, policy, path, korean) => {
    const error = errorOf(() => parseLensProfile({ schema: DEFAULT_SCHEMA_PROFILE, access_policy: policy }, 'team.json'));
    expect(error.message).toContain(`${path}: `);
    expect(wordCore(error.said!, 'ko')).toContain(`${path}: ${korean}`);
  });

  it('says an unknown embedder with its spec as a parameter and the English sentence as before', () => {
    const error = errorOf(() => parseEmbedderSpec('word2vec'));
    expect(error.message).toBe('The embedder "word2vec" is not one this app knows.');
    expect(error.said).toEqual({ code: 'error_store:embedder_unknown', params: { spec: '"word2vec"' } });
    expect(wordCore(error.said!, 'ko')).toBe('임베더 "word2vec"은(는) 이 앱이 모르는 임베더입니다.');
  });

  it('says a base URL that is not a URL, with its code', () => {
    const error = errorOf(() => parseEmbedderSpec('openai:m', 'not a url'));
    expect(error.message).toBe('The base URL "not a url" of the language models is not an http:// or https:// URL.');
    expect(error.said?.code).toBe('error_store:embedder_base_url_invalid');
    expect(error.hintSaid?.code).toBe('error_store:embedder_base_url_invalid_hint');
  });
});
