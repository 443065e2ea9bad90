import { expect, test, type Page } from '@playwright/test';
import { chooseLanguage, openApp, snapshot } from './setup/e2e-app';

// The Traces filter row at 1024×700: each field's label sits above its field, and the labels of one
// line of the row share a top, as do the fields. In Korean the labels sat a few pixels off their fields.

interface FieldBox {
  name: string;
  labelTop: number;
  labelBottom: number;
  controlTop: number;
  controlBottom: number;
}

/** The label and control boxes of every field of the Traces filter row. */
async function filterBoxes(page: Page): Promise<FieldBox[]> {
  return page.locator('.traces-filters > .traces-field').evaluateAll((fields) =>
    fields.map((field) => {
      const label = (field.querySelector(':scope > span') as HTMLElement).getBoundingClientRect();
      const control = (field.querySelector('input, select') as HTMLElement).getBoundingClientRect();
      return {
        name: field.querySelector('input, select')?.getAttribute('data-testid') ?? '?',
        labelTop: label.top,
        labelBottom: label.bottom,
        controlTop: control.top,
        controlBottom: control.bottom,
      };
    }),
  );
}

const FIELDS = [
  'traces-search',
  'traces-filter-principal',
  'traces-filter-mode',
  'traces-filter-outcome',
  'traces-filter-since',
  'traces-filter-until',
];

/** The fields grouped by the line of the wrapping row they sit on (fields of one line overlap vertically). */
function lines(boxes: readonly FieldBox[]): FieldBox[][] {
  const grouped: FieldBox[][] = [];
  for (const box of [...boxes].sort((a, b) => a.controlBottom - b.controlBottom)) {
    const last = grouped.at(-1);
    if (last && box.controlTop < (last[0] as FieldBox).controlBottom) last.push(box);
    else grouped.push([box]);
  }
  return grouped;
}

/** How far apart the highest and lowest of one edge are across a line, in px. */
function spread(line: readonly FieldBox[], edge: 'labelTop' | 'controlTop' | 'controlBottom'): number {
  const values = line.map((box) => box[edge]);
  return Math.max(...values) - Math.min(...values);
}

for (const language of ['en', 'ko'] as const) {
  test(`in ${language} at 1024×700 the Traces filter labels line up with their fields`, async ({ page }) => {
    await page.setViewportSize({ width: 1024, height: 700 });
    await openApp(page);
    await chooseLanguage(page, language);
    await page.getByTestId('nav-traces').click();
    await expect(page.getByTestId('traces-search')).toBeVisible();
    await snapshot(page, `traces-filters-${language}-1024`);
    const boxes = await filterBoxes(page);
    expect(boxes.map((box) => box.name)).toEqual(FIELDS);
    for (const line of lines(boxes)) {
      const names = line.map((box) => box.name).join(', ');
      expect.soft(spread(line, 'labelTop'), `${language}: the labels of ${names} do not share a top`).toBeLessThanOrEqual(1);
      expect.soft(spread(line, 'controlTop'), `${language}: the fields ${names} do not share a top`).toBeLessThanOrEqual(1);
      expect.soft(spread(line, 'controlBottom'), `${language}: the fields ${names} do not share a bottom`).toBeLessThanOrEqual(1);
      for (const box of line) {
        const gap = box.controlTop - box.labelBottom;
        expect.soft(gap, `${language}: the label of ${box.name} is ${gap} px above its field`).toBeGreaterThanOrEqual(0);
        expect.soft(gap, `${language}: the label of ${box.name} is ${gap} px above its field`).toBeLessThanOrEqual(4);
      }
    }
  });
}

test.afterEach(async ({ page }) => {
  await chooseLanguage(page, 'en');
});
