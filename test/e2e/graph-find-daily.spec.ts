import { expect, test } from '@playwright/test';
import { openFailoverGraph } from './setup/e2e-app';

test.describe.configure({ timeout: 180_000 });

// A view of many nodes: the node list matches only what an option starts with, so a chunk or a
// document could not be found by a part of its id or title.

test('Find node selects a node by a part of its id, steps to the next match, and says when none matches', async ({ page }) => {
  await openFailoverGraph(page);

  const input = page.getByTestId('graph-find-input');
  const status = page.getByTestId('graph-find-status');
  const chosen = page.getByTestId('graph-node-select');
  await input.fill('FAILOVER');
  await input.press('Enter');
  await expect(status).toHaveText(/^Match 1 of (\d+): .+ \(selected\)$/);
  const count = Number(/of (\d+)/.exec((await status.textContent()) ?? '')?.[1]);
  expect(count).toBeGreaterThan(1);
  const first = await chosen.inputValue();
  expect(first).not.toBe('');
  await page.getByTestId('graph-find-button').click();
  await expect(status).toHaveText(new RegExp(`^Match 2 of ${count}: `));
  expect(await chosen.inputValue()).not.toBe(first);

  await input.fill('no-such-node-anywhere');
  await input.press('Enter');
  await expect(status).toHaveText('No node of this view matches “no-such-node-anywhere”.');
});
