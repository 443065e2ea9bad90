import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Every error a user can meet is built with `codedError` (a message code with parameters, worded in
 * the UI's language), not as an English-only `new LensError(…)`. The places that may still build one
 * are listed with their reason: rebuilding an error from its wire form keeps whatever it carried.
 */
const ROOT = join(__dirname, '..', '..', '..');
const ALLOWED: Readonly<Record<string, string>> = {
  'shared/lens-error.ts': 'the class itself, and an error rebuilt from its wire form (codes included)',
  'shared/coded-error.ts': 'codedError builds the LensError from codes',
  'shared/errors/retrieval-error-messages.ts':
    'retrievalCodedError: codedError for modules the catalogue registry imports (no import cycle)',
  'renderer/screens/provenance-graph/use-graph-export.ts': "an export failure worded by the graph screen's own i18n keys",
};

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    return /\.(ts|tsx)$/.test(name) && !/\.d\.ts$/.test(name) ? [path] : [];
  });
}

describe('errors a user can meet', () => {
  it('are built from message codes everywhere outside the listed places', () => {
    const found: string[] = [];
    for (const top of ['electron', 'shared', 'renderer']) {
      for (const file of sources(join(ROOT, top))) {
        const name = relative(ROOT, file).split('\\').join('/');
        if (name in ALLOWED) continue;
        readFileSync(file, 'utf8')
          .split('\n')
          .forEach((line, index) => {
            if (/new LensError\(/.test(line)) found.push(`${name}:${index + 1}`);
          });
      }
    }
    expect(found).toEqual([]);
  });
});
