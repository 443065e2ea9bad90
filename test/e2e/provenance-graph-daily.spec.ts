import fs from 'node:fs';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { chooseLanguage, openFailoverGraph, snapshot } from './setup/e2e-app';

test.describe.configure({ mode: 'serial', timeout: 180_000 });

/** The floor of graph-labels.ts: no label is drawn smaller than this on screen. */
const LABEL_FLOOR_PX = 11;
/** The aspect bound of graph-expansion-placement.ts. */
const MAX_ASPECT = 2.5;

async function openGraph(page: Page): Promise<Locator> {
  const canvas = await openFailoverGraph(page);
  await expect(canvas).toHaveAttribute('data-labels-drawn', /\d+/);
  return canvas;
}

/** The least label size drawn, in CSS px, or null when no label is drawn. */
async function leastLabel(canvas: Locator): Promise<number | null> {
  const least = await canvas.getAttribute('data-least-label-px');
  return least === 'none' || least === null ? null : Number(least);
}

/** Turns the mouse wheel over the canvas's middle until the zoom meets `done` (30 turns at most). */
async function zoomTo(page: Page, canvas: Locator, done: (zoom: number) => boolean, delta: number): Promise<void> {
  const box = await canvas.boundingBox();
  for (let step = 0; step < 30 && !done(Number(await canvas.getAttribute('data-zoom'))); step += 1) {
    await page.mouse.move((box?.x ?? 0) + (box?.width ?? 0) / 2, (box?.y ?? 0) + (box?.height ?? 0) / 2);
    await page.mouse.wheel(0, delta);
    await page.waitForTimeout(100);
  }
  // Off the canvas, so no node stays hovered.
  await page.mouse.move(0, 0);
  expect(done(Number(await canvas.getAttribute('data-zoom')))).toBe(true);
}

async function expandChosen(page: Page): Promise<{ added: number; text: string }> {
  const status = page.getByTestId('graph-expand-status');
  const before = Number(await status.getAttribute('data-serial'));
  await page.getByTestId('graph-expand').click();
  await expect(status).not.toHaveAttribute('data-serial', String(before), { timeout: 30_000 });
  await expect(page.getByTestId('graph-expand')).toBeEnabled();
  return { added: Number(await status.getAttribute('data-added')), text: (await status.textContent()) ?? '' };
}

/** Chooses the first node of the list whose option reads `prefix…`; returns its id. */
async function chooseNode(page: Page, prefix: string): Promise<string> {
  const select = page.getByTestId('graph-node-select');
  const id = await select
    .locator('option')
    .evaluateAll(
      (options, start) => options.find((option) => (option.textContent ?? '').startsWith(start))?.getAttribute('value') ?? '',
      prefix,
    );
  expect(id).not.toBe('');
  await select.selectOption(id);
  return id;
}

test('a few items’ paths open where their labels can be read, on the paths, with a note; Fit to view shows the whole view', async ({
  page,
}) => {
  // At the default 1400x900 window a fit of these paths is under the zoom labels need (they opened as blank boxes).
  const canvas = await openGraph(page);
  const note = page.getByTestId('graph-opened-readable');
  await expect(note).toBeVisible();
  await expect(note).toContainText('Fit to view shows all');
  await expect(canvas).not.toHaveAttribute('data-labels-drawn', '0');
  expect(await leastLabel(canvas)).toBeGreaterThanOrEqual(LABEL_FLOOR_PX);
  await snapshot(page, 'graph-daily-00-opened-readable');
  await page.getByRole('button', { name: 'Fit to view' }).click();
  await expect(note).toHaveCount(0);
  expect(Number(await canvas.getAttribute('data-zoom'))).toBeLessThan(1);
});

