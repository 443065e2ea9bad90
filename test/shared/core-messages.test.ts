import { describe, expect, it } from 'vitest';
import { ACCESS_MESSAGES, ACCESS_REASON_MESSAGES } from '../../shared/acl/access-messages';
import { ADR_SUGGESTION_MESSAGES } from '../../shared/adr-suggestion-messages';
import { CLI_MESSAGES } from '../../shared/cli-messages';
import { ContextResponse, StageRecord } from '../../shared/context-contract';
import { CORE_CATALOGUES, coreEnglish, coreSentence, wordCore } from '../../shared/core-catalogues';
import { placeholdersOf } from '../../shared/core-message';
import { DEMO_LOAD_MESSAGES } from '../../shared/demo-load-messages';
import { DENIED_MESSAGES } from '../../shared/denied-messages';
import { EVAL_MESSAGES } from '../../shared/eval/eval-messages';
import { FRESHNESS_MESSAGES } from '../../shared/freshness-messages';
import { codedError } from '../../shared/coded-error';
import { LensError } from '../../shared/lens-error';
import { outcomeMessage } from '../../shared/outcome-messages';
import { PROVIDER_MESSAGES } from '../../shared/provider/provider-messages';
import {
  relevanceCoreMessages,
  relevanceFloorWords,
  nothingReachedWords,
  scriptAbsentReadCoreMessage,
} from '../../shared/relevance-messages';
import { RELEVANCE_MESSAGES } from '../../shared/relevance-messages';
import { ROUTE_MESSAGES } from '../../shared/route-messages';
import { stageNote } from '../../shared/stage-note-messages';
import { WHY_NOT_MESSAGES } from '../../shared/why-not-messages';
import type { RelevanceRecord } from '../../shared/context-contract';

/** Every catalogue the UI words a core sentence from (the audit's is CLI-only, English by design). */
const CATALOGUES: Record<string, { en: Readonly<Record<string, string>>; ko: Readonly<Record<string, string>> }> = {
  ...CORE_CATALOGUES,
  denied: DENIED_MESSAGES,
  freshness: FRESHNESS_MESSAGES,
  access: ACCESS_MESSAGES,
  access_reason: ACCESS_REASON_MESSAGES,
  whynot: WHY_NOT_MESSAGES,
  provider: PROVIDER_MESSAGES,
  relevance: RELEVANCE_MESSAGES,
  route: ROUTE_MESSAGES,
  evalmsg: EVAL_MESSAGES,
  adrsuggestion: ADR_SUGGESTION_MESSAGES,
  demo_load: DEMO_LOAD_MESSAGES,
  cli: CLI_MESSAGES,
};

describe('every catalogue of core sentences', () => {
  for (const [namespace, catalogue] of Object.entries(CATALOGUES)) {
    it(`${namespace}: every code has a non-empty English and Korean wording with the same {{params}}`, () => {
      expect(Object.keys(catalogue.ko).sort()).toEqual(Object.keys(catalogue.en).sort());
      for (const [code, english] of Object.entries(catalogue.en)) {
        const korean = catalogue.ko[code] ?? '';
        expect(english.trim(), `${namespace}:${code} en`).not.toBe('');
        expect(korean.trim(), `${namespace}:${code} ko`).not.toBe('');
        expect(placeholdersOf(korean), `${namespace}:${code}`).toEqual(placeholdersOf(english));
      }
    });
  }

  it('has a Korean wording that is not the English one wherever the English has words of its own', () => {
    for (const namespace of ['stage', 'outcome', 'demo_load', 'progress', 'cli'] as const) {
      const { en, ko } = CORE_CATALOGUES[namespace]!;
      for (const [code, english] of Object.entries(en)) {
        const words = english.replace(/\{\{\w+\}\}/g, '').match(/[A-Za-z]{3,}/g) ?? [];
        if (words.length >= 2) expect(ko[code], `${namespace}:${code}`).not.toBe(english);
      }
    }
  });
});

