import { defineConfig } from '@playwright/test';

// End-to-end tests: the real renderer in a real Chromium (Debian's, not a downloaded one) against
// `lens web` over the real demo graph. The global setup starts Neo4j and browser mode itself.
const chromium = process.env.LENS_CHROMIUM ?? '/usr/bin/chromium';

export default defineConfig({
  testDir: 'test/e2e',
  outputDir: 'test-results/e2e',
  globalSetup: './test/e2e/setup/e2e-global-setup.ts',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 90_000,
  expect: { timeout: 20_000 },
  reporter: [['list'], ['./test/e2e/setup/closing-line-reporter.ts']],
  use: {
    headless: true,
    viewport: { width: 1400, height: 900 },
    screenshot: 'only-on-failure',
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: chromium,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
  projects: [
    { name: 'chromium', testIgnore: /electron\.spec\.ts/ },
    { name: 'electron', testMatch: /electron\.spec\.ts/ },
  ],
});
