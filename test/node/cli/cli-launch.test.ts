import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runLens, runNode, type LensRun } from '../../support/run-lens';
import { CHILD_PROCESS_TEST_TIMEOUT_MS, REPO_ROOT } from '../../support/test-env';

const BUNDLE = path.join(REPO_ROOT, 'dist-cli');
const VERSION = (JSON.parse(fs.readFileSync(path.join(REPO_ROOT, 'package.json'), 'utf8')) as { version: string }).version;

interface StampModule {
  writeBuildStamp(root: string, bundleDir: string, inputs: readonly string[]): void;
  bundleState(root: string, bundleDir: string): { state: 'fresh'; entry: string } | { state: 'missing' | 'stale'; reason: string };
  STAMP_FILE: string;
  BUNDLE_ENTRY: string;
}
const stamp = (await import(pathToFileURL(path.join(REPO_ROOT, 'electron', 'cli', 'cli-bundle-stamp.mjs')).href)) as StampModule;

/**
 * Runs `lens <args>` through the launcher the `lens` bin uses, looking for the bundle in `bundleDir`
 * (dist-cli/ by default), and prints which build ran as a last line `ran: bundle|sources`.
 */
function launchLens(args: readonly string[], bundleDir?: string): Promise<LensRun> {
  const launcher = pathToFileURL(path.join(REPO_ROOT, 'electron', 'cli', 'cli-launch.mjs')).href;
  const options = `{ argv: [process.execPath, 'lens', ...${JSON.stringify(args)}]${bundleDir ? `, bundleDir: ${JSON.stringify(bundleDir)}` : ''} }`;
  const script = `import { launch } from ${JSON.stringify(launcher)};\nconst run = await launch(${options});\nprocess.stdout.write('ran: ' + run.ran + '\\n');\nprocess.exitCode = run.exitCode;`;
  return runNode(
    ['--input-type=module', '-e', script],
    { LENS_HOME: path.join(os.tmpdir(), 'lens-launch-no-home') },
    CHILD_PROCESS_TEST_TIMEOUT_MS,
    `lens ${args.join(' ')}`,
  );
}

describe('the lens launcher', () => {
  let root: string;

  beforeAll(() => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'lens-launch-'));
  });

  afterAll(() => {
    fs.rmSync(root, { recursive: true, force: true });
  });

  it(
    'runs the bundle in dist-cli/ when it matches the sources, printing nothing on stderr',
    async () => {
      const launched = await launchLens(['--version']);
      expect(launched.stderr).toBe('');
      expect(launched.stdout).toBe(`${VERSION}\nran: bundle\n`);
      const bin = await runLens(['--version']);
      expect(bin).toEqual({ code: 0, stdout: `${VERSION}\n`, stderr: '' });
    },
    CHILD_PROCESS_TEST_TIMEOUT_MS,
  );

  it(
    'falls back to the TypeScript sources with a one-line note when the bundle is missing, and they answer as the bundle does',
    async () => {
      const empty = fs.mkdtempSync(path.join(root, 'no-bundle-'));
      const fallback = await launchLens(['embed', 'payments ledger', '--json'], empty);
      expect(fallback.code).toBe(0);
      expect(fallback.stderr.split('\n')).toEqual([
        expect.stringMatching(
          /^lens: there is no CLI bundle in .+; running the TypeScript sources instead \(slower start\)\. `npm run build:cli` builds the bundle\.$/,
        ),
        '',
      ]);
      const bundled = await launchLens(['embed', 'payments ledger', '--json']);
      expect(fallback.stdout).toBe(bundled.stdout.replace('ran: bundle', 'ran: sources'));
      expect(JSON.parse(fallback.stdout.replace(/ran: sources\n$/, ''))).toMatchObject({ embedder: 'hashing-384', dimensions: 384 });
    },
    CHILD_PROCESS_TEST_TIMEOUT_MS,
  );

  it(
    'says the bundle is older than the source that changed, and runs the sources',
    async () => {
      const copy = path.join(root, 'stale-bundle');
      fs.cpSync(BUNDLE, copy, { recursive: true });
      const stampFile = path.join(copy, stamp.STAMP_FILE);
      const written = JSON.parse(fs.readFileSync(stampFile, 'utf8')) as { files: Record<string, { size: number; sha256: string }> };
      const facts = written.files['electron/cli/lens-cli.ts'];
      if (!facts) throw new Error('the stamp does not name electron/cli/lens-cli.ts');
      // As if the bundle had been built before lens-cli.ts was last edited.
      written.files['electron/cli/lens-cli.ts'] = { ...facts, size: facts.size + 1, sha256: '0'.repeat(64) };
      fs.writeFileSync(stampFile, JSON.stringify(written));
      const launched = await launchLens(['--version'], copy);
      expect(launched.code).toBe(0);
      expect(launched.stderr).toMatch(
        /^lens: the CLI bundle is older than electron\/cli\/lens-cli\.ts; running the TypeScript sources instead/,
      );
      expect(launched.stdout).toBe(`${VERSION}\nran: sources\n`);
    },
    CHILD_PROCESS_TEST_TIMEOUT_MS,
  );
});

describe('the CLI bundle build stamp', () => {
  let root: string;
  let bundleDir: string;
  const source = () => path.join(root, 'src', 'a.ts');

  beforeAll(() => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'lens-stamp-'));
    bundleDir = path.join(root, 'bundle');
    fs.mkdirSync(path.join(root, 'src'));
    fs.mkdirSync(bundleDir);
    fs.writeFileSync(source(), 'export const a = 1;\n');
    fs.writeFileSync(path.join(bundleDir, stamp.BUNDLE_ENTRY), '');
  });

  afterAll(() => {
    fs.rmSync(root, { recursive: true, force: true });
  });

  it('calls a bundle without a stamp missing', () => {
    expect(stamp.bundleState(root, bundleDir)).toMatchObject({ state: 'missing' });
  });

  it('calls the bundle fresh while its sources are unchanged, also after a touch that keeps their content', () => {
    stamp.writeBuildStamp(root, bundleDir, ['src/a.ts']);
    expect(stamp.bundleState(root, bundleDir)).toEqual({ state: 'fresh', entry: path.join(bundleDir, stamp.BUNDLE_ENTRY) });
    const later = new Date(Date.now() + 60_000);
    fs.utimesSync(source(), later, later);
    expect(stamp.bundleState(root, bundleDir).state).toBe('fresh');
  });

  it('calls the bundle stale, naming the source, once a source changed or is gone', () => {
    stamp.writeBuildStamp(root, bundleDir, ['src/a.ts']);
    fs.writeFileSync(source(), 'export const a = 2;\n');
    // An edit within the same millisecond as the stamp would keep the time: make sure it moved.
    const edited = new Date(Date.now() + 120_000);
    fs.utimesSync(source(), edited, edited);
    expect(stamp.bundleState(root, bundleDir)).toEqual({ state: 'stale', reason: 'the CLI bundle is older than src/a.ts' });
    fs.rmSync(source());
    expect(stamp.bundleState(root, bundleDir)).toMatchObject({ state: 'stale' });
  });
});
