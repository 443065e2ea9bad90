import { expect, test, type Page } from '@playwright/test';
import { chooseLanguage, chooseSaved, openApp, snapshot } from './setup/e2e-app';

// The smallest window the app supports: every Settings section must fit it without sideways scrolling.
test.use({ viewport: { width: 1024, height: 700 } });
test.describe.configure({ mode: 'serial' });

/** Opens the Settings screen from the navigation. */
async function openSettings(page: Page): Promise<void> {
  await page.getByTestId('nav-settings').click();
  await expect(page.getByTestId('llm-section')).toBeVisible();
}

/** Puts the language models back to the hashing embedder with no chat model, as the other specs expect. */
async function restoreHashing(page: Page): Promise<void> {
  await openApp(page);
  await openSettings(page);
  const section = page.getByTestId('llm-section');
  await section.getByTestId('embedder-kind').selectOption('hashing');
  await section.getByTestId('chat-model').fill('');
  await section.getByTestId('chat-base-url').fill('');
  await section.getByTestId('text2cypher-switch').uncheck();
  await section.getByTestId('llm-save').click();
  await expect(section.getByTestId('effective-embedder')).toHaveText(/^hashing-384/);
}

test.afterAll(async ({ browser }) => {
  const page = await browser.newPage();
  await restoreHashing(page);
  await chooseSaved(page, 'language-select', 'en');
  await chooseSaved(page, 'theme-select', 'light');
  await page.close();
});

test('Settings is in the navigation, fits a 1024×700 window, and says plainly the OpenAI key comes from the environment only', async ({
  page,
}) => {
  await openApp(page);
  await openSettings(page);
  const key = page.getByTestId('key-section');
  await expect(key).toHaveAttribute('data-can-store', 'false');
  await expect(key.getByTestId('key-input')).toBeDisabled();
  await expect(key.getByRole('textbox', { name: 'New key' })).toBeDisabled();
  await expect(key.getByTestId('key-input-hint')).toContainText('Environment only: this mode stores no keys. Set OPENAI_API_KEY');
  await expect(key.getByTestId('key-save')).toBeDisabled();
  await expect(page.getByTestId('effective-embedder')).toHaveAttribute('data-source', /default|stored/);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1024);
  await snapshot(page, '20-settings');
});

test('embedder fields are saved, shown as in effect, and still there after a reload', async ({ page }) => {
  await openApp(page);
  await openSettings(page);
  const section = page.getByTestId('llm-section');
  await section.getByLabel('Embedding provider').selectOption('compatible');
  await section.getByLabel('Embedding model').fill('nomic-embed-text');
  await section.getByLabel('Dimensions').fill('768');
  await section.getByLabel('Server address (base URL)').fill('http://127.0.0.1:9/v1');
  await section.getByLabel('Chat model (Text2Cypher and answer preview)').fill('llama3.1');
  await section.getByRole('switch', { name: 'Text2Cypher mode on' }).check();
  await section.getByTestId('llm-save').click();
  await expect(section.getByTestId('llm-saved')).toBeVisible();
  await expect(section.getByTestId('effective-embedder')).toHaveText('openai:nomic-embed-text:768 (saved here)');
  await expect(section.getByTestId('effective-chat')).toHaveText('llama3.1 (saved here)');

  await page.reload();
  await openSettings(page);
  const reloaded = page.getByTestId('llm-section');
  await expect(reloaded.getByTestId('embedder-kind')).toHaveValue('compatible');
  await expect(reloaded.getByTestId('embedder-model')).toHaveValue('nomic-embed-text');
  await expect(reloaded.getByTestId('embedder-dimensions')).toHaveValue('768');
  await expect(reloaded.getByTestId('embedder-base-url')).toHaveValue('http://127.0.0.1:9/v1');
  await expect(reloaded.getByTestId('chat-model')).toHaveValue('llama3.1');
  await expect(reloaded.getByTestId('text2cypher-switch')).toBeChecked();
  await snapshot(page, '21-settings-compatible-embedder');
  await restoreHashing(page);
});

test('a bad field is refused with a message naming it, and what was saved stays', async ({ page }) => {
  await openApp(page);
  await openSettings(page);
  const section = page.getByTestId('llm-section');
  await section.getByTestId('embedder-kind').selectOption('openai');
  await section.getByTestId('embedder-model').fill('text-embedding-3-small');
  await section.getByTestId('embedder-dimensions').fill('0');
  await section.getByTestId('llm-save').click();
  const error = section.locator('.error-box');
  await expect(error).toHaveAttribute('data-kind', 'invalid_input');
  await expect(error).toContainText('embedder.dimensions');
  await expect(section.getByTestId('effective-embedder')).toHaveText(/^hashing-384/);
});

