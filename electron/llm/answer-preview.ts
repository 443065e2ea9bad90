import { AnswerPreview, verifyDraft } from '../../shared/answer-preview';
import type { ContextItem } from '../../shared/context-contract';
import type { Deadline } from '../../shared/deadline';
import { codedError } from '../../shared/coded-error';
import { retrievalError } from '../../shared/errors/retrieval-error-messages';
import { roundToTenths } from '../../shared/round-to-tenths';
import type { RunRecord } from '../../shared/trace-record';
import type { ChatMessage, ChatModel } from './chat-model';

const RULES = [
  'You draft the answer an assistant would give, using only the numbered context items below.',
  'Cite the item every sentence relies on by its number in square brackets, e.g. [1] or [2, 3], at the end of the sentence.',
  'Do not use anything that is not in the items. If the items do not answer the question, say so in one sentence.',
  'Answer in the language of the question, in at most six sentences.',
].join('\n');

/** An item as the prompt numbers it: its title and source, then its content. */
function itemText(item: ContextItem, index: number): string {
  return `[${index + 1}] ${item.title ?? item.document_id} (${item.source_uri})\n${item.content}`;
}

/** The messages asking for a draft of `question` from `items` alone. */
export function previewMessages(question: string, items: readonly ContextItem[]): ChatMessage[] {
  return [
    { role: 'system', content: RULES },
    { role: 'user', content: `Question: ${question}\n\nContext items:\n\n${items.map(itemText).join('\n\n')}` },
  ];
}

/** The question a stored run asked. */
function questionOf(run: RunRecord): string {
  return typeof run.request.query === 'string' ? run.request.query : '';
}

/**
 * The grounded answer preview of a stored run: with no item to cite it refuses with
 * `insufficient_evidence` and asks no model; a run that did not end `ok` but kept items (a provider's
 * answer that failed the access audit) is refused, its items never sent; otherwise the chat model drafts from the items alone
 * and every sentence's citations are verified against the items the run returned (a citation of
 * anything else, or no citation, flags the sentence). Needs a chat model only when there are items.
 */
export async function draftAnswerPreview(
  run: RunRecord,
  chat: ChatModel | null,
  deadline: Deadline,
  now: () => Date = () => new Date(),
): Promise<AnswerPreview> {
  const started = performance.now();
  const items = run.response.items;
  const base = { trace_id: run.trace_id, item_count: items.length };
  if (items.length === 0) {
    return AnswerPreview.parse({
      ...base,
      created_at: now().toISOString(),
      outcome: 'insufficient_evidence',
      model: null,
      sentences: [],
      flagged: 0,
      invalid_citations: 0,
      elapsed_ms: roundToTenths(performance.now() - started),
    });
  }
  // A run that did not end ok may keep items for the record (a provider's answer that failed the access
  // audit, one whose audit could not finish): they are findings, not evidence to hand a model or a reader.
  if (run.response.outcome !== 'ok')
    throw codedError('refused', retrievalError('preview_run_not_answer', { outcome: run.response.outcome }), {
      hint: retrievalError('preview_run_not_answer_hint'),
    });
  if (!chat) throw codedError('refused', retrievalError('no_chat_model'), { hint: retrievalError('no_chat_model_hint') });
  const draft = await chat.complete(retrievalError('call_answer_preview'), previewMessages(questionOf(run), items), deadline);
  // A reply with no text (or no choice at all) is no draft: kept as one, it read as a clean preview.
  if (draft.trim() === '')
    throw codedError('unavailable', retrievalError('preview_empty_reply', { model: chat.model }), {
      hint: retrievalError('preview_empty_reply_hint'),
    });
  return AnswerPreview.parse({
    ...base,
    created_at: now().toISOString(),
    outcome: 'drafted',
    model: chat.model,
    ...verifyDraft(draft, items.length),
    elapsed_ms: roundToTenths(performance.now() - started),
  });
}
