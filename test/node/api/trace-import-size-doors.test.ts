// A trace bundle's size cap at each door, measured in bytes of UTF-8 as the Traces screen measures the
// picked file: a bundle of Korean text (3 bytes a character) was measured at the door in characters,
// so 2.3 MB of it passed IPC and HTTP where the screen refused it, and the refusal named neither size nor cap.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiEnvelope } from '../../../shared/api/lens-api';
import { openBothDoors, type BothDoors } from '../../support/both-doors';
import { wordCore } from '../../../shared/core-catalogues';
import { bundleSizeProblem, MAX_IMPORT_BUNDLE_BYTES } from '../../../shared/trace-import';

const HEAD = '{"format":"provenance-lens-traces","version":1,"exported_at":"2026-12-01T00:00:00.000Z","runs":[],"note":"';
// Over the cap in bytes, under it in characters (and under what one request carries).
const OVER = `${HEAD}${'가'.repeat(Math.ceil(MAX_IMPORT_BUNDLE_BYTES / 3) + 100)}"}`;
const SIZE_KB = Math.ceil(Buffer.byteLength(OVER) / 1024);

function expectSizeRefusal(envelope: ApiEnvelope): void {
  expect(envelope.ok).toBe(false);
  if (envelope.ok) return;
  expect(envelope.error.kind).toBe('invalid_input');
  expect(envelope.error.message).toBe(
    `korean.json is ${SIZE_KB} KB, more than the 1900 KB the app imports at once (what one request to it carries), so it was not read.`,
  );
  expect(envelope.error.hint).toContain('lens traces import FILE');
  const korean = wordCore({ code: envelope.error.message_code ?? '', params: envelope.error.message_params }, 'ko');
  expect(korean).toContain(`korean.json은(는) ${SIZE_KB} KB로, 앱이 한 번에 가져올 수 있는 1900 KB`);
}

describe('a trace bundle of Korean text over the cap in bytes, at every door', () => {
  let doors: BothDoors;
  beforeAll(async () => {
    doors = await openBothDoors('lens-bundle-size-');
  });
  afterAll(() => doors.close());

  it('is a bundle the cap refuses, under it in characters', () => {
    expect(OVER.length).toBeLessThan(MAX_IMPORT_BUNDLE_BYTES);
    expect(Buffer.byteLength(OVER)).toBeGreaterThan(MAX_IMPORT_BUNDLE_BYTES);
  });

  it('the Traces screen refuses the picked file in the same words, before reading it', () => {
    const refused = bundleSizeProblem('korean.json', Buffer.byteLength(OVER));
    expectSizeRefusal({ ok: false, error: refused!.toData() } as ApiEnvelope);
    expect(bundleSizeProblem('korean.json', MAX_IMPORT_BUNDLE_BYTES)).toBeNull();
  });

  it('IPC (the app) refuses it naming its size in KB, the cap and what to do', async () => {
    expectSizeRefusal(await doors.ipc('traces.import', { content: OVER, file_name: 'korean.json' }));
  });

  it('HTTP (browser mode) refuses it the same way', async () => {
    expectSizeRefusal((await doors.http('traces.import', { content: OVER, file_name: 'korean.json' })).envelope);
  });
});
