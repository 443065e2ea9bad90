import { expect, test, type Locator, type Page } from '@playwright/test';
import { openApp, runQuery, snapshot } from './setup/e2e-app';
import { chooseLook, prepareRun, TOUR, visit, type TourScreen } from './setup/screen-tour';

test.describe.configure({ mode: 'serial' });

const SMALL = { width: 1024, height: 700 };
const LARGE = { width: 1440, height: 900 };

/** What must be in view on first view of each screen at 1024×700, without scrolling (CSS selectors). */
const NEEDED: Partial<Record<TourScreen, readonly string[]>> = {
  // The connection in use (its source and URI), the report's Refresh, and the demo's status.
  connect: ['[data-testid="connection-state"] .cn-facts', '[data-testid="refresh-report"]', '[data-testid="demo-in-use"]'],
  // After the tour's run the form is one summary line: it, Run again and the run's outcome; the form
  // it re-opens is checked apart (WORKBENCH_FORM).
  // and the first result's head: the relevance line and the meters are one compact line above it.
  workbench: [
    '[data-testid="query-summary"]',
    '[data-testid="summary-run"]',
    '[data-testid="run-results"] [data-testid="outcome-banner"]',
    '[data-testid="run-strip"]',
    '[data-testid="item"] .wb-item-head',
  ],
  graph: ['[data-testid="graph-canvas"]'],
  traces: ['[data-testid="traces-import"]', '[data-testid="trace-row"]'],
  compare: [
    '[data-testid="compare-query"]',
    '[data-testid="compare-principal-a"]',
    '[data-testid="compare-principal-b"]',
    '[data-testid="compare-button"]',
  ],
};

/** The Workbench form, re-opened from its summary line: the query box and the Run button. */
const WORKBENCH_FORM = ['[data-testid="query-input"]', '[data-testid="run-button"]'] as const;

/** Fails naming the element when its box is not wholly inside the viewport. */
async function expectInView(page: Page, element: Locator, name: string): Promise<void> {
  // A missing element fails here, naming it, instead of holding boundingBox() until the test's timeout.
  await expect(element, `${name} is not shown`).toBeVisible();
  const box = await element.boundingBox();
  expect(box, `${name} is not shown`).not.toBeNull();
  if (!box) return;
  const viewport = page.viewportSize() ?? SMALL;
  const where = `${name} at x ${Math.round(box.x)}, y ${Math.round(box.y)}, ${Math.round(box.width)}×${Math.round(box.height)}`;
  expect(box.y + box.height, `${where} ends below the fold (${viewport.height} px)`).toBeLessThanOrEqual(viewport.height);
  // A wide table row scrolls sideways in its own list; what matters is that it starts in view (its first 200 px).
  const shownWidth = Math.min(box.width, 200);
  expect(box.x + shownWidth, `${where} is not in view across the window (${viewport.width} px)`).toBeLessThanOrEqual(viewport.width);
  expect(box.x, `${where} starts left of the window`).toBeGreaterThanOrEqual(0);
  expect(box.y, `${where} starts above the window`).toBeGreaterThanOrEqual(0);
}

/** The header is one row: its height is that of its tallest control plus padding, not two rows. */
async function expectOneRowHeader(page: Page, label: string): Promise<void> {
  const rows = await page.locator('.app-header').evaluate((header) => {
    const tops = new Set<number>();
    for (const child of Array.from(header.querySelectorAll<HTMLElement>('h1, nav button, .header-tools > *')))
      tops.add(Math.round(child.getBoundingClientRect().top / 8));
    return { height: header.getBoundingClientRect().height, rowCount: tops.size };
  });
  expect(rows.height, `${label}: the header is ${rows.height} px tall`).toBeLessThan(56);
  expect(rows.rowCount, `${label}: the header's items sit on more than one line`).toBeLessThanOrEqual(2);
}

/**
 * The relevance line, the token budget, the deadline and the embedder: one line (about 30 px, where
 * they took about 160), the rest on demand — Details shows the relevance sentences and the meters'
 * figures in full, and closes again.
 */
async function expectCompactStrip(page: Page, language: string): Promise<void> {
  const strip = page.getByTestId('run-strip');
  const height = (await strip.boundingBox())?.height ?? 999;
  expect(height, `${language}: the run's meters and relevance line are ${height} px tall`).toBeLessThan(44);
  const relevance = strip.getByTestId('relevance-line');
  await expect(relevance).toHaveClass(/wb-relevance-clipped/);
  const toggle = strip.getByTestId('run-strip-toggle');
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  await expect(strip.getByTestId('relevance-line')).not.toHaveClass(/wb-relevance-clipped/);
  await expect(strip.getByTestId('budget-bar')).not.toHaveClass(/wb-meter-compact/);
  await snapshot(page, `size-1024x700-${language}-workbench-details`);
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
}

