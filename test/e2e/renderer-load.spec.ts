import { expect, test, type Response } from '@playwright/test';
import { openApp } from './setup/e2e-app';

// How browser mode loads the renderer (issue 14, goal 9): the first page leaves cytoscape and its
// layouts (the graph-vendor chunk, vite.config.ts) to the graph screens, every script and style sheet
// comes compressed and cacheable for a year, and the page itself is revalidated.

/** The renderer's own scripts and style sheets among `responses`. */
const assets = (responses: readonly Response[]) =>
  responses.filter((response) => /\/assets\/[^/]+\.(js|css)$/.test(new URL(response.url()).pathname));
const isGraphVendor = (response: Response) => /\/assets\/graph-vendor-[^/]+\.js$/.test(response.url());

test('the first page load fetches no graph code, compressed and cached; the graph screen brings it, and a reload asks only for the page', async ({
  page,
}) => {
  const responses: Response[] = [];
  page.on('response', (response) => responses.push(response));
  await openApp(page);
  const firstLoad = assets(responses);
  expect(firstLoad.length).toBeGreaterThan(0);
  expect(firstLoad.filter(isGraphVendor)).toEqual([]);
  for (const response of firstLoad) {
    const headers = await response.allHeaders();
    expect(headers['content-encoding'], response.url()).toBe('br');
    expect(headers['cache-control'], response.url()).toBe('public, max-age=31536000, immutable');
  }
  const pageAnswer = responses.find((response) => new URL(response.url()).pathname === '/' && response.status() === 200);
  expect(await pageAnswer?.headerValue('cache-control')).toBe('no-cache');

  await page.getByTestId('nav-graph').click();
  await expect(page.getByTestId('graph-no-run')).toBeVisible();
  await expect.poll(() => responses.filter(isGraphVendor).length).toBe(1);

  // A reload takes every script and style sheet from the browser's cache: nothing crosses the network.
  await page.reload();
  await expect(page.getByTestId('nav-workbench')).toBeVisible();
  const fetched = await page.evaluate(() =>
    (performance.getEntriesByType('resource') as PerformanceResourceTiming[])
      .filter((entry) => /\/assets\/[^/]+\.(js|css)$/.test(new URL(entry.name).pathname))
      .map((entry) => ({ name: entry.name, transferSize: entry.transferSize })),
  );
  expect(fetched.length).toBeGreaterThan(0);
  expect(fetched.filter((entry) => entry.transferSize > 0)).toEqual([]);
});
