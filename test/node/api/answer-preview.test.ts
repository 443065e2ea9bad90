import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AnswerPreview } from '../../../shared/answer-preview';
import { dispatch } from '../../../electron/api/api-dispatch';
import { createLensHandlers } from '../../../electron/api/lens-handlers';
import { ServiceHub } from '../../../electron/services/service-hub';
import { chatReply, startOpenAiStub, type OpenAiStub } from '../../support/openai-stub-server';
import { buildRunRecord } from '../../support/run-record-factory';

describe("preview.draft and preview.get: a stored run's grounded answer preview, kept in the trace store", () => {
  let dir: string;
  let stub: OpenAiStub;
  let hub: ServiceHub | null = null;
  beforeEach(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lens-preview-'));
    stub = await startOpenAiStub();
  });
  afterEach(async () => {
    await hub?.close();
    hub = null;
    await stub.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  function door(extra: NodeJS.ProcessEnv = { LENS_CHAT_MODEL: 'stub-chat', OPENAI_BASE_URL: stub.baseUrl }) {
    hub = new ServiceHub({ LENS_HOME: path.join(dir, 'home'), ...extra });
    const handlers = createLensHandlers(hub, 'http', '9.9.9');
    return async (name: string, input: unknown) => {
      const answer = await dispatch(handlers, name, input);
      if (!answer.ok) throw new Error(`${answer.error.kind}: ${answer.error.message}`);
      return answer.value;
    };
  }
  const stored = (itemCount: number) => {
    const run = buildRunRecord({ itemCount, outcome: itemCount > 0 ? 'ok' : 'no_evidence', query: 'How is consumer lag handled?' });
    hub!.store().recordRun(run);
    return run;
  };

  it('verifies every citation against the items returned: a citation of an item not returned is caught, an uncited sentence flagged', async () => {
    const call = door();
    const run = stored(2);
    stub.enqueue(
      'chat',
      chatReply('Lag is handled by scaling consumers [1]. Certificates rotate monthly [2]. The budget doubled [7]. Everyone is happy.'),
    );
    const preview = (await call('preview.draft', { trace_id: run.trace_id })) as AnswerPreview;
    expect(preview.outcome).toBe('drafted');
    expect(preview.sentences.map((sentence) => sentence.flag)).toEqual([null, null, 'invalid_citation', 'no_citation']);
    expect(preview.sentences[2]?.invalid_citations).toEqual([7]);
    expect(preview).toMatchObject({ model: 'stub-chat', item_count: 2, flagged: 2, invalid_citations: 1 });
  });

  it("prompts with the run's question and numbered items only", async () => {
    const call = door();
    const run = stored(2);
    stub.enqueue('chat', chatReply('Scaled [1].'));
    await call('preview.draft', { trace_id: run.trace_id });
    const messages = stub.requests.at(-1)?.body.messages as { role: string; content: string }[];
    expect(messages[1]?.content).toContain('Question: How is consumer lag handled?');
    expect(messages[1]?.content).toContain(`[1] ${run.response.items[0]?.title}`);
    expect(messages[1]?.content).toContain(`[2] ${run.response.items[1]?.title}`);
    expect(messages[1]?.content).not.toContain('[3]');
  });

  it('keeps the preview with the run, gives it back, and deletes it with the run', async () => {
    const call = door();
    const run = stored(1);
    expect(await call('preview.get', { trace_id: run.trace_id })).toEqual({ preview: null });
    stub.enqueue('chat', chatReply('Scaled [1].'));
    const drafted = await call('preview.draft', { trace_id: run.trace_id });
    expect(await call('preview.get', { trace_id: run.trace_id })).toEqual({ preview: drafted });
    await call('traces.delete', { trace_ids: [run.trace_id] });
    expect(hub!.store().getAnswerPreview(run.trace_id)).toBeNull();
  });

  it('keeps no preview when the model replies with no text or no choice, and says the model drafted nothing', async () => {
    const call = door();
    const run = stored(2);
    stub.enqueue('chat', chatReply('   '), { body: { id: 'x', object: 'chat.completion', created: 1, model: 'stub-chat', choices: [] } });
    for (const _reply of ['blank', 'no choices'])
      await expect(call('preview.draft', { trace_id: run.trace_id })).rejects.toThrow(
        /unavailable: The chat model stub-chat drafted nothing: its reply held no text/,
      );
    expect(await call('preview.get', { trace_id: run.trace_id })).toEqual({ preview: null });
  });

  it('refuses with insufficient_evidence and asks no model when the run returned no item', async () => {
    const call = door();
    const run = stored(0);
    const preview = (await call('preview.draft', { trace_id: run.trace_id })) as AnswerPreview;
    expect(preview).toMatchObject({ outcome: 'insufficient_evidence', model: null, sentences: [], item_count: 0 });
    expect(stub.requests).toEqual([]);
  });

  it('refuses a run that kept items but did not end ok (a provider answer that failed the access audit), sending the model nothing', async () => {
    const call = door();
    const ok = buildRunRecord({ itemCount: 2, outcome: 'ok', query: 'Who may see the pay bands?' });
    const run = {
      ...ok,
      outcome: 'acl_violation' as const,
      response: { ...ok.response, outcome: 'acl_violation' as const, answerable: false },
    };
    hub!.store().recordRun(run);
    await expect(call('preview.draft', { trace_id: run.trace_id })).rejects.toThrow(
      /refused: The run ended in acl_violation: the items it kept are not evidence this principal may be given/,
    );
    expect(stub.requests).toEqual([]);
  });

  it('refuses, naming how to configure one, when the run has items but no chat model is configured', async () => {
    const call = door({});
    const run = stored(1);
    await expect(call('preview.draft', { trace_id: run.trace_id })).rejects.toThrow(/refused: The answer preview needs a chat model/);
    expect(await call('chat.get', {})).toEqual({
      chat_model: null,
      text2cypher: { usable: false, reason: 'text2cypher_no_chat_model' },
      preview: { usable: false, reason: 'preview_no_chat_model' },
    });
  });

  it('retries a 429 and a 500 from the model and then drafts', async () => {
    const call = door();
    const run = stored(1);
    stub.enqueue(
      'chat',
      { status: 429, body: { error: { message: 'slow' } } },
      { status: 500, body: { error: { message: 'oops' } } },
      chatReply('Scaled [1].'),
    );
    const preview = (await call('preview.draft', { trace_id: run.trace_id })) as AnswerPreview;
    expect(preview.flagged).toBe(0);
    expect(stub.requests).toHaveLength(3);
  });
});