for (const language of ['en', 'ko'] as const) {
  test(`at 1024×700 in ${language} the header is one row and what each screen needs is above the fold; screenshots at both sizes`, async ({
    page,
  }) => {
    test.setTimeout(300_000);
    await page.setViewportSize(SMALL);
    await openApp(page);
    try {
      await chooseLook(page, language, 'light');
      await prepareRun(page);
      for (const screen of TOUR) {
        await page.setViewportSize(SMALL);
        await visit(page, screen);
        // First view: the main region scrolled to its top, as a switch leaves it.
        await page.locator('#main-content').evaluate((main) => main.scrollTo(0, 0));
        await expectOneRowHeader(page, `${screen} (${language})`);
        for (const selector of NEEDED[screen] ?? [])
          await expectInView(page, page.locator(selector).first(), `${screen} (${language}): ${selector}`);
        await snapshot(page, `size-1024x700-${language}-${screen}`);
        if (screen === 'workbench') {
          await expectCompactStrip(page, language);
          await page.getByTestId('summary-query').click();
          for (const selector of WORKBENCH_FORM)
            await expectInView(page, page.locator(selector).first(), `workbench form (${language}): ${selector}`);
          await snapshot(page, `size-1024x700-${language}-workbench-form`);
        }
        await page.setViewportSize(LARGE);
        await page.waitForTimeout(300);
        await snapshot(page, `size-1440x900-${language}-${screen}`);
      }
    } finally {
      await chooseLook(page, 'en', 'light');
    }
  });
}

/** Window widths a desktop app is used at, from the smallest supported to a wide screen. */
const WIDTHS = [1024, 1180, 1181, 1280, 1366, 1400, 1440, 1600, 1920] as const;

for (const language of ['en', 'ko'] as const) {
  test(`in ${language} the header is one row at every width from 1024 to 1920 px, no tab's name broken across lines, nothing past the window`, async ({
    page,
  }) => {
    await openApp(page);
    try {
      await chooseLook(page, language, 'light');
      for (const width of WIDTHS) {
        await page.setViewportSize({ width, height: 800 });
        await expectOneRowHeader(page, `${width} px (${language})`);
        const layout = await page.locator('.app-header').evaluate((header) => ({
          overflow: header.scrollWidth - header.clientWidth,
          // A tab whose name wraps is taller than one line of it.
          wrapped: Array.from(header.querySelectorAll<HTMLElement>('nav button'))
            .filter((tab) => tab.getBoundingClientRect().height > parseFloat(getComputedStyle(tab).lineHeight) * 1.5 + 12)
            .map((tab) => tab.textContent ?? ''),
        }));
        expect(layout.wrapped, `${width} px (${language}): tabs whose names wrap`).toEqual([]);
        expect(layout.overflow, `${width} px (${language}): the header is wider than the window`).toBeLessThanOrEqual(0);
      }
    } finally {
      await chooseLook(page, 'en', 'light');
    }
  });
}

/** Whether any line box of the element's text crosses the rectangle of `other` (a control drawn over it). */
async function textUnder(element: Locator, other: Locator): Promise<string | null> {
  const box = await other.boundingBox();
  if (!box) return 'the Details button is not shown';
  return element.evaluate((node, button) => {
    const range = document.createRange();
    range.selectNodeContents(node);
    for (const rect of Array.from(range.getClientRects())) {
      const apart =
        rect.right <= button.x || rect.left >= button.x + button.width || rect.bottom <= button.y || rect.top >= button.y + button.height;
      if (!apart && rect.width > 0)
        return `text at x ${Math.round(rect.left)}–${Math.round(rect.right)}, y ${Math.round(rect.top)} runs under it`;
    }
    return null;
  }, box);
}

for (const language of ['en', 'ko'] as const) {
  test(`in ${language} a run the relevance floor emptied says why once, and no word of it is under the Details button`, async ({
    page,
  }) => {
    await openApp(page);
    try {
      await chooseLook(page, language, 'light');
      await runQuery(page, { query: 'kubernetes helm chart zebra', principal: 'u-sora', mode: 'vector' });
      const strip = page.getByTestId('run-strip');
      const relevance = strip.getByTestId('relevance-line');
      await expect(relevance).toHaveClass(/wb-relevance-none/);
      const floorSentence = language === 'en' ? 'no candidate reached the relevance floor' : '관련성 하한에 이른 후보가 없습니다';
      await expect.soft(page.getByTestId('outcome-banner')).not.toContainText(floorSentence);
      for (const width of [1024, 1280, 1400, 1440, 1920]) {
        await page.setViewportSize({ width, height: 800 });
        expect.soft(await textUnder(relevance, strip.getByTestId('run-strip-toggle')), `at ${width} px`).toBeNull();
      }
    } finally {
      await page.setViewportSize(SMALL);
      await chooseLook(page, 'en', 'light');
    }
  });
}

