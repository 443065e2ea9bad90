import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { openApp } from './setup/e2e-app';
import { chooseLook, prepareRun, TOUR, visit, type TourScreen } from './setup/screen-tour';

test.describe.configure({ mode: 'serial' });

/** The impacts that fail the check; minor and moderate findings are printed but pass. */
const FAILING_IMPACTS = new Set(['serious', 'critical']);

/** One finding as the failure message lists it: screen, rule, impact and where. */
interface Finding {
  readonly screen: string;
  readonly rule: string;
  readonly impact: string;
  readonly targets: string[];
  readonly summary: string;
}

/** Runs axe-core (every rule it ships, WCAG 2.x A and AA and best practice) on the page as it is now. */
async function scan(page: Page, screen: string): Promise<Finding[]> {
  const result = await new AxeBuilder({ page }).analyze();
  // Lesser findings are printed so they can be seen, but pass.
  for (const violation of result.violations.filter((entry) => !FAILING_IMPACTS.has(entry.impact ?? '')))
    console.log(`${screen}: ${violation.id} (${violation.impact ?? 'no impact'}) on ${violation.nodes.length} node(s)`);
  return result.violations
    .filter((violation) => FAILING_IMPACTS.has(violation.impact ?? ''))
    .map((violation) => ({
      screen,
      rule: violation.id,
      impact: violation.impact ?? '',
      targets: violation.nodes.slice(0, 8).map((node) => node.target.join(' ')),
      summary: violation.nodes[0]?.failureSummary?.split('\n').slice(0, 3).join(' ') ?? violation.help,
    }));
}

function describe(findings: readonly Finding[]): string {
  return findings
    .map((finding) => `${finding.screen}: ${finding.rule} (${finding.impact}) at ${finding.targets.join(' | ')}\n    ${finding.summary}`)
    .join('\n');
}

for (const language of ['en', 'ko'] as const) {
  for (const theme of ['light', 'dark'] as const) {
    test(`every screen in ${language}, ${theme} theme, has no serious or critical accessibility violation`, async ({ page }) => {
      test.setTimeout(300_000);
      await openApp(page);
      try {
        await chooseLook(page, language, theme);
        await prepareRun(page);
        const findings: Finding[] = [];
        for (const screen of TOUR satisfies readonly TourScreen[]) {
          await visit(page, screen);
          findings.push(...(await scan(page, `${screen} (${language}, ${theme})`)));
        }
        expect(findings, describe(findings)).toEqual([]);
      } finally {
        // The language and theme are stored settings: later specs start in English, light.
        await chooseLook(page, 'en', 'light');
      }
    });
  }
}

test('the check fails on a control without a name, so a clean result means something', async ({ page }) => {
  await openApp(page);
  await visit(page, 'connect');
  await page.evaluate(() => {
    const button = document.createElement('button');
    button.setAttribute('data-testid', 'nameless');
    document.getElementById('main-content')?.append(button);
  });
  const findings = await scan(page, 'connect with a nameless button');
  expect(findings.map((finding) => finding.rule)).toContain('button-name');
  expect(findings.find((finding) => finding.rule === 'button-name')?.targets).toEqual(['button[data-testid="nameless"]']);
});
