import { expect, test } from '@playwright/test';
import { openApp, openRequestForm } from './setup/e2e-app';

// At 1024×700 the Workbench keeps each field's hint to one line so Run stays in the first view; the
// rest of the hint ("Vector and full-text candida…") could then be read by no one but a screen reader.
test('at 1024×700 the field being edited shows its whole hint, and the others stay one line', async ({ page }) => {
  await page.setViewportSize({ width: 1024, height: 700 });
  await openApp(page);
  await page.getByTestId('nav-workbench').click();
  await openRequestForm(page);
  const mode = page.getByTestId('mode-select');
  await mode.selectOption('hybrid');
  const hintOf = async (id: string | null) => page.locator(`[id="${id ?? ''}"]`);
  const modeHint = await hintOf(await mode.getAttribute('aria-describedby'));
  const cut = (element: HTMLElement) => element.scrollWidth > element.clientWidth + 1;
  await page.getByTestId('query-input').focus();
  expect(await modeHint.evaluate(cut), 'the mode hint is one line while another field is edited').toBe(true);
  await mode.focus();
  expect(await modeHint.evaluate(cut), 'the mode hint is whole while the mode is edited').toBe(false);
  await expect(modeHint).toBeVisible();
  const box = await modeHint.boundingBox();
  expect((box?.height ?? 0) > 20, 'it wraps onto more lines').toBe(true);
});
