import { describe, expect, it } from 'vitest';
import { dispatch, type LensHandlers } from '../../../electron/api/api-dispatch';
import { OPERATION_NAMES } from '../../../shared/api/lens-api';
import { wordCore } from '../../../shared/core-catalogues';
import { LensError } from '../../../shared/lens-error';

/** Handlers where every operation answers `answer` (or throws it when it is an Error). */
function handlersAnswering(answer: unknown): LensHandlers {
  return Object.fromEntries(
    OPERATION_NAMES.map((name) => [
      name,
      async () => {
        if (answer instanceof Error) throw answer;
        return answer;
      },
    ]),
  ) as unknown as LensHandlers;
}

describe('dispatch: the one way every door calls a handler', () => {
  it('answers an unknown operation not_found, naming it', async () => {
    expect(await dispatch(handlersAnswering({}), 'graph.write', {})).toEqual({
      ok: false,
      error: {
        kind: 'not_found',
        message: 'There is no operation "graph.write".',
        message_code: 'error_server:no_such_operation',
        message_params: { name: 'graph.write' },
      },
    });
  });

  it('hands out a valid answer as parsed by the output schema', async () => {
    expect(await dispatch(handlersAnswering({ language: 'ko', theme: 'dark' }), 'settings.get', {})).toEqual({
      ok: true,
      value: { language: 'ko', theme: 'dark' },
    });
  });

  it('refuses to hand out an answer its schema does not name, as an internal error with the field and a hint', async () => {
    const envelope = await dispatch(handlersAnswering({ language: 'fr', theme: 'dark' }), 'settings.get', {});
    expect(envelope).toEqual({
      ok: false,
      error: {
        kind: 'internal',
        message: expect.stringMatching(/^settings\.get: the answer did not match its schema \(output: language .*\)$/) as unknown,
        hint: 'This is a bug in the app; please report it with the operation name.',
        message_code: 'error_server:answer_schema',
        message_params: { operation: 'settings.get', problem: [expect.objectContaining({ code: 'error_server:input_schema' })] },
        hint_code: 'error_server:answer_schema_hint',
        hint_params: {},
      },
    });
  });

  it('passes a handler’s LensError through with its kind, and wraps anything else as internal', async () => {
    const lens = new LensError('unavailable', 'The graph is down.', { hint: 'Start it.' });
    expect(await dispatch(handlersAnswering(lens), 'settings.get', {})).toEqual({ ok: false, error: lens.toData() });
    expect(await dispatch(handlersAnswering(new Error('boom')), 'settings.get', {})).toMatchObject({
      ok: false,
      error: { kind: 'internal', message: 'settings.get failed inside the app: boom' },
    });
  });

  it('words a handler failure that is not a LensError as a coded sentence with a hint, its own words kept inside, in Korean too', async () => {
    const envelope = await dispatch(handlersAnswering(new TypeError('x is undefined')), 'settings.get', {});
    const error = envelope.ok ? undefined : envelope.error;
    expect(error).toMatchObject({
      kind: 'internal',
      message: 'settings.get failed inside the app: TypeError: x is undefined',
      message_code: 'error_server:handler_failed',
      hint_code: 'error_server:handler_failed_hint',
    });
    expect(error?.hint).toMatch(/bug in Provenance Lens/);
    const korean = wordCore({ code: error?.message_code ?? '', params: error?.message_params }, 'ko');
    expect(korean).toBe('settings.get 작업이 앱 내부에서 실패했습니다: TypeError: x is undefined');
    const throwingText = {
      ...handlersAnswering({}),
      'settings.get': async () => {
        throw 'plain words';
      },
    } as LensHandlers;
    expect(await dispatch(throwingText, 'settings.get', {})).toMatchObject({
      ok: false,
      error: { kind: 'internal', message: 'settings.get failed inside the app: plain words' },
    });
  });

  it('refuses a traces.list filter key the filter does not have, as every other operation does, rather than listing every run', async () => {
    let ran = false;
    const handlers = { ...handlersAnswering({}), 'traces.list': async () => ((ran = true), { total: 0, runs: [] }) } as LensHandlers;
    const envelope = await dispatch(handlers, 'traces.list', { principal: 'u-sora' });
    expect(ran).toBe(false);
    expect(envelope).toMatchObject({
      ok: false,
      error: {
        kind: 'invalid_input',
        message: 'traces.list: input — has the field "principal", which it does not take; remove it, or check its spelling.',
      },
    });
    const error = envelope.ok ? undefined : envelope.error;
    expect(wordCore({ code: error?.message_code ?? '', params: error?.message_params }, 'ko')).toMatch(/^traces\.list: .*"principal"/);
  });

  it('refuses input over the doors’ limits before its schema runs', async () => {
    const envelope = await dispatch(handlersAnswering({}), 'settings.get', { value: Number.NaN });
    expect(envelope).toMatchObject({
      ok: false,
      error: { kind: 'invalid_input', message: expect.stringContaining('not finite') as unknown },
    });
  });
});

describe('dispatch: a template parameter named __proto__', () => {
  /** A cypher-mode request as it arrives over a door: JSON text, so `__proto__` is an own key. */
  const request = (params: string) =>
    JSON.parse(
      `{"request":{"query":"q","principal":"u-sora","mode":"cypher","options":{"template_id":"chunks-containing","template_params":${params}}}}`,
    ) as unknown;

  it.each([
    ['beside a real parameter', '{"__proto__":"x","service":"payments"}'],
    ['holding an object', '{"__proto__":{"polluted":true}}'],
  ])('is refused %s as invalid input naming the key, in English and Korean, and the handler never runs', async (_name, params) => {
    let ran = false;
    const handlers = new Proxy({} as LensHandlers, {
      get: () => async () => {
        ran = true;
        return {};
      },
    });
    const envelope = await dispatch(handlers, 'query.run', request(params));
    expect(ran).toBe(false);
    expect(envelope).toMatchObject({
      ok: false,
      error: {
        kind: 'invalid_input',
        message:
          'query.run: request.options.template_params.__proto__ — is a name JavaScript reserves for an object’s prototype, so it cannot name a template parameter; rename the parameter.',
      },
    });
    const error = envelope.ok ? undefined : envelope.error;
    expect(wordCore({ code: error?.message_code ?? '', params: error?.message_params }, 'ko')).toBe(
      'query.run: request.options.template_params.__proto__ — JavaScript가 객체의 프로토타입에 쓰는 이름이라 템플릿 매개변수 이름이 될 수 없습니다. 매개변수 이름을 바꾸세요.',
    );
  });
});
