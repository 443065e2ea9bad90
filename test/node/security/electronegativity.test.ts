import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { build } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../../support/test-env';

interface Issue {
  id: string;
  file: string;
  severity: { name: string; value: number };
  manualReview: boolean;
  description: string;
}

const require = createRequire(import.meta.url);
const ELECTRON_VERSION = (
  JSON.parse(fs.readFileSync(path.join(REPO_ROOT, 'node_modules', 'electron', 'package.json'), 'utf8')) as { version: string }
).version;

/**
 * Electronegativity over the shell as it ships: main and preload bundled like `npm run build:shell`
 * (named .js, which the tool scans) and the renderer's index.html. AvailableSecurityFixesGlobalCheck
 * is left out because it needs the network.
 */
describe('Electronegativity on the desktop shell', () => {
  let dir: string;
  let result: { issues: Issue[]; errors: unknown[]; globalChecks: number; atomicChecks: number };
  let sarif: { runs: { results: { ruleId: string; level: string }[] }[] };

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lens-eneg-'));
    const app = path.join(dir, 'app');
    await build({
      entryPoints: [path.join(REPO_ROOT, 'electron', 'main.ts')],
      bundle: true,
      platform: 'node',
      format: 'esm',
      outfile: path.join(app, 'main.js'),
      external: ['electron', 'better-sqlite3'],
      // The tool's parser does not read class private fields (smol-toml, the TOML front matter reader,
      // has them): esbuild writes them as the older syntax it reads, which changes no Electron API call.
      supported: {
        'class-private-field': false,
        'class-private-method': false,
        'class-private-accessor': false,
        'class-private-static-field': false,
        'class-private-static-method': false,
        'class-private-static-accessor': false,
        'class-private-brand-check': false,
      },
      logLevel: 'error',
    });
    await build({
      entryPoints: [path.join(REPO_ROOT, 'electron', 'preload.ts')],
      bundle: true,
      platform: 'node',
      format: 'cjs',
      outfile: path.join(app, 'preload.js'),
      external: ['electron'],
      logLevel: 'error',
    });
    fs.copyFileSync(path.join(REPO_ROOT, 'renderer', 'index.html'), path.join(app, 'index.html'));
    fs.writeFileSync(
      path.join(app, 'package.json'),
      JSON.stringify({ name: 'provenance-lens', main: 'main.js', devDependencies: { electron: ELECTRON_VERSION } }),
    );
    const run = require('@doyensec/electronegativity/dist/runner.js') as (
      options: Record<string, unknown>,
      forCli: boolean,
    ) => Promise<typeof result>;
    const report = path.join(dir, 'electronegativity.sarif');
    result = await run(
      {
        input: app,
        output: report,
        isSarif: true,
        customScan: [],
        excludeFromScan: ['AvailableSecurityFixesGlobalCheck'],
        isRelative: false,
        isVerbose: false,
        electronVersionOverride: ELECTRON_VERSION,
        parserPlugins: [],
      },
      false,
    );
    // The tool writes its report with an unawaited fs.writeFile, so wait for it to appear.
    for (let waited = 0; !fs.existsSync(report) || fs.statSync(report).size === 0; waited += 50) {
      if (waited > 10_000) throw new Error('Electronegativity wrote no SARIF report');
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    sarif = JSON.parse(fs.readFileSync(report, 'utf8'));
    // Keep the report as a test artifact.
    fs.mkdirSync(path.join(REPO_ROOT, 'test-results'), { recursive: true });
    fs.copyFileSync(report, path.join(REPO_ROOT, 'test-results', 'electronegativity.sarif'));
  }, 120_000);

  afterAll(() => {
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('parses every file it was given (a parse error would hide findings)', () => {
    expect(result.errors).toEqual([]);
    expect(result.atomicChecks).toBeGreaterThan(20);
  });

  it('finds no issue of high severity', () => {
    const high = result.issues.filter((issue) => issue.severity.name === 'HIGH').map((issue) => `${issue.id}: ${issue.description}`);
    expect(high).toEqual([]);
  });

  it('reports in SARIF exactly the issues it found, none of them high', () => {
    const highIds = new Set(result.issues.filter((issue) => issue.severity.name === 'HIGH').map((issue) => issue.id));
    expect(sarif.runs[0]?.results.length).toBe(result.issues.length);
    expect(sarif.runs[0]?.results.filter((entry) => highIds.has(entry.ruleId))).toEqual([]);
  });

  it('sees the navigation limits, the permission handler and the context isolation of the shell', () => {
    const ids = new Set(result.issues.map((issue) => issue.id));
    for (const id of [
      'LIMIT_NAVIGATION_GLOBAL_CHECK',
      'PERMISSION_REQUEST_HANDLER_GLOBAL_CHECK',
      'CONTEXT_ISOLATION_JS_CHECK',
      'NODE_INTEGRATION_JS_CHECK',
      'SANDBOX_JS_CHECK',
      'AUXCLICK_JS_CHECK',
    ])
      expect(ids.has(id), id).toBe(false);
  });
});
