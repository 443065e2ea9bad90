import { expect, test, type CDPSession, type Page } from '@playwright/test';
import { openApp } from './setup/e2e-app';
import { findOnTour, visit } from './setup/screen-tour';

test.describe.configure({ mode: 'serial' });

/** The roles a person operates: what a screen reader must be able to name. */
const CONTROL_ROLES = new Set([
  'button',
  'checkbox',
  'combobox',
  'link',
  'listbox',
  'menuitem',
  'radio',
  'searchbox',
  'slider',
  'spinbutton',
  'switch',
  'tab',
  'textbox',
]);

interface AxNode {
  readonly ignored?: boolean;
  readonly role?: { value?: string };
  readonly name?: { value?: string };
  readonly backendDOMNodeId?: number;
}

/**
 * Every control of the page, as Chromium's own accessibility tree names it, whose name is empty or holds
 * no letter or digit (an icon button named "×" or "⧉"), each as its role and the start of its element.
 */
async function namelessControls(page: Page): Promise<string[]> {
  const cdp = await page.context().newCDPSession(page);
  try {
    const { nodes } = (await cdp.send('Accessibility.getFullAXTree')) as { nodes: AxNode[] };
    const found: string[] = [];
    for (const node of nodes) {
      const role = node.role?.value ?? '';
      if (node.ignored || !CONTROL_ROLES.has(role)) continue;
      const name = (node.name?.value ?? '').trim();
      if (/[\p{L}\p{N}]/u.test(name)) continue;
      found.push(`${role} named "${name}": ${await openingTag(cdp, node.backendDOMNodeId)}`);
    }
    return found;
  } finally {
    await cdp.detach();
  }
}

/** The element's opening tag, cut to 160 characters: enough to find it in the source. */
async function openingTag(cdp: CDPSession, backendNodeId?: number): Promise<string> {
  if (backendNodeId === undefined) return 'no element';
  const { outerHTML } = (await cdp.send('DOM.getOuterHTML', { backendNodeId })) as { outerHTML: string };
  return outerHTML.split('>')[0]!.slice(0, 160) + '>';
}

for (const language of ['en', 'ko'] as const) {
  test(`in ${language} every control on every screen has a name a screen reader can say`, async ({ page }) => {
    test.setTimeout(300_000);
    await openApp(page);
    const found = await findOnTour(page, language, () => namelessControls(page));
    expect(found, found.join('\n')).toEqual([]);
  });
}

test('the check finds an icon button named only by its symbol, so a clean result means something', async ({ page }) => {
  await openApp(page);
  await visit(page, 'connect');
  await page.evaluate(() => {
    const button = document.createElement('button');
    button.setAttribute('data-testid', 'icon-only');
    button.textContent = '×';
    document.getElementById('main-content')?.append(button);
  });
  expect(await namelessControls(page)).toEqual(['button named "×": <button data-testid="icon-only">']);
});
