import { expect, test } from '@playwright/test';
import { GOLDEN_SET_MAX_BYTES } from '../../shared/eval/golden-set';
import { chooseLanguage, openApp } from './setup/e2e-app';

/** A valid golden set padded with a YAML comment to `bytes` bytes. */
function paddedSet(bytes: number): Buffer {
  const set = `name: big set
questions:
  - id: q1
    question: 연봉 조정 주기와 기준
    principal: u-guest
    expected: {}
`;
  return Buffer.from(`${set}#${'x'.repeat(bytes - Buffer.byteLength(set) - 2)}\n`);
}

test('a golden set over the size cap picked on the Evaluations screen is refused as the CLI refuses it: its size, the cap and what to do, in English and Korean', async ({
  page,
}) => {
  await openApp(page);
  await page.getByTestId('nav-evaluations').click();
  // Over what one request carries (2 MB): the door refused it as "the input is larger than 2 MB", naming neither the file nor the cap.
  const bytes = 3 * 1024 * 1024;
  const sizeKb = Math.ceil(bytes / 1024);
  const capKb = Math.ceil(GOLDEN_SET_MAX_BYTES / 1024);
  await page.getByTestId('eval-file').setInputFiles({ name: 'big.yaml', mimeType: 'text/yaml', buffer: paddedSet(bytes) });
  await page.getByTestId('eval-run-button').click();
  const alert = page.getByRole('alert');
  await expect(alert.first()).toContainText(`big.yaml is ${sizeKb} KB, more than the ${capKb} KB a golden set may hold`);
  await expect(alert.first()).toContainText('split its questions into smaller sets and evaluate each');
  await expect(page.getByText('larger than 2 MB')).toHaveCount(0);
  // No evaluation was started for it.
  await expect(page.getByTestId('eval-progress')).toHaveCount(0);

  await chooseLanguage(page, 'ko');
  await expect(page.getByRole('alert').first()).toContainText(`big.yaml은(는) ${sizeKb} KB로, 골든 세트가 담을 수 있는 ${capKb} KB`);
  await chooseLanguage(page, 'en');

  // Just over the cap, under what a request carries: the same words (the app's own check had them already).
  const justOver = GOLDEN_SET_MAX_BYTES + 1024;
  await page.getByTestId('eval-file').setInputFiles({ name: 'edge.yaml', mimeType: 'text/yaml', buffer: paddedSet(justOver) });
  await page.getByTestId('eval-run-button').click();
  await expect(page.getByRole('alert').first()).toContainText(
    `edge.yaml is ${Math.ceil(justOver / 1024)} KB, more than the ${capKb} KB a golden set may hold`,
  );
});