describe('a core sentence worded from its code', () => {
  it('words the English a stage note used to be built as a template', () => {
    expect(coreEnglish(stageNote('packing', { used: 412, max: 800, cut: 3 }))).toBe('412 of 800 tokens used; 3 cut');
    expect(coreEnglish(stageNote('freshness', { stale: 1, unknown: 2 }))).toBe('1 stale, 2 unknown');
  });

  it('words the same wording again with other parameters, in either language, and leaves a parameter not given empty', () => {
    expect(coreEnglish(stageNote('packing', { used: 1, max: 2, cut: 0 }))).toBe('1 of 2 tokens used; 0 cut');
    expect(coreEnglish(stageNote('packing', { used: 412, max: 800, cut: 3 }))).toBe('412 of 800 tokens used; 3 cut');
    expect(wordCore(stageNote('packing', { used: 5, max: 9, cut: 1 }), 'ko')).toBe(
      (CORE_CATALOGUES.stage?.ko?.packing ?? '').replace('{{used}}', '5').replace('{{max}}', '9').replace('{{cut}}', '1'),
    );
    expect(coreEnglish(stageNote('packing', { used: 7, max: 8 }))).toBe('7 of 8 tokens used;  cut');
  });

  it('words clauses given as messages inside a parameter, in the same language', () => {
    const note = stageNote('vector_exact', {
      allowed: [stageNote('allowed_chunks_filtered', { allowed: 12, total: 40 })],
      scored: 12,
      how: [stageNote('how_judged')],
      choice: [stageNote('choice_fixed', { limit: '2000' })],
      planning_ms: '0.4',
    });
    expect(coreEnglish(note)).toBe(
      '12 of 40 chunks allowed by the access rule and the request filters; exact cosine, not approximate, over 12 chunks: every chunk judged by the access rule; fixed exact-scan limit 2000; planning 0.4 ms',
    );
    const korean = wordCore(note, 'ko') ?? '';
    expect(korean).toContain('청크 40개 중 12개가 접근 규칙과 요청 필터로 허용됨');
    expect(korean).toContain('고정된 정확 스캔 한도 2000');
    expect(korean).not.toMatch(/judged|allowed|limit/);
  });

  it('words the relevance stage note and the no-evidence sentence exactly as the relevance catalogue does', () => {
    // A full-text run whose floor cut all but one candidate.
    const record: RelevanceRecord = {
      ...{ basis: 'floor', min_similarity: null, similarity_floor_source: null, embedder: null },
      ...{ min_matched_terms: 3, query_terms: 4, best_similarity: null, best_matched_terms: 2, judged: 7, cut: 7 },
    };
    expect(coreEnglish(stageNote('relevance', { lines: relevanceCoreMessages(record) }))).toBe(relevanceFloorWords(record));
    expect(wordCore(stageNote('relevance', { lines: relevanceCoreMessages(record) }), 'ko')).toBe(relevanceFloorWords(record, 'ko'));
    const sentence = outcomeMessage('no_evidence_floor', {
      what: [{ code: 'relevance:nothing_reached' }],
      lines: relevanceCoreMessages(record),
    });
    expect(coreEnglish(sentence)).toBe(nothingReachedWords(record));
    expect(wordCore(sentence, 'ko')).toBe(nothingReachedWords(record, 'ko'));
  });

  it('says, in the stage note and the no-evidence sentence, why a lexical embedder found nothing in the question’s script', () => {
    const record: RelevanceRecord = {
      ...{ basis: 'floor', min_similarity: 0.635, similarity_floor_source: 'calibrated', embedder: 'hashing-384' },
      ...{ min_matched_terms: null, query_terms: 4, best_similarity: 0.571, best_matched_terms: null, judged: 12, cut: 12 },
      question_script_absent: true,
    };
    const note = stageNote('relevance', { lines: relevanceCoreMessages(record) });
    expect(coreEnglish(note)).toContain(
      'none of the 12 passages nearest to the question holds a word in its script, and hashing-384 is a lexical embedder',
    );
    expect(coreEnglish(note)).toContain('LENS_EMBEDDER=openai:<model>');
    const sentence = outcomeMessage('no_evidence_floor', {
      what: [{ code: 'relevance:nothing_reached' }],
      lines: relevanceCoreMessages(record),
    });
    expect(coreEnglish(sentence)).toBe(nothingReachedWords(record));
    const korean = wordCore(sentence, 'ko') ?? '';
    expect(korean).toContain('구절 12개 중 질문과 같은 문자로 쓴 낱말을 담은 구절이 없고, hashing-384는');
    expect(korean.replace(/hashing-384|min_similarity|min_matched_terms|LENS_EMBEDDER=openai:<model>|OpenAI/g, '')).not.toMatch(
      /[A-Za-z]{3,}/,
    );
  });

  it('says, in the stage note and the no-evidence sentence, why a full-text run found nothing in the question’s script', () => {
    const record: RelevanceRecord = {
      ...{ basis: 'floor', min_similarity: null, similarity_floor_source: null, embedder: null, min_matched_terms: 2 },
      ...{ query_terms: 5, best_similarity: null, best_matched_terms: null, judged: 0, cut: 0 },
      question_script_absent_read: 20,
    };
    const note = stageNote('relevance', { lines: relevanceCoreMessages(record) });
    expect(coreEnglish(note)).toContain('none of the 20 passages read of those this principal may see holds a word in its script');
    const line = scriptAbsentReadCoreMessage(record);
    expect(line).not.toBeNull();
    const sentence = outcomeMessage('no_evidence_script_absent', { line: [line as NonNullable<typeof line>] });
    expect(coreEnglish(sentence)).toMatch(
      /^No evidence: the full-text search found no passage this principal may see holding a word of the question, .* ask with a term the pages use \(such as the English name of what you ask about\)\.$/,
    );
    const korean = wordCore(sentence, 'ko') ?? '';
    expect(korean).toContain('근거 없음: 전문 검색은 이 주체가 볼 수 있는 구절 중');
    expect(korean).toContain('읽어 본 20개에도');
    expect(korean).not.toMatch(/[A-Za-z]{3,}/);
    expect(scriptAbsentReadCoreMessage({ ...record, question_script_absent_read: undefined })).toBeNull();
  });

  it('gives null for a code no catalogue holds, also when it is nested, so the caller falls back to the stored English', () => {
    expect(wordCore({ code: 'stage:no_such_code' }, 'ko')).toBeNull();
    expect(wordCore({ code: 'nowhere:packing' }, 'ko')).toBeNull();
    expect(wordCore({ code: 'packing' }, 'ko')).toBeNull();
    expect(wordCore(outcomeMessage('error', { message: [{ code: 'stage:gone' }] }), 'ko')).toBeNull();
    expect(coreSentence('stage:no_such_code', {}, 'kept English', 'ko')).toBe('kept English');
  });

  it('shows the stored English sentence of a run recorded before codes existed', () => {
    const old = StageRecord.parse({
      name: 'packing',
      strategy: 'o200k budget 800',
      duration_ms: 1,
      candidates_in: 3,
      candidates_out: 2,
      acl: 'none',
      note: '5 of 800 tokens used; 1 cut',
    });
    expect(old.note_code).toBeUndefined();
    expect(coreSentence(old.note_code, old.note_params, old.note, 'ko')).toBe('5 of 800 tokens used; 1 cut');
  });

  it('keeps a coded sentence with nested parameters through the contract', () => {
    const message = outcomeMessage('no_evidence_filter', {
      filters: [outcomeMessage('filter_values', { filter: 'language', values: 'fr' })],
    });
    const parsed = ContextResponse.parse({
      trace_id: 't',
      outcome: 'no_evidence',
      answerable: false,
      message: coreEnglish(message),
      message_code: message.code,
      message_params: message.params,
      items: [],
      limits: { used_tokens: 0, max_tokens: 1, elapsed_ms: 1, timeout_ms: 1 },
      denied: [],
      stages: [],
      cuts: [],
    });
    expect(coreSentence(parsed.message_code, parsed.message_params, parsed.message, 'ko')).toBe(
      '근거 없음: 필터 language fr에 맞는 문서가 그래프에 없습니다(메모에 그래프가 가진 값이 나옵니다).',
    );
    expect(parsed.message).toBe(
      'No evidence: the filter language fr matches no document in the graph (the notes list the values it holds).',
    );
  });
});

