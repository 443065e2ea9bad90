import { expect, test, type Page } from '@playwright/test';
import { openApp, snapshot } from './setup/e2e-app';

test.describe.configure({ mode: 'serial' });

const ENDPOINT = 'http://127.0.0.1:9/context';

/** While a screen is still asking whether an endpoint is set, the option is disabled with this title. */
const CHECKING = /^Checking whether a provider endpoint is set/;

/** Whether the Workbench and the Compare mode pickers offer mode provider as usable, once each screen has asked. */
async function providerOffered(page: Page): Promise<[boolean, boolean]> {
  await page.getByTestId('nav-workbench').click();
  const workbench = page.getByTestId('mode-select').locator('option[value="provider"]');
  await expect(workbench).toHaveCount(1);
  await expect(workbench).not.toHaveAttribute('title', CHECKING);
  const inWorkbench = !(await workbench.isDisabled());
  await page.getByTestId('nav-compare').click();
  await page.getByTestId('compare-source-principals').check();
  const compare = page.getByTestId('compare-mode').locator('option[value="provider"]');
  await expect(compare).toHaveCount(1);
  await expect(compare).not.toHaveAttribute('title', CHECKING);
  return [inWorkbench, !(await compare.isDisabled())];
}

test('with no endpoint, mode provider is listed but disabled with the reason, and the Connect panel says none is set', async ({ page }) => {
  await openApp(page);
  await page.getByTestId('nav-connect').click();
  const panel = page.getByTestId('provider-panel');
  await expect(panel.getByTestId('provider-state')).toHaveAttribute('data-source', 'none');
  await expect(panel.getByTestId('provider-url')).toHaveText('none set');
  // Browser mode keeps no secrets: the token field is disabled and says why.
  await expect(panel.getByTestId('provider-token-input')).toBeDisabled();
  await expect(panel.getByTestId('provider-token-note')).toContainText('A token cannot be kept here');
  expect(await providerOffered(page)).toEqual([false, false]);
  await page.getByTestId('nav-workbench').click();
  const option = page.getByTestId('mode-select').locator('option[value="provider"]');
  await expect(option).toContainText('(unavailable)');
  await expect(option).toHaveAttribute('title', /save it on the Connect screen/);
});

test('a URL with a credential in it is refused with a message naming the problem, and nothing is saved', async ({ page }) => {
  await openApp(page);
  await page.getByTestId('nav-connect').click();
  const panel = page.getByTestId('provider-panel');
  await panel.getByTestId('provider-url-input').fill('http://user:secret@127.0.0.1:9/context');
  await panel.getByTestId('provider-save').click();
  const error = panel.locator('.error-box');
  await expect(error).toHaveAttribute('data-kind', 'invalid_input');
  await expect(error).toContainText('carries a credential');
  await expect(panel.getByTestId('provider-state')).toHaveAttribute('data-source', 'none');
});

test('a saved endpoint is shown (no token stored) and makes mode provider usable; forgetting it disables the mode again', async ({
  page,
}) => {
  await openApp(page);
  await page.getByTestId('nav-connect').click();
  const panel = page.getByTestId('provider-panel');
  await panel.getByTestId('provider-url-input').fill(ENDPOINT);
  await panel.getByTestId('provider-save').click();
  await expect(panel.getByTestId('provider-done')).toBeVisible();
  await expect(panel.getByTestId('provider-state')).toHaveAttribute('data-source', 'saved');
  await expect(panel.getByTestId('provider-url')).toHaveText(ENDPOINT);
  await expect(panel.getByTestId('provider-token-state')).toHaveText('none');
  await panel.scrollIntoViewIfNeeded();
  await snapshot(page, '14-provider-endpoint');
  expect(await providerOffered(page)).toEqual([true, true]);

  await page.getByTestId('nav-connect').click();
  await page.getByTestId('provider-panel').getByTestId('provider-forget').click();
  await expect(page.getByTestId('provider-panel').getByTestId('provider-state')).toHaveAttribute('data-source', 'none');
  expect(await providerOffered(page)).toEqual([false, false]);
});
