import { expect, test } from '@playwright/test';
import { chooseLanguage, openApp } from './setup/e2e-app';

test('a retention limit that is not a number is refused naming the field and what was typed, in English and Korean, and nothing is saved', async ({
  page,
}) => {
  await openApp(page);
  await page.getByTestId('nav-settings').click();
  const section = page.getByTestId('retention-section');
  await expect(section.getByTestId('retention-now')).toHaveText('Now: every run is kept');
  await section.getByTestId('retention-max-runs').fill('abc');
  await section.getByTestId('retention-save').click();
  const error = section.getByRole('alert');
  await expect(error).toContainText('Keep at most this many runs: "abc" is not a number');
  await expect(error).toContainText('give a whole number');
  await expect(error).not.toContainText('NaN');
  await expect(section.getByTestId('retention-now')).toHaveText('Now: every run is kept');

  await chooseLanguage(page, 'ko');
  await expect(section.getByRole('alert')).toContainText('보관할 최대 실행 수: "abc"은(는) 숫자가 아니어서 저장하지 않았습니다');
  await chooseLanguage(page, 'en');
});