test('every legend entry reads on one or two lines, its count on the text, nothing clipped, in English and Korean', async ({ page }) => {
  // Seen at 1400×900: "SUPERSEDED_BY: the older record → the record that replaces it (0)" took three
  // lines, the count standing in a column of its own beside the squeezed name.
  await openGraph(page);
  await expect(page.getByTestId('legend-supersession')).toBeVisible();
  for (const language of ['en', 'ko'] as const) {
    await chooseLanguage(page, language);
    await expect(page.getByTestId('graph-legend')).toHaveAttribute('aria-label', language === 'en' ? 'Legend' : '범례');
    const entries = await page
      .getByTestId('graph-legend')
      .locator('li')
      .evaluateAll((items) =>
        items.map((item) => {
          const style = getComputedStyle(item);
          const fontSize = Number.parseFloat(style.fontSize);
          const lineHeight = style.lineHeight === 'normal' ? fontSize * 1.35 : Number.parseFloat(style.lineHeight);
          const count = item.querySelector('.muted');
          // The words before the count: the top of their last line.
          const range = document.createRange();
          range.selectNodeContents(item);
          if (count) range.setEndBefore(count);
          const tops = Array.from(range.getClientRects())
            .filter((rect) => rect.width > 0)
            .map((rect) => rect.top);
          const lastWords = count && tops.length > 0 ? { top: Math.max(...tops) } : undefined;
          const countBox = count?.getBoundingClientRect();
          return {
            text: item.textContent ?? '',
            lines: item.getBoundingClientRect().height / lineHeight,
            clipped: item.scrollWidth > item.clientWidth + 1,
            // The count sits on the line the words end on, not in a column of its own.
            countBesideWords: !countBox || !lastWords || Math.abs(countBox.top - lastWords.top) < lineHeight / 2,
          };
        }),
      );
    expect(entries.length).toBeGreaterThan(5);
    for (const entry of entries) {
      expect(entry.lines, `${entry.text}: lines`).toBeLessThan(2.5);
      expect(entry.clipped, `${entry.text}: clipped`).toBe(false);
      expect(entry.countBesideWords, `${entry.text}: its count beside its words`).toBe(true);
    }
  }
  await chooseLanguage(page, 'en');
});

test('at fit to view no label is drawn under 11 px; hovering a node shows its text in a tooltip, and zooming in draws labels', async ({
  page,
}) => {
  const canvas = await openGraph(page);
  await page.getByRole('button', { name: 'Fit to view' }).click();
  const least = await leastLabel(canvas);
  if (least !== null) expect(least).toBeGreaterThanOrEqual(LABEL_FLOOR_PX);
  await expect(page.getByTestId('graph-legend-labels-hint')).toContainText('zoom in, hover a node');

  // Keyboard: the node list moves the choice; the chosen node's text and properties show.
  const select = page.getByTestId('graph-node-select');
  await select.focus();
  await page.keyboard.press('ArrowDown');
  const chosen = await select.inputValue();
  expect(chosen).not.toBe('');
  await expect(page.getByTestId('graph-properties').locator('.graph-node-facts')).toBeVisible();
  const tip = page.getByTestId('graph-node-tip');
  // Zoomed out until node text (11 model px) would be under the floor: labels are hidden, the chosen node's text shows beside it.
  await zoomTo(page, canvas, (value) => value < 0.9, 400);
  await expect(canvas).toHaveAttribute('data-labels-drawn', '0');
  await expect(tip).toBeVisible();
  await expect(tip).toHaveAttribute('data-node-id', chosen);
  const size = await tip.evaluate((element) => Number.parseFloat(getComputedStyle(element).fontSize));
  expect(size).toBeGreaterThanOrEqual(LABEL_FLOOR_PX);
  // Hover: clear the choice, then point at the node the tooltip stood over.
  const where = await tip.evaluate((element) => ({
    left: Number.parseFloat(element.style.left),
    top: Number.parseFloat(element.style.top),
  }));
  await select.selectOption('');
  await expect(tip).toHaveCount(0);
  const box = await canvas.boundingBox();
  await page.mouse.move((box?.x ?? 0) + where.left, (box?.y ?? 0) + where.top + 6);
  await expect(tip).toBeVisible();
  await expect(tip).toHaveAttribute('data-node-id', chosen);
  await snapshot(page, 'graph-daily-01-fit-hover');

  // Zoomed in far enough, labels are drawn, none under the floor.
  await zoomTo(page, canvas, (value) => value >= 1.2, -600);
  await expect(canvas).not.toHaveAttribute('data-labels-drawn', '0');
  expect(await leastLabel(canvas)).toBeGreaterThanOrEqual(LABEL_FLOOR_PX);
});

test('two expansions keep the origin where it was and the view within the aspect bound; expanding again says nothing is new', async ({
  page,
}) => {
  const canvas = await openGraph(page);
  const aspectBefore = Number(await canvas.getAttribute('data-aspect'));

  await chooseNode(page, 'Document');
  await expect(canvas).toHaveAttribute('data-selected-position', /-?\d+,-?\d+/);
  const documentAt = await canvas.getAttribute('data-selected-position');
  const first = await expandChosen(page);
  await expect(canvas).toHaveAttribute('data-selected-position', documentAt ?? '');

  await chooseNode(page, 'Chunk');
  await expect(canvas).toHaveAttribute('data-selected-position', /-?\d+,-?\d+/);
  const chunkAt = await canvas.getAttribute('data-selected-position');
  const second = await expandChosen(page);
  await expect(canvas).toHaveAttribute('data-selected-position', chunkAt ?? '');
  expect(first.added + second.added).toBeGreaterThan(0);
  const aspectAfter = Number(await canvas.getAttribute('data-aspect'));
  expect(aspectAfter).toBeLessThanOrEqual(Math.max(MAX_ASPECT, aspectBefore) + 0.01);
  await snapshot(page, 'graph-daily-02-expanded');

  // The chunk's neighbours are all drawn now: its expansion adds nothing, and says so.
  const again = await expandChosen(page);
  expect(again.added).toBe(0);
  expect(again.text).toContain('Nothing new');
  await expect(page.getByTestId('graph-expand-status')).toHaveAttribute('role', 'status');
  await expect(canvas).toHaveAttribute('data-selected-position', chunkAt ?? '');
});

