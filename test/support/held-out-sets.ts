import { expect } from 'vitest';
import { readGoldenSetFile } from '../../electron/eval/golden-set-file';
import { gradedItem } from '../../shared/eval/golden-set';
import type { ContextResponse } from '../../shared/context-contract';
import { ask, type RetrievalDeps } from './retrieval-deps';

/** One fulltext run of `query` as `reader`, its first 10 items. */
export async function askFulltext(deps: RetrievalDeps, reader: string, query: string): Promise<ContextResponse> {
  const { response } = await ask(deps, { query, principal: reader, mode: 'fulltext', top_k: 10 });
  return response;
}

/**
 * Of a held-out golden set's answerable questions, asked in fulltext mode: how many of their expected documents are
 * among their first 10, of how many. A failed run is never "found nothing": only an answered run is scored.
 */
export async function fulltextFound(deps: RetrievalDeps, reader: string, setFile: string): Promise<{ found: number; expected: number }> {
  const { set } = readGoldenSetFile(setFile);
  let found = 0;
  let expected = 0;
  for (const question of set.questions.filter((entry) => entry.expected.documents.length > 0)) {
    const response = await askFulltext(deps, reader, question.question);
    expect({ id: question.id, answered: ['ok', 'no_evidence'].includes(response.outcome) }).toEqual({ id: question.id, answered: true });
    const handed = new Set(response.items.map((item) => item.document_id).slice(0, 10));
    const ids = question.expected.documents.map((item) => gradedItem(item).id);
    expected += ids.length;
    found += ids.filter((id) => handed.has(id)).length;
  }
  return { found, expected };
}
