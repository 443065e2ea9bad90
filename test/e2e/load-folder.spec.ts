import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { chooseLanguage, lens, openApp, snapshot } from './setup/e2e-app';

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);

test('loading a folder of your own from Connect lists the file that failed, the file skipped and the access default, in English and Korean', async ({
  page,
}) => {
  test.setTimeout(300_000);
  // One good file without access fields (loaded as public: an access default), one whose front matter is broken, one binary.
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'lens-e2e-folder-'));
  fs.writeFileSync(path.join(folder, 'use-postgres.md'), '# Use Postgres\n\nThe team stores orders in Postgres.\n');
  fs.writeFileSync(path.join(folder, 'broken.md'), '---\ntitle: [unclosed\n---\nBody\n');
  fs.writeFileSync(path.join(folder, 'diagram.md'), PNG);
  let reloaded = false;
  try {
    await openApp(page);
    // The connect report is held back until the form is open and a path typed: when it comes, the demo panel
    // moves above the connection (the demo is in use), and the form must come along open, with what was typed.
    let releaseReport: () => void = () => undefined;
    const reportHeld = new Promise<void>((resolve) => {
      releaseReport = resolve;
    });
    await page.route('**/api/connect.report', async (route) => {
      await reportHeld;
      await route.continue();
    });
    await page.getByTestId('nav-connect').click();
    const form = page.getByTestId('load-folder');
    await form.getByText('Load a folder of your own').click();
    await page.getByTestId('load-docs-input').fill('/srv/typed-before-the-report');
    releaseReport();
    await expect(page.getByTestId('connect-report')).toHaveAttribute('data-state', 'ready');
    await expect(page.getByTestId('demo-in-use')).toBeVisible();
    await expect(page.getByTestId('load-docs-input')).toHaveValue('/srv/typed-before-the-report');
    await page.unroute('**/api/connect.report');

    // A path that is not a full one is refused before anything is loaded, saying what to type.
    await page.getByTestId('load-docs-input').fill('team-adrs');
    await page.getByTestId('load-folder-button').click();
    await expect(page.locator('.cn-demo')).toContainText('team-adrs is not a full path, so it is not clear which folder is meant.');

    await page.getByTestId('load-docs-input').fill(folder);
    await page.getByTestId('load-folder-button').click();
    const progress = page.getByTestId('demo-progress');
    await expect(progress).toHaveAttribute('data-state', 'done', { timeout: 240_000 });
    await expect(progress.getByRole('status')).toHaveText('The folder is loaded into the demo database.');
    await expect(progress.getByRole('list', { name: 'Progress log' })).toContainText(`Reading ${folder}…`);

    const summary = page.getByTestId('load-summary');
    await expect(summary.getByTestId('load-counts')).toContainText('1 document (0 ADRs, 0 supersessions)');
    await expect(summary.getByTestId('load-failed')).toContainText('Failed (1; everything else loaded):');
    await expect(summary.getByTestId('load-failed')).toContainText('broken.md line 2: front matter is not valid YAML');
    await expect(summary.getByTestId('load-skipped')).toContainText('diagram.md: starts like a PNG image; skipped as binary.');
    await expect(summary.getByTestId('load-access')).toContainText('loaded as public in workspace "default": use-postgres.md.');
    await summary.scrollIntoViewIfNeeded();
    await snapshot(page, 'connect-load-folder');

    // The same summary in Korean, worded from its codes.
    await chooseLanguage(page, 'ko');
    await expect(summary.getByTestId('load-failed')).toContainText('broken.md 2행: front matter가 올바른 YAML이 아닙니다');
    await expect(summary.getByTestId('load-skipped')).toContainText(
      'diagram.md: PNG 이미지처럼 시작합니다. 바이너리로 보고 건너뛰었습니다.',
    );
    await expect(summary.getByTestId('load-access')).toContainText('공개 문서로 불러왔습니다: use-postgres.md.');
    await expect(summary).not.toContainText(/not valid YAML|skipped as binary/);
    await snapshot(page, 'connect-load-folder-ko');

    // And back to the demo corpus from the app, as the later specs need it.
    await chooseLanguage(page, 'en');
    await expect(page.getByTestId('demo-in-use')).toContainText('1 document,');
    // Which graph it is, not only how big: the folder by its path.
    await expect(page.getByTestId('demo-holds')).toContainText('It holds your folder');
    await expect(page.getByTestId('demo-holds')).toContainText(path.basename(folder));
    await page.getByTestId('reload-demo-button').click();
    await expect(progress).toHaveAttribute('data-state', 'done', { timeout: 240_000 });
    await expect(progress.getByRole('status')).toHaveText('The demo corpus is loaded again.');
    await expect(summary.getByTestId('load-counts')).toContainText('59 documents');
    await expect(page.getByTestId('demo-in-use')).toContainText('59 documents');
    await expect(page.getByTestId('demo-holds')).toHaveText('It holds the demo corpus.');
    reloaded = true;
  } finally {
    await chooseLanguage(page, 'en');
    fs.rmSync(folder, { recursive: true, force: true });
    // The later specs query the demo graph: load it again when the app did not.
    if (!reloaded) lens(['demo', 'load']);
  }
});