test('PNG, SVG and JSON exports carry the legend, query, principal, mode, trace id and times', async ({ page }) => {
  await openGraph(page);
  const download = async (format: 'png' | 'svg' | 'json') => {
    const [file] = await Promise.all([page.waitForEvent('download'), page.getByTestId(`graph-export-${format}`).click()]);
    const path = await file.path();
    return { name: file.suggestedFilename(), body: fs.readFileSync(path) };
  };

  const json = await download('json');
  const document = JSON.parse(json.body.toString('utf8')) as { meta: Record<string, unknown>; nodes: unknown[] };
  const meta = document.meta as {
    version: number;
    trace_id: string;
    query: string;
    mode: string;
    principal: { id: string };
    run_at: string | null;
    exported_at: string;
    graph_uri: string | null;
    legend: { node_types: { label: string; colour: string }[]; edge_kinds: unknown[] };
  };
  expect(meta.version).toBe(1);
  expect(meta.query).toBe('payments database failover runbook');
  expect(meta.mode).toBe('hybrid');
  expect(meta.principal.id).toBe('u-sora');
  expect(meta.run_at).toMatch(/^\d{4}-\d\d-\d\dT/);
  expect(meta.exported_at).toMatch(/^\d{4}-\d\d-\d\dT/);
  expect(meta.graph_uri).toMatch(/^(bolt|neo4j)/);
  expect(meta.graph_uri).not.toContain('@');
  expect(meta.legend.node_types.length).toBeGreaterThan(0);
  expect(meta.legend.edge_kinds.length).toBeGreaterThan(0);
  expect(document.nodes.length).toBeGreaterThan(0);
  expect(json.name).toContain(meta.trace_id.slice(0, 8));
  expect(json.name).toMatch(/-\d{8}T\d{6}Z\.json$/);

  const svg = (await download('svg')).body.toString('utf8');
  expect(svg).toMatch(/<title>Provenance graph of “payments database failover runbook”<\/title>/);
  expect(svg).toMatch(new RegExp(`<desc>[^<]*${meta.trace_id}[^<]*Principal: u-sora`));
  expect(svg).toContain('class="export-legend"');
  for (const type of meta.legend.node_types) expect(svg).toContain(type.label);

  const png = await download('png');
  expect(png.body.subarray(1, 4).toString('latin1')).toBe('PNG');
  const width = png.body.readUInt32BE(16);
  const height = png.body.readUInt32BE(20);
  const sizes = (await page.getByTestId('graph-canvas').getAttribute('data-exported-png')) ?? '';
  const [, graphWidth, graphHeight] = /graph (\d+)x(\d+)/.exec(sizes) ?? [];
  expect(`${width}x${height}`).toBe(sizes.split(' ')[0]);
  expect(width).toBeGreaterThan(Number(graphWidth));
  expect(height).toBeGreaterThan(Number(graphHeight));
});

for (const { width, height } of [
  { width: 1440, height: 900 },
  { width: 1024, height: 700 },
])
  test(`the graph screen at ${width}×${height} in English and Korean`, async ({ page }) => {
    await page.setViewportSize({ width, height });
    await openGraph(page);
    await chooseNode(page, 'Document');
    await expandChosen(page);
    // Choosing the node scrolled its properties into view; the picture is of the graph and its status.
    const top = async () => page.locator('.graph-header').evaluate((element) => element.scrollIntoView({ block: 'start' }));
    await top();
    await snapshot(page, `graph-daily-${width}x${height}-en`);
    await chooseLanguage(page, 'ko');
    await expect(page.getByTestId('graph-legend-labels-hint')).toContainText('확대');
    await expect(page.getByTestId('graph-expand-status')).toContainText(/추가했습니다|새로운 것이 없습니다/);
    await top();
    await snapshot(page, `graph-daily-${width}x${height}-ko`);
    await chooseLanguage(page, 'en');
  });
