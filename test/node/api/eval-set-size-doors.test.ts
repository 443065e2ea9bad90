// A golden set's size cap at each door, measured in bytes of UTF-8 as `lens eval --set` and the
// Evaluations screen measure the file: a set of Korean text (3 bytes a character) was measured at the
// door in characters, so 1.99 MB passed IPC and HTTP where the CLI and the screen refused it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_INPUT_BYTES } from '../../../electron/api/input-limits';
import type { ApiEnvelope } from '../../../shared/api/lens-api';
import { wordCore } from '../../../shared/core-catalogues';
import { GOLDEN_SET_MAX_BYTES } from '../../../shared/eval/golden-set';
import { openBothDoors, type BothDoors } from '../../support/both-doors';

const SET = 'name: korean\nquestions:\n  - { id: q1, question: 정산 주기, principal: u-sora, expected: {} }\n';
// Over the cap in bytes, under it in characters, and (as JSON with its file name) under what one HTTP body carries.
const OVER = `${SET}# ${'가'.repeat(Math.ceil((GOLDEN_SET_MAX_BYTES - SET.length) / 3) + 100)}\n`;
const SIZE_KB = Math.ceil(Buffer.byteLength(OVER) / 1024);
const CAP_KB = Math.ceil(GOLDEN_SET_MAX_BYTES / 1024);

function expectSizeRefusal(envelope: ApiEnvelope): void {
  expect(envelope.ok).toBe(false);
  if (envelope.ok) return;
  expect(envelope.error.kind).toBe('invalid_input');
  expect(envelope.error.message).toContain(`korean.yaml is ${SIZE_KB} KB, more than the ${CAP_KB} KB a golden set may hold`);
  const korean = wordCore({ code: envelope.error.message_code ?? '', params: envelope.error.message_params }, 'ko');
  expect(korean).toContain(`korean.yaml은(는) ${SIZE_KB} KB로, 골든 세트가 담을 수 있는 ${CAP_KB} KB`);
}

describe('a golden set of Korean text over the cap in bytes, at every door', () => {
  let doors: BothDoors;
  beforeAll(async () => {
    doors = await openBothDoors('lens-eval-size-');
  });
  afterAll(() => doors.close());

  it('is a set the cap refuses and each door can carry', () => {
    expect(OVER.length).toBeLessThan(GOLDEN_SET_MAX_BYTES);
    expect(Buffer.byteLength(OVER)).toBeGreaterThan(GOLDEN_SET_MAX_BYTES);
    expect(Buffer.byteLength(JSON.stringify({ content: OVER, file_name: 'korean.yaml' }))).toBeLessThan(MAX_INPUT_BYTES);
  });

  it('IPC (the app) refuses it naming its size in KB and the cap, as the CLI and the Evaluations screen do', async () => {
    expectSizeRefusal(await doors.ipc('eval.run', { content: OVER, file_name: 'korean.yaml' }));
  });

  it('HTTP (browser mode) refuses it the same way', async () => {
    expectSizeRefusal((await doors.http('eval.run', { content: OVER, file_name: 'korean.yaml' })).envelope);
  });
});