/** Pairs of cells of one row of the Traces grid (header or run) whose boxes overlap, as `A over B` (the later-drawn first). */
async function overlappingCells(row: Locator): Promise<string[]> {
  return row.evaluate((node) => {
    const cells = Array.from(node.querySelectorAll<HTMLElement>(':scope > [role="columnheader"], :scope > [role="gridcell"]'));
    const scroller = node.closest('.traces-scroller')?.getBoundingClientRect();
    const boxes = cells
      .map((cell) => ({ name: cell.className.replace('trace-cell ', ''), box: cell.getBoundingClientRect() }))
      // Only what the list shows: a column scrolled out of its box is reached by scrolling.
      .filter(({ box }) => scroller !== undefined && box.right > scroller.left && box.left < scroller.right);
    const found: string[] = [];
    for (const [i, a] of boxes.entries())
      for (const b of boxes.slice(i + 1))
        if (Math.min(a.box.right, b.box.right) - Math.max(a.box.left, b.box.left) > 1) found.push(`${b.name} over ${a.name}`);
    return found;
  });
}

/** Opens the app at 1024×700 in `language`, runs `body`, and leaves the app in English at that size. */
async function atSmallSizeIn(page: Page, language: 'en' | 'ko', body: () => Promise<void>): Promise<void> {
  await page.setViewportSize(SMALL);
  await openApp(page);
  try {
    await chooseLook(page, language, 'light');
    await body();
  } finally {
    await page.setViewportSize(SMALL);
    await chooseLook(page, 'en', 'light');
  }
}

for (const language of ['en', 'ko'] as const) {
  test(`in ${language} at 1024×700 the Traces grid's columns do not cover each other, and a run's actions stay in view when the grid is scrolled sideways`, async ({
    page,
  }) => {
    await atSmallSizeIn(page, language, async () => {
      await prepareRun(page);
      await page.getByTestId('nav-traces').click();
      const row = page.getByTestId('trace-row').first();
      await expect(row).toBeVisible();
      const list = page.getByTestId('traces-list');
      const header = list.locator('.traces-header');
      expect(await overlappingCells(header), 'header cells drawn over others').toEqual([]);
      expect(await overlappingCells(row), 'cells of a run drawn over others').toEqual([]);
      await snapshot(page, `traces-1024-${language}`);
      // Scrolled to the grid's far end, a run's buttons are still there to press.
      await list.evaluate((scroller) => scroller.scrollTo({ left: scroller.scrollWidth }));
      for (const action of ['trace-open', 'trace-replay', 'trace-export', 'trace-delete'])
        await expectInView(page, row.getByTestId(action), `${language}: ${action} after scrolling the grid sideways`);
      await snapshot(page, `traces-1024-${language}-scrolled-right`);
      // …and every row reaches as far as the header: the rows stopped about 100 px short of its last column.
      const ends = await list.evaluate((scroller) => {
        const right = (element: Element | null) => Math.round(element?.getBoundingClientRect().right ?? Number.NaN);
        const run = scroller.querySelector('[data-testid="trace-row"]');
        const header = scroller.querySelectorAll('.traces-header > [role="columnheader"]');
        const cells = run?.querySelectorAll(':scope > [role="gridcell"]') ?? [];
        return { header: right(header[header.length - 1] ?? null), row: right(run), lastCell: right(cells[cells.length - 1] ?? null) };
      });
      expect(ends.row, `${language}: a run's row ends at ${ends.row} px, its header at ${ends.header} px`).toBeGreaterThanOrEqual(
        ends.header,
      );
      expect(ends.lastCell, `${language}: the row's last cell ends past the row, cut off`).toBeLessThanOrEqual(ends.row);
    });
  });
}

/**
 * The Traces grid's column headers whose names do not fit their cells, with the width each needs and has.
 * A copy of each cell, as wide as its content, is measured beside it: the cell's and its sort button's
 * scroll widths are whole pixels (Elapsed needed 80.4 px of 80 and read "ELAPSE…" while both said 80), and
 * a range over the text measures what the "…" left of it.
 */
async function cutColumnHeaders(list: Locator): Promise<string[]> {
  return list.locator('.traces-header > [role="columnheader"]').evaluateAll((cells) =>
    cells.flatMap((cell) => {
      const probe = cell.cloneNode(true) as HTMLElement;
      probe.removeAttribute('role');
      probe.style.cssText = 'position: absolute; left: 0; top: 0; visibility: hidden; width: max-content; max-width: none;';
      cell.parentElement?.append(probe);
      const needs = probe.getBoundingClientRect().width;
      probe.remove();
      const has = cell.getBoundingClientRect().width;
      return needs > has ? [`${cell.textContent ?? ''} (needs ${needs.toFixed(1)} px, has ${has.toFixed(1)})`] : [];
    }),
  );
}

