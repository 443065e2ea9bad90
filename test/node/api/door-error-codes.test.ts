import type http from 'node:http';
import { describe, expect, it } from 'vitest';
import { dispatch, type LensHandlers } from '../../../electron/api/api-dispatch';
import { inputLimitError } from '../../../electron/api/input-limits';
import { RunningQueries } from '../../../electron/api/running-queries';
import { checkHost, hostIdentity, RefusedRequest } from '../../../electron/web/request-guard';
import { createLensClient } from '../../../shared/api/lens-client';
import { wordCore } from '../../../shared/core-catalogues';
import { rejectionOf } from '../../support/lens-error-of';

describe('the API doors’ errors as codes with parameters', () => {
  it('refuses input that fails its schema with the operation, the path, the value given and the options accepted as codes', async () => {
    const envelope = await dispatch({} as LensHandlers, 'settings.set', { language: 'fr' });
    expect(envelope.ok).toBe(false);
    if (envelope.ok) return;
    expect(envelope.error.message).toBe('settings.set: language — "fr" is not an accepted value (accepted: "en", "ko").');
    expect(envelope.error.message_code).toBe('error_server:input_schema');
    expect(envelope.error.message_params).toEqual({
      operation: 'settings.set',
      path: 'language',
      issue: [{ code: 'error_server:zod_value_not_accepted_part', params: { value: '"fr"', options: '"en", "ko"' } }],
    });
  });

  it('names a mode the app does not have in a request, with the modes it has', async () => {
    const said = await dispatch({} as LensHandlers, 'query.run', { request: { query: 'q', principal: 'p', mode: 'telepathy' } });
    expect(said.ok).toBe(false);
    if (said.ok) return;
    expect(said.error.message).toMatch(
      /^query\.run: request\.mode — "telepathy" is not an accepted value \(accepted: "vector", "fulltext", /,
    );
  });

  it('refuses a value no form of a union takes with the field, the value and the values accepted, not zod’s English', async () => {
    const envelope = await dispatch({} as LensHandlers, 'compare.run', { source: 'both', trace_a: 'a', trace_b: 'b' });
    expect(envelope.ok).toBe(false);
    if (envelope.ok) return;
    expect(envelope.error.message).toBe('compare.run: source — "both" is not an accepted value (accepted: "principals", "runs").');
    expect(envelope.error.message_params?.issue).toEqual([
      { code: 'error_server:zod_value_not_accepted_part', params: { value: '"both"', options: '"principals", "runs"' } },
    ]);
    // The renderer's client refuses it before it leaves, in the same words.
    const client = createLensClient(async () => ({ ok: true, value: {} }));
    const error = await rejectionOf(client['compare.run']({ source: 'both' } as never));
    expect(wordCore(error.said!, 'ko')).toBe('compare.run: source — "both"은(는) 받는 값이 아닙니다(받는 값: "principals", "runs").');
  });

  it('says what input is not plain data as a clause of its own', () => {
    const error = inputLimitError('query.run', { when: new Date(0) });
    expect(error?.message).toBe('query.run: the input is not plain JSON data (it holds a Date object).');
    expect(error?.said?.params?.why).toEqual([{ code: 'error_server:holds_object_part', params: { name: 'Date' } }]);
    expect(wordCore(error!.said!, 'ko')).toBe('query.run: 입력이 순수한 JSON 데이터가 아닙니다(Date 객체가 들어 있습니다).');
  });

  it('refuses a second run under a running trace id with the id', async () => {
    const running = new RunningQueries();
    let release: () => void = () => undefined;
    const first = running.track('tr-1', () => new Promise<void>((resolve) => (release = resolve)));
    const second = await rejectionOf(running.track('tr-1', async () => undefined));
    expect(second.message).toBe('A run with trace id tr-1 is running already.');
    expect(second.said).toEqual({ code: 'error_server:trace_id_running', params: { trace: 'tr-1' } });
    release();
    await first;
  });

  it('refuses an unknown Host with a code', () => {
    const req = { headers: { host: 'evil.example' }, headersDistinct: { host: ['evil.example'] } } as unknown as http.IncomingMessage;
    let refused: unknown;
    try {
      checkHost(req, hostIdentity(4321));
    } catch (error) {
      refused = error;
    }
    expect(refused).toBeInstanceOf(RefusedRequest);
    expect((refused as RefusedRequest).error.said).toEqual({ code: 'error_server:unknown_host', params: {} });
    expect((refused as RefusedRequest).error.message).toBe('Unknown host: this server answers only to the address lens web printed.');
  });

  it('gives the client’s own refusals codes too, and keeps the codes a door sent', async () => {
    const garbled = createLensClient(async () => ({ nonsense: true }));
    const error = await rejectionOf(garbled['settings.get']({}));
    expect(error.message).toBe('settings.get: the app answered in an unexpected format.');
    expect(error.said).toEqual({ code: 'error_server:client_unexpected_format', params: { operation: 'settings.get' } });
    const door = createLensClient((name, input) => dispatch({} as LensHandlers, `${name}.nothing`, input));
    const passed = await rejectionOf(door['settings.get']({}));
    expect(passed.said).toEqual({ code: 'error_server:no_such_operation', params: { name: 'settings.get.nothing' } });
  });
});
