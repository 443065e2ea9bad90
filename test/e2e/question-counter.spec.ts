import { expect, test } from '@playwright/test';
import { chooseLanguage, fillQuery, openApp } from './setup/e2e-app';
import { chooseLook } from './setup/screen-tour';

// The question box counts its characters from 80 % of the 10,000 a question may hold, and past them
// Run is off with its reason beside it: a pasted page had been sent, refused at the door, and only
// then said to be too long.
const words = (chars: number) => 'settlement '.repeat(Math.ceil(chars / 11)).slice(0, chars);

// The language is a setting the server keeps: the specs after this one read the app in English.
test.afterEach(async ({ page }) => {
  await chooseLanguage(page, 'en');
});

for (const [language, counts, over, runOff] of [
  [
    'en',
    '8,500 of 10,000 characters a question may hold',
    '10,001 of 10,000 characters: 1 over',
    'Run is off: the question holds 10,001 characters',
  ],
  [
    'ko',
    '질문이 담을 수 있는 10,000자 중 8,500자',
    '10,000자 중 10,001자: 질문이 담을 수 있는 양보다 1자 많습니다',
    '실행할 수 없습니다: 질문이 10,001자로',
  ],
] as const)
  test(`in ${language}, the question box counts from 80 % of the limit and Run says why it is off past it`, async ({ page }) => {
    await openApp(page);
    await chooseLook(page, language, 'light');
    await fillQuery(page, { query: words(7_999), principal: 'u-sora', mode: 'fulltext' });
    const count = page.getByTestId('query-count');
    const run = page.getByTestId('run-button');
    await expect(count, 'no counter below 80 %').toHaveCount(0);
    await expect(run).toBeEnabled();

    await page.getByTestId('query-input').fill(words(8_500));
    await expect(count).toHaveText(counts);
    await expect(run).toBeEnabled();
    await expect(page.getByTestId('run-off-reason')).toHaveCount(0);

    await page.getByTestId('query-input').fill(words(10_001));
    await expect(count).toContainText(over);
    await expect(run).toBeDisabled();
    const reason = page.getByTestId('run-off-reason');
    await expect(reason).toContainText(runOff);
    await expect(run).toHaveAttribute('aria-describedby', (await reason.getAttribute('id')) ?? 'none');
    if (language === 'ko') await expect(reason).not.toContainText(/[A-Za-z]/);
    // The keyboard shortcut does not send it either: no run starts.
    await page.getByTestId('query-input').press('Control+Enter');
    await expect(page.getByTestId('run-results')).toHaveCount(0);

    // Back at the limit, it runs again.
    await page.getByTestId('query-input').fill(words(10_000));
    await expect(run).toBeEnabled();
    await expect(reason).toHaveCount(0);
  });

test.describe('in a browser set to German', () => {
  test.use({ locale: 'de-DE' });

  for (const [language, counts] of [
    ['en', '8,500 of 10,000 characters a question may hold'],
    ['ko', '질문이 담을 수 있는 10,000자 중 8,500자'],
  ] as const)
    test(`the question box counts in the UI's language (${language}), not the browser's`, async ({ page }) => {
      await openApp(page);
      await chooseLook(page, language, 'light');
      // The browser does write numbers its own way: eight thousand five hundred is 8.500 to it.
      expect(await page.evaluate(() => (8500).toLocaleString())).toBe('8.500');
      await fillQuery(page, { query: words(8_500), principal: 'u-sora', mode: 'fulltext' });
      await expect(page.getByTestId('query-count')).toHaveText(counts);
    });
});
