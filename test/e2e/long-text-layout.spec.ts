import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';

// Graph text is anyone's: a title of 20,000 characters without a space (red team round 2) made each
// Compare column 180,000 px wide, pushing principal B's column off the screen, and ran a Workbench
// item's title past the viewport. The app's own style sheets, on the Compare and Workbench markup
// the screens render, keep such text inside its column.
const STYLES = ['renderer/styles/app.css', 'renderer/screens/compare/compare.css', 'renderer/screens/workbench/workbench.css'];

test('a title without a space breaks inside its Compare column and its Workbench card', async ({ page }) => {
  const css = STYLES.map((file) => fs.readFileSync(path.join(process.cwd(), file), 'utf8')).join('\n');
  const long = 'x'.repeat(20_000);
  await page.setViewportSize({ width: 1200, height: 800 });
  await page.setContent(
    `<style>${css}</style>
     <div class="cmp-columns" style="width: 1000px">
       <section class="cmp-column" data-testid="a"><div class="cmp-item-head"><h4>${long}</h4></div></section>
       <section class="cmp-column" data-testid="b"><h4>B</h4></section>
     </div>
     <div style="width: 800px"><h3 class="wb-item-title" data-testid="w">${long}</h3></div>`,
  );
  const a = await page.getByTestId('a').boundingBox();
  const b = await page.getByTestId('b').boundingBox();
  expect(a?.width).toBeLessThanOrEqual(500);
  expect(b?.x).toBeLessThanOrEqual(520);
  const title = page.getByTestId('w');
  const overflow = await title.evaluate((element) => element.scrollWidth - element.clientWidth);
  expect(overflow).toBeLessThanOrEqual(1);
});