test('Korean, then a theme change: after a reload the interface is still Korean (and dark)', async ({ page }) => {
  await openApp(page);
  await openSettings(page);
  await chooseSaved(page, 'settings-language', 'ko');
  await expect(page.getByTestId('nav-settings')).toHaveText('설정');
  await chooseSaved(page, 'settings-theme', 'dark');
  await page.reload();
  await expect(page.getByTestId('nav-workbench')).toHaveText('워크벤치');
  await expect(page.locator('html')).toHaveAttribute('lang', 'ko');
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await openSettings(page);
  await expect(page.getByTestId('settings-language')).toHaveValue('ko');
  await expect(page.getByTestId('key-input-hint')).toContainText('환경 변수 전용');
  await snapshot(page, '22-settings-korean-dark');
  // The header's pickers save the same way: a theme change there keeps the language too.
  await chooseSaved(page, 'theme-select', 'light');
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('lang', 'ko');
  await chooseSaved(page, 'language-select', 'en');
});

test('retention is saved and shown in words; a limit of 0 is refused naming max_runs', async ({ page }) => {
  await openApp(page);
  await openSettings(page);
  const section = page.getByTestId('retention-section');
  await expect(section.getByTestId('retention-now')).toHaveText('Now: every run is kept');
  await section.getByLabel('Keep at most this many runs').fill('0');
  await section.getByTestId('retention-save').click();
  await expect(section.locator('.error-box')).toContainText('max_runs');
  await section.getByLabel('Keep at most this many runs').fill('100000');
  await section.getByTestId('retention-save').click();
  await expect(section.getByTestId('retention-saved')).toHaveText('Saved; 0 runs were deleted now.');
  await expect(section.getByTestId('retention-now')).toHaveText('Now: the newest 100000 runs');
  await section.getByLabel('Keep at most this many runs').fill('');
  await section.getByTestId('retention-save').click();
  await expect(section.getByTestId('retention-now')).toHaveText('Now: every run is kept');
});

test('a profile file is checked with the graph’s mismatches in words before loading; a broken one names its problem', async ({ page }) => {
  await openApp(page);
  await openSettings(page);
  const section = page.getByTestId('profile-section');
  await expect(section.getByTestId('profile-state')).toHaveAttribute('data-source', 'default');
  const current = JSON.parse((await section.getByTestId('profile-schema-json').textContent()) ?? '{}') as Record<string, unknown>;
  const labels = current.labels as Record<string, string>;

  await section
    .getByTestId('profile-file')
    .setInputFiles({ name: 'broken.json', mimeType: 'application/json', buffer: Buffer.from('{"schema": ') });
  await expect(section.getByTestId('profile-check')).toHaveAttribute('data-valid', 'false');
  await expect(section.getByTestId('profile-check')).toContainText('broken.json is not readable JSON');
  await expect(section.getByTestId('profile-load')).toHaveCount(0);

  const renamed = { schema: { ...current, name: 'passages', labels: { ...labels, chunk: 'Passage' } } };
  await section
    .getByTestId('profile-file')
    .setInputFiles({ name: 'passages.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(renamed)) });
  const check = section.getByTestId('profile-check');
  await expect(check).toHaveAttribute('data-valid', 'true');
  await expect(check.getByTestId('mismatches')).toContainText('The graph has no :Passage nodes');
  // Each mismatch is recorded as a code, so it reads in Korean too.
  await chooseLanguage(page, 'ko');
  await expect(check.getByTestId('mismatches')).toContainText('그래프에 :Passage 노드가 없습니다');
  await expect(check.getByTestId('mismatches')).not.toContainText('The graph has no');
  await chooseLanguage(page, 'en');
  await expect(check.getByTestId('mismatches')).toContainText('The graph has no :Passage nodes');
  await section.scrollIntoViewIfNeeded();
  await snapshot(page, '23-settings-profile-check');

  await section.getByTestId('profile-load').click();
  await expect(section.getByTestId('profile-state')).toHaveAttribute('data-source', 'saved');
  await expect(section.getByTestId('profile-name')).toHaveText('passages');
  await section.getByTestId('profile-forget').click();
  await expect(section.getByTestId('profile-state')).toHaveAttribute('data-source', 'default');
});

test('in Korean the profile file picker is worded by the app, not by the browser ("Choose File", "No file chosen"), and names the file picked', async ({
  page,
}) => {
  await openApp(page);
  await chooseLanguage(page, 'ko');
  try {
    await openSettings(page);
    const section = page.getByTestId('profile-section');
    // A browser's own file input says "Choose File" / "No file chosen" in the browser's language, whatever the app's.
    const nativePickers = await section
      .locator('input[type="file"]')
      .evaluateAll((inputs) => inputs.filter((input) => input.getClientRects().length > 0).length);
    expect(nativePickers, 'file inputs drawn by the browser').toBe(0);
    const pick = section.getByTestId('profile-file-button');
    await expect(pick).toHaveText('파일 고르기…');
    await expect(section.getByTestId('profile-file-name')).toHaveText('고른 파일 없음');
    await section
      .getByTestId('profile-file')
      .setInputFiles({ name: 'broken.json', mimeType: 'application/json', buffer: Buffer.from('{"schema": ') });
    await expect(section.getByTestId('profile-file-name')).toHaveText('broken.json');
    await expect(section.getByTestId('profile-check')).toHaveAttribute('data-valid', 'false');
  } finally {
    await chooseLanguage(page, 'en');
  }
});
