import { expect, test, type Page } from '@playwright/test';
import { freePort } from '../support/free-port';
import { chatReply, startOpenAiStub, type OpenAiStub } from '../support/openai-stub-server';
import { chooseLanguage, e2eState, fillQuery, openApp, snapshot, submitQuery } from './setup/e2e-app';
import { startLensWeb, type LensWebProcess } from './setup/lens-web-process';

test.describe.configure({ mode: 'serial' });

const HR_CHUNKS =
  "```cypher\nMATCH (c:Chunk)-[:PART_OF]->(d:Document) WHERE 'g-hr' IN d.allowed_groups\nRETURN c.chunk_id AS chunk_id, d.source_uri AS source_uri LIMIT $top_k\n```";

test('without a chat model, mode text2cypher is listed but disabled, saying how to turn it on', async ({ page }) => {
  await openApp(page);
  await page.getByTestId('nav-workbench').click();
  const option = page.getByTestId('mode-select').locator('option[value="text2cypher"]');
  await expect(option).toBeDisabled();
  await expect(option).toContainText('(unavailable)');
  await expect(option).toHaveAttribute('title', /LENS_CHAT_MODEL/);
});

test.describe('with LENS_CHAT_MODEL and OPENAI_BASE_URL pointing at a scripted model', () => {
  let stub: OpenAiStub;
  let web: LensWebProcess;
  test.beforeAll(async () => {
    stub = await startOpenAiStub();
    web = await startLensWeb(e2eState().home, await freePort(), { LENS_CHAT_MODEL: 'stub-chat', OPENAI_BASE_URL: stub.baseUrl });
  });
  test.afterAll(async () => {
    web?.process.kill('SIGTERM');
    await stub?.close();
  });

  async function openWithModel(page: Page): Promise<void> {
    await page.goto(web.url);
    await page.getByTestId('nav-workbench').click();
    await expect(page.getByTestId('mode-select').locator('option[value="text2cypher"]')).toBeEnabled();
  }

  test('a text2cypher run shows the generated Cypher, the verdict and the timings; the preview under the items flags what it cannot back', async ({
    page,
  }) => {
    await openWithModel(page);
    stub.enqueue('chat', chatReply(HR_CHUNKS));
    await fillQuery(page, { query: 'What are the HR policies?', principal: 'u-hana', mode: 'text2cypher', timeoutMs: 60_000 });
    expect(await submitQuery(page, false)).toBe('ok');
    const view = page.getByTestId('text2cypher-view');
    await expect(view.getByTestId('text2cypher-cypher')).toContainText("WHERE 'g-hr' IN d.allowed_groups");
    await expect(view.getByTestId('text2cypher-verdict')).toContainText('Allowed by the read-only guard');
    await expect(view.getByTestId('text2cypher-timings')).toContainText(/Model \d+ ms · guard \d+ ms · query \d+ ms/);

    stub.enqueue('chat', chatReply('HR policies cover salary reviews [1]. Bonuses doubled last year [9]. Everyone agrees.'));
    const preview = page.getByTestId('answer-preview');
    await preview.getByTestId('preview-draft').click();
    const sentences = preview.getByTestId('preview-sentences').locator('li');
    await expect(sentences).toHaveCount(3);
    await expect(sentences.nth(0)).not.toHaveAttribute('data-flag');
    await expect(sentences.nth(1)).toHaveAttribute('data-flag', 'invalid_citation');
    await expect(sentences.nth(1)).toContainText('Cites [9], which the run did not return.');
    await expect(sentences.nth(2)).toHaveAttribute('data-flag', 'no_citation');
    await expect(preview.getByTestId('preview-summary')).toContainText('3 sentences, 2 flagged');
    await preview.scrollIntoViewIfNeeded();
    await snapshot(page, '20-text2cypher-preview');

    // The preview is kept with the run: the panel shows it again when the run is shown again.
    await page.getByTestId('nav-traces').click();
    await page.getByTestId('nav-workbench').click();
    await expect(page.getByTestId('answer-preview').getByTestId('preview-sentences').locator('li')).toHaveCount(3);
  });

  test('a hostile reply is refused with the guard rule shown beside the Cypher, and nothing is shown as items', async ({ page }) => {
    await openWithModel(page);
    stub.enqueue('chat', chatReply('```cypher\nMATCH (n) DETACH DELETE n\n```'));
    await fillQuery(page, { query: 'Clean up the graph', principal: 'u-hana', mode: 'text2cypher', timeoutMs: 60_000 });
    expect(await submitQuery(page, false)).toBe('invalid_response');
    const view = page.getByTestId('text2cypher-view');
    await expect(view).toHaveAttribute('data-allowed', 'false');
    await expect(view.getByTestId('text2cypher-cypher')).toHaveText('MATCH (n) DETACH DELETE n');
    await expect(view.getByTestId('text2cypher-verdict')).toContainText('Refused by the read-only guard (write_clause)');
    await expect(page.getByTestId('item')).toHaveCount(0);
    await expect(view.getByTestId('text2cypher-verdict')).toContainText('DETACH DELETE writes to the graph; the workbench only reads.');
    // The guard's reason is recorded as a code, so it reads in Korean too.
    await chooseLanguage(page, 'ko');
    await expect(view.getByTestId('text2cypher-verdict')).toContainText('DETACH DELETE는 그래프에 씁니다. 워크벤치는 읽기만 합니다.');
    await expect(view.getByTestId('text2cypher-verdict')).not.toContainText('writes to the graph');
    await chooseLanguage(page, 'en');
    await expect(page.getByTestId('nav-workbench')).toHaveText('Workbench');
  });

  test('with no item to cite, the preview refuses with insufficient evidence and asks no model', async ({ page }) => {
    await openWithModel(page);
    stub.enqueue('chat', chatReply(HR_CHUNKS));
    await fillQuery(page, { query: 'What are the HR policies?', principal: 'u-guest', mode: 'text2cypher', timeoutMs: 60_000 });
    expect(await submitQuery(page, false)).toBe('no_evidence');
    const asked = stub.requests.length;
    await page.getByTestId('answer-preview').getByTestId('preview-draft').click();
    await expect(page.getByTestId('preview-insufficient')).toContainText('Insufficient evidence');
    expect(stub.requests.length).toBe(asked);
  });
});