for (const language of ['en', 'ko'] as const) {
  test(`in ${language} every column header of the Traces grid is whole at 1024, 1440 and 1920 px, and the grid needs no sideways scroll from 1440 px`, async ({
    page,
  }) => {
    await atSmallSizeIn(page, language, async () => {
      await prepareRun(page);
      await page.getByTestId('nav-traces').click();
      await expect(page.getByTestId('trace-row').first()).toBeVisible();
      const list = page.getByTestId('traces-list');
      for (const width of [1024, 1440, 1920]) {
        await page.setViewportSize({ width, height: 800 });
        // Sorted by Elapsed, its header carries the sort mark too, the widest it gets.
        await page.getByTestId('traces-sort-elapsed').click();
        await expect(list.locator('.traces-header [aria-sort="descending"]')).toHaveCount(1);
        expect.soft(await cutColumnHeaders(list), `${width} px (${language}): column names cut short`).toEqual([]);
        if (width > 1024) {
          const sideways = await list.evaluate((scroller) => scroller.scrollWidth - scroller.clientWidth);
          expect.soft(sideways, `${width} px (${language}): the grid scrolls sideways`).toBeLessThanOrEqual(0);
        }
        await snapshot(page, `traces-headers-${width}-${language}`);
        await page.getByTestId('traces-sort-time').click();
      }
    });
  });
}

for (const language of ['en', 'ko'] as const) {
  test(`in ${language} the Traces grid names every run's mode whole, at 1024 px and 1440 px, with the mode picker's wording as its title`, async ({
    page,
  }) => {
    await atSmallSizeIn(page, language, async () => {
      for (const mode of ['auto', 'fulltext', 'hybrid'])
        await runQuery(page, { query: 'payments database failover', principal: 'u-sora', mode, timeoutMs: 60_000 });
      await page.getByTestId('nav-traces').click();
      await expect(page.getByTestId('trace-row').nth(2)).toBeVisible();
      for (const width of [SMALL.width, LARGE.width]) {
        await page.setViewportSize({ width, height: 700 });
        const modes = await page.locator('[data-testid="trace-row"] .trace-cell.mode').evaluateAll((cells) =>
          cells.map((cell) => ({
            text: cell.textContent ?? '',
            cut: cell.scrollWidth > cell.clientWidth,
            title: cell.getAttribute('title') ?? '',
            mode: cell.querySelector('[data-mode]')?.getAttribute('data-mode') ?? '',
          })),
        );
        expect(modes.map((cell) => cell.mode)).toEqual(expect.arrayContaining(['auto', 'fulltext', 'hybrid']));
        expect(
          modes.filter((cell) => cell.cut).map((cell) => cell.text),
          `${width} px (${language}): modes cut short`,
        ).toEqual([]);
        const auto = modes.find((cell) => cell.mode === 'auto');
        expect(auto?.title, 'the whole wording of auto, as the mode picker has it').toBe(
          language === 'en' ? 'auto (routed)' : '자동 (라우팅)',
        );
      }
    });
  });
}

for (const language of ['en', 'ko'] as const) {
  test(`in ${language} at 1440×900 the Traces grid fits its box: no sideways scroll, every column and a run's actions in view`, async ({
    page,
  }) => {
    await page.setViewportSize(LARGE);
    await openApp(page);
    try {
      await chooseLook(page, language, 'light');
      await prepareRun(page);
      await page.getByTestId('nav-traces').click();
      const row = page.getByTestId('trace-row').first();
      await expect(row).toBeVisible();
      const list = page.getByTestId('traces-list');
      // The grid scrolled sideways by about 30 px at this width: its columns' least widths summed past its box.
      const sideways = await list.evaluate((scroller) => scroller.scrollWidth - scroller.clientWidth);
      expect(sideways, `${language}: the grid scrolls sideways by ${sideways} px at 1440 px`).toBeLessThanOrEqual(0);
      const lastEnd = await row.evaluate((node) => {
        const cells = node.querySelectorAll(':scope > [role="gridcell"]');
        return Math.round(cells[cells.length - 1]?.getBoundingClientRect().right ?? Number.NaN);
      });
      const box = await list.boundingBox();
      expect(lastEnd, `${language}: the last column ends past the grid's box`).toBeLessThanOrEqual(
        Math.round((box?.x ?? 0) + (box?.width ?? 0)),
      );
      expect(await overlappingCells(row), 'cells of a run drawn over others').toEqual([]);
      for (const action of ['trace-open', 'trace-replay', 'trace-export', 'trace-delete'])
        await expectInView(page, row.getByTestId(action), `${language}: ${action} at 1440 px`);
      await snapshot(page, `traces-1440-${language}`);
    } finally {
      await page.setViewportSize(SMALL);
      await chooseLook(page, 'en', 'light');
    }
  });
}