describe('an error with a coded sentence', () => {
  it('keeps its codes across the wire and its English as the message', () => {
    const error = codedError('invalid_input', outcomeMessage('no_evidence_budget', { max: 5 }), { hint: 'raise it' });
    expect(error.message).toBe('Evidence was found, but no item fits in 5 tokens; raise max_tokens.');
    const data = error.toData();
    expect(data).toMatchObject({ message_code: 'outcome:no_evidence_budget', message_params: { max: 5 }, hint: 'raise it' });
    expect(data.hint_code).toBeUndefined();
    const back = LensError.fromData(data);
    expect(back.said).toEqual({ code: 'outcome:no_evidence_budget', params: { max: 5 } });
    expect(back.message).toBe(error.message);
    expect(back.hint).toBe('raise it');
  });

  it('reads an error without codes as English only', () => {
    const back = LensError.fromData({ kind: 'timeout', message: 'Too slow.', hint: 'Wait.' });
    expect(back.said).toBeUndefined();
    expect(back.hintSaid).toBeUndefined();
    expect(back.toData()).toEqual({ kind: 'timeout', message: 'Too slow.', hint: 'Wait.' });
  });
});

describe('a quoted value too long to show whole', () => {
  const longId = `u-${'x'.repeat(12_343)}`;
  const unknown = { code: 'error_retrieval:unknown_principal', params: { principal: longId, label: 'Principal' } };

  it('is cut after 200 characters with an ellipsis and its whole length, in English and Korean; a sentence is not', () => {
    const english = wordCore(unknown, 'en') ?? '';
    expect(english).toBe(
      `Unknown principal "${longId.slice(0, 200)}… (12,345 characters)": it is neither in the local list nor a :Principal node of the graph.`,
    );
    const korean = wordCore(unknown, 'ko') ?? '';
    expect(korean).toContain(`${longId.slice(0, 200)}… (12,345자)`);
    expect(korean.length).toBeLessThan(400);
    // The error the core throws carries the cut English; its parameters keep the value whole for whoever needs it.
    const error = codedError('not_found', unknown);
    expect(error.message.length).toBeLessThan(400);
    expect(error.said?.params?.principal).toBe(longId);
    // A value of 200 characters is whole (counted in characters, not UTF-16 units), and so is a sentence parameter.
    const exactly = 'y'.repeat(200);
    expect(wordCore({ ...unknown, params: { ...unknown.params, principal: exactly } }, 'en')).toContain(`"${exactly}"`);
    const emoji = '😀'.repeat(150);
    expect(wordCore({ ...unknown, params: { ...unknown.params, principal: emoji } }, 'en')).toContain(`"${emoji}"`);
    const sentence = `The server said: ${'z'.repeat(400)}`;
    expect(wordCore(outcomeMessage('error', { message: sentence }), 'en')).toBe(sentence);
  });
});
