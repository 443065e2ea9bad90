import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { beforeAll, describe, expect, it } from 'vitest';
import { resolveLlmSettings } from '../../electron/llm/llm-settings-source';
import type { LensClient } from '../../shared/api/lens-client';
import { problemFields } from '../../shared/coded-error';
import { isLensError } from '../../shared/lens-error';
import { parseLensProfile } from '../../shared/lens-profile';
import { DEFAULT_LLM_SETTINGS } from '../../shared/llm-config';
import type { LlmSettingsState, ProfileCheck, ProfileState } from '../../shared/settings-state';
import { LensClientProvider } from '../../renderer/app/lens-client-context';
import { LlmSection } from '../../renderer/screens/settings/LlmSection';
import { CheckView, ProfileSection } from '../../renderer/screens/settings/ProfileSection';
import { initI18n } from '../../renderer/shell/i18n';

/** The problem the core reports for a thrown LensError, as the settings handlers build it. */
function problemOf(fail: () => unknown) {
  try {
    fail();
  } catch (error) {
    if (isLensError(error)) return problemFields(error);
    throw error;
  }
  throw new Error('expected the call to fail');
}

// A LENS_EMBEDDER the app does not know, and a profile whose schema is a number: both as the Settings screen receives them.
const llmProblem = problemOf(() => resolveLlmSettings({ LENS_EMBEDDER: 'word2vec' }, null));
const profileProblem = problemOf(() => parseLensProfile({ schema: 7 }, 'profile.json'));

const llmState: LlmSettingsState = {
  stored: DEFAULT_LLM_SETTINGS,
  effective: null,
  sources: { embedder: 'environment', chat_model: 'default' },
  env_overrides: ['LENS_EMBEDDER'],
  ...llmProblem,
  key: { has_key: false, from_environment: false, can_store: false, backend: 'none', note: 'keeps no secrets' },
};
const profileState: ProfileState = {
  source: 'saved',
  file: '/home/profile.json',
  saved_file: '/home/profile.json',
  profile: null,
  ...profileProblem,
};
const check: ProfileCheck = {
  valid: false,
  ...profileProblem,
  profile_name: null,
  mismatches: null,
  graph_problem: 'No Neo4j is configured and the local demo server is not running.',
  graph_problem_code: 'error_server:no_neo4j',
  graph_problem_params: {},
};

const client = {} as LensClient;
const inClient = (element: ReturnType<typeof createElement>) =>
  renderToStaticMarkup(createElement(LensClientProvider, { client, children: element }));
const renderAll = () =>
  [
    inClient(createElement(LlmSection, { state: llmState, onSaved: () => undefined })),
    inClient(createElement(ProfileSection, { state: profileState, onChanged: () => undefined })),
    renderToStaticMarkup(createElement(CheckView, { check, fileName: 'profile.json' })),
  ].join('\n');

describe('Settings problems in the UI language', () => {
  let i18n: Awaited<ReturnType<typeof initI18n>>;
  beforeAll(async () => {
    i18n = await initI18n('en');
  });

  it('carries codes for a bad LENS_EMBEDDER and a bad profile', () => {
    expect(llmProblem).toMatchObject({ problem_code: 'error_store:embedder_unknown', problem_params: { spec: '"word2vec"' } });
    expect(profileProblem).toMatchObject({ problem_code: 'error_store:profile_invalid', problem_params: { source: 'profile.json' } });
  });

  it('shows the English the core said, in English', async () => {
    await i18n.changeLanguage('en');
    const html = renderAll();
    expect(html).toContain('The embedder &quot;word2vec&quot; is not one this app knows.');
    expect(html).toContain(
      'The profile in use cannot be read: The profile profile.json is not valid: schema: must be of type object, not number; give a value of type object.',
    );
    expect(html).toContain('How the graph fits it is unknown: No Neo4j is configured');
    expect(html).toContain('data-code="error_store:profile_invalid"');
  });

  it('words the problems in Korean, with no English sentence of the core left', async () => {
    await i18n.changeLanguage('ko');
    const html = renderAll();
    expect(html).toContain('임베더 &quot;word2vec&quot;은(는) 이 앱이 모르는 임베더입니다.');
    expect(html).toContain('프로필 profile.json이(가) 올바르지 않습니다');
    expect(html).toContain('설정된 Neo4j가 없고 로컬 데모 서버도 실행 중이 아닙니다.');
    for (const english of ['is not one this app knows', 'is not valid', 'Invalid input', 'No Neo4j is configured'])
      expect(html).not.toContain(english);
  });
});
