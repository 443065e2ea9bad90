import { Deadline } from '../../shared/deadline';
import { draftAnswerPreview } from '../llm/answer-preview';
import { chatAvailability, chatModelInForce, chatSettingsInForce } from '../llm/chat-settings';
import type { ServiceHub } from '../services/service-hub';
import { runNotFound, type RunListing } from '../trace-store/store-errors';
import type { LensHandlers } from './api-dispatch';

/**
 * The chat model's operations: whether Text2Cypher and the preview can run, and a stored run's
 * grounded answer preview. They read the trace store and the model, never the graph, and take the
 * settings in force at each call (a chat model saved in Settings applies at once).
 */
export function previewHandlers(
  hub: ServiceHub,
  listing: RunListing = 'screen',
): Pick<LensHandlers, 'chat.get' | 'preview.draft' | 'preview.get'> {
  return {
    'chat.get': async () => chatAvailability(chatSettingsInForce(hub.store(), hub.environment())),

    'preview.draft': async ({ trace_id, timeout_ms }) => {
      const store = hub.store();
      const run = store.getRun(trace_id);
      if (!run) throw runNotFound(trace_id, listing);
      const chat = chatModelInForce(store, hub.environment(), hub.vault);
      return store.saveAnswerPreview(await draftAnswerPreview(run, chat, Deadline.after(timeout_ms)));
    },

    'preview.get': async ({ trace_id }) => {
      const store = hub.store();
      if (!store.getRun(trace_id)) throw runNotFound(trace_id, listing);
      return { preview: store.getAnswerPreview(trace_id) };
    },
  };
}
