// Every operation of browser mode's HTTP API, sent input of the wrong type, missing fields, unknown
// fields and huge strings: each refusal must be worded by our codes, with what to give, never in zod's
// own English ("Too small: expected string to have >=1 characters"), in English and Korean alike.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LensHandlers } from '../../../electron/api/api-dispatch';
import { startWebHost, type WebHost } from '../../../electron/web/web-host';
import { LENS_API, OPERATION_NAMES, type OperationName } from '../../../shared/api/lens-api';
import { wordCore } from '../../../shared/core-catalogues';
import type { LensErrorData } from '../../../shared/lens-error';

/** zod's own sentences (its `en` locale), none of which a refusal may carry. */
const ZOD_WORDING =
  /Invalid input|Invalid option|Invalid (?:string|discriminator|key|element|number)|Too (?:small|big): expected|Unrecognized keys?:|, received \w+/;

const HUGE = 'x'.repeat(100_000);
const FIELD_VALUES: readonly unknown[] = [12_345, HUGE, '', [], [''], [7], {}, true, null, -1, 1.5, 1e9];
const WHOLE_INPUTS: readonly unknown[] = [5, 'text', [], {}, { not_a_field: HUGE }];

/** The fields of an object schema (through defaults, optionals and pipes), or null when it is none. */
function fieldsOf(schema: unknown): Record<string, unknown> | null {
  let current = schema as { shape?: Record<string, unknown>; _zod?: { def?: Record<string, unknown> } } | undefined;
  for (let depth = 0; depth < 6 && current; depth += 1) {
    if (current.shape) return current.shape;
    const def = current._zod?.def;
    current = (def?.innerType ?? def?.in ?? def?.schema) as typeof current;
  }
  return null;
}

/** Each input to send an operation: whole inputs, then each field (and each field of an object field) given each value. */
function inputsFor(name: OperationName): unknown[] {
  const inputs: unknown[] = [...WHOLE_INPUTS];
  for (const [key, field] of Object.entries(fieldsOf(LENS_API[name].input) ?? {})) {
    for (const value of FIELD_VALUES) inputs.push({ [key]: value });
    inputs.push({ [key]: { not_a_field: HUGE } });
    for (const sub of Object.keys(fieldsOf(field) ?? {})) for (const value of FIELD_VALUES) inputs.push({ [key]: { [sub]: value } });
  }
  return inputs;
}

describe('browser mode refuses bad input to every operation in our words, never zod’s', () => {
  let dir: string;
  let host: WebHost;
  let reached = 0;
  // Input that passes its schema reaches a handler, which answers nothing the output schema takes: only refusals are judged.
  const handlers = Object.fromEntries(
    OPERATION_NAMES.map((name) => [
      name,
      async () => {
        reached += 1;
        return { reached: name };
      },
    ]),
  ) as unknown as LensHandlers;

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lens-request-wording-'));
    fs.writeFileSync(path.join(dir, 'index.html'), '<!doctype html>');
    host = await startWebHost({ handlers, rendererDir: dir });
  });
  afterAll(async () => {
    await host.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it.each(OPERATION_NAMES.map((name) => [name]))('%s', async (name) => {
    const leaks: string[] = [];
    let refused = 0;
    for (const input of inputsFor(name)) {
      const response = await fetch(`http://127.0.0.1:${host.port}/api/${name}`, {
        method: 'POST',
        headers: { 'X-Lens-Token': host.token, 'Content-Type': 'application/json' },
        body: JSON.stringify(input),
      });
      const answer = (await response.json()) as { ok: boolean; error?: LensErrorData };
      const error = answer.error;
      if (answer.ok || error?.message_code !== 'error_server:input_schema') continue;
      refused += 1;
      expect(error.kind).toBe('invalid_input');
      const korean = wordCore({ code: error.message_code, params: error.message_params }, 'ko') ?? '';
      const issue = error.message_params?.issue;
      if (!Array.isArray(issue) || ZOD_WORDING.test(error.message) || ZOD_WORDING.test(korean))
        leaks.push(`${JSON.stringify(input).slice(0, 80)} → ${error.message.slice(0, 200)} | ${korean.slice(0, 200)}`);
      // A huge value is never echoed back whole.
      expect(error.message.length).toBeLessThan(2_000);
    }
    expect(leaks).toEqual([]);
    expect(refused).toBeGreaterThan(0);
  });

  it('sent some valid input through to the handlers, so the refusals above were the schema’s', () => {
    expect(reached).toBeGreaterThan(0);
  });
});
