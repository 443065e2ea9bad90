import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { beforeAll, describe, expect, it } from 'vitest';
import type { LensClient } from '../../shared/api/lens-client';
import { DEFAULT_LLM_SETTINGS } from '../../shared/llm-config';
import type { ApiKeyState, LlmSettingsState } from '../../shared/settings-state';
import { LensClientProvider } from '../../renderer/app/lens-client-context';
import { ApiKeySection } from '../../renderer/screens/settings/ApiKeySection';
import { initI18n } from '../../renderer/shell/i18n';

// Browser mode's Settings said "it is kept in the OS key store" above a disabled field whose hint
// said "Environment only: this mode stores no keys".
const state = (key: ApiKeyState): LlmSettingsState => ({
  stored: DEFAULT_LLM_SETTINGS,
  effective: null,
  sources: { embedder: 'default', chat_model: 'default' },
  env_overrides: [],
  problem: null,
  key,
});
const environmentOnly: ApiKeyState = {
  has_key: false,
  from_environment: false,
  can_store: false,
  backend: 'environment',
  note: 'this mode stores none',
};
const keyStore: ApiKeyState = {
  has_key: false,
  from_environment: false,
  can_store: true,
  backend: 'keychain',
  note: 'in the OS key store',
};
const render = (key: ApiKeyState) =>
  renderToStaticMarkup(
    createElement(LensClientProvider, {
      client: {} as LensClient,
      children: createElement(ApiKeySection, { state: state(key), onSaved: () => undefined }),
    }),
  );

describe('the OpenAI key on the Settings screen', () => {
  let i18n: Awaited<ReturnType<typeof initI18n>>;
  beforeAll(async () => {
    i18n = await initI18n('en');
  });

  it('does not say a key store keeps the key where none can (browser mode, the CLI), in English and Korean', async () => {
    await i18n.changeLanguage('en');
    const english = render(environmentOnly);
    expect(english).not.toContain('OS key store');
    expect(english).toContain('The key is never shown: this screen says only whether one is in use.');
    expect(english).toContain('Environment only: this mode stores no keys.');
    await i18n.changeLanguage('ko');
    const korean = render(environmentOnly);
    expect(korean).not.toContain('OS 키 저장소');
    expect(korean).toContain('이 화면은 키를 쓰고 있는지만 알려 줍니다');
    await i18n.changeLanguage('en');
    // The desktop app with a key store still says where the key goes.
    expect(render(keyStore)).toContain('it is kept in the OS key store and never shown again');
  });
});
