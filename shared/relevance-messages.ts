import type { RelevanceRecord } from './context-contract';
import type { CoreMessage, CoreParam } from './core-message';

/**
 * How a run judged relevance, in words: the record becomes message codes with parameters, worded by
 * the UI in its language (i18next, from the catalogue below) and by the CLI and the stage note in
 * English. Figures are shown as figures, so no sentence needs a plural form.
 */

export const RELEVANCE_MESSAGE_CODES = [
  'similarity_floor',
  'similarity_floor_off',
  'terms_floor',
  'terms_floor_off',
  'floor_cut',
  'entity_named',
  'script_absent_lexical',
  'script_absent_read',
  'template_rows',
  'nothing_reached',
  'nothing_reached_screen',
  'source_calibrated',
  'source_default',
  'source_request',
  'best_none',
] as const;
export type RelevanceMessageCode = (typeof RELEVANCE_MESSAGE_CODES)[number];

/** A line as a code and its parameters (`source` is itself a code of the catalogue). */
export interface RelevanceMessage {
  readonly code: RelevanceMessageCode;
  readonly params: Readonly<Record<string, string>>;
}

type Catalogue = Readonly<Record<RelevanceMessageCode, string>>;

/** The catalogue, in every language of the UI. */
export const RELEVANCE_MESSAGES: Readonly<Record<'en' | 'ko', Catalogue>> = {
  en: {
    similarity_floor: 'vector similarity floor {{floor}} ({{source}}, {{embedder}}); best similarity {{best}}',
    similarity_floor_off: 'vector similarity floor off; best similarity {{best}}',
    terms_floor: 'full-text floor {{floor}} of {{terms}} query terms; best full-text hit held {{best}}',
    terms_floor_off: 'full-text floor off ({{terms}} query terms); best full-text hit held {{best}}',
    floor_cut: '{{cut}} of {{judged}} candidate chunks below the relevance floor (cut, not denied)',
    entity_named: '{{count}} candidate chunks are about an entity the question names, and pass on that',
    script_absent_lexical:
      'none of the {{judged}} passages nearest to the question holds a word in its script, and {{embedder}} is a lexical embedder that matches shared words, not meanings across languages: ask with a term the pages use (such as the English name of what you ask about), or load the graph with an OpenAI-compatible embedder (LENS_EMBEDDER=openai:<model>)',
    script_absent_read:
      'the full-text search found no passage this principal may see holding a word of the question, and none of the {{read}} passages read of those this principal may see holds a word in its script: the pages seem to be written in another script; ask with a term the pages use (such as the English name of what you ask about)',
    template_rows:
      'rows a query returned (a cypher template, a generated query, a provider) are no search hits: no relevance floor applies',
    nothing_reached:
      'No evidence: no candidate reached the relevance floor. Lower it (min_similarity, min_matched_terms) to see what was cut.',
    // The Workbench names its fields where the request and the CLI name their own options.
    nothing_reached_screen:
      'No evidence: no candidate reached the relevance floor. Lower it (Min. similarity, Min. matched terms under Filters and ranking) to see what was cut.',
    source_calibrated: 'calibrated',
    source_default: 'default, not calibrated for this embedder',
    source_request: 'set by the request',
    best_none: 'none',
  },
  ko: {
    similarity_floor: '벡터 유사도 하한 {{floor}} ({{source}}, {{embedder}}); 최고 유사도 {{best}}',
    similarity_floor_off: '벡터 유사도 하한 꺼짐; 최고 유사도 {{best}}',
    terms_floor: '전문 검색 하한: 질의어 {{terms}}개 중 {{floor}}개; 최고 전문 검색 결과가 담은 질의어 {{best}}개',
    terms_floor_off: '전문 검색 하한 꺼짐 (질의어 {{terms}}개); 최고 전문 검색 결과가 담은 질의어 {{best}}개',
    floor_cut: '후보 청크 {{judged}}개 중 {{cut}}개가 관련성 하한에 못 미침 (접근 거부가 아니라 잘라냄)',
    entity_named: '후보 청크 {{count}}개는 질문이 이름으로 지목한 엔터티에 관한 것이어서 하한을 통과함',
    script_absent_lexical:
      '질문에 가장 가까운 구절 {{judged}}개 중 질문과 같은 문자로 쓴 낱말을 담은 구절이 없고, {{embedder}}는 뜻이 아니라 같은 낱말만 맞추는 어휘 임베더라서 언어가 다르면 찾지 못합니다: 문서가 쓰는 용어(찾는 대상의 영어 이름 등)로 물어보거나, OpenAI 호환 임베더(LENS_EMBEDDER=openai:<model>)로 그래프를 다시 적재하세요',
    script_absent_read:
      '전문 검색은 이 주체가 볼 수 있는 구절 중 질문의 낱말을 담은 구절을 찾지 못했고, 이 주체가 볼 수 있는 구절 중 읽어 본 {{read}}개에도 질문과 같은 문자로 쓴 낱말이 하나도 없습니다: 문서가 다른 문자로 쓰인 것으로 보이니 문서가 쓰는 용어(찾는 대상의 영어 이름 등)로 물어보세요',
    template_rows: '쿼리가 돌려준 행(Cypher 템플릿, 생성된 쿼리, 제공자 응답)은 검색 결과가 아니므로 관련성 하한을 적용하지 않습니다',
    nothing_reached:
      '근거 없음: 관련성 하한에 이른 후보가 없습니다. 잘린 항목을 보려면 하한(min_similarity, min_matched_terms)을 낮추세요.',
    nothing_reached_screen:
      '근거 없음: 관련성 하한에 이른 후보가 없습니다. 잘린 항목을 보려면 필터와 순위의 최소 유사도, 최소 일치 질의어 수를 낮추세요.',
    source_calibrated: '보정됨',
    source_default: '기본값, 이 임베더에는 보정되지 않음',
    source_request: '요청에서 지정',
    best_none: '없음',
  },
};

type Language = keyof typeof RELEVANCE_MESSAGES;

const BEST_NONE = '\u0000none';
const similarityText = (value: number | null) => (value === null ? BEST_NONE : value.toFixed(3));
const wholeText = (value: number | null) => (value === null ? BEST_NONE : String(value));

/** The similarity side's line, or null where the mode does not embed. */
function similarityLine(record: RelevanceRecord): RelevanceMessage | null {
  if (record.min_similarity === null) return null;
  const best = similarityText(record.best_similarity);
  if (record.min_similarity === 0) return { code: 'similarity_floor_off', params: { best } };
  return {
    code: 'similarity_floor',
    params: {
      floor: String(record.min_similarity),
      source: `source_${record.similarity_floor_source ?? 'default'}`,
      embedder: record.embedder ?? '',
      best,
    },
  };
}

/** The full-text side's line, or null where the mode does not search words. */
function termsLine(record: RelevanceRecord): RelevanceMessage | null {
  if (record.min_matched_terms === null) return null;
  const params = { floor: String(record.min_matched_terms), terms: String(record.query_terms), best: wholeText(record.best_matched_terms) };
  return { code: record.min_matched_terms === 0 ? 'terms_floor_off' : 'terms_floor', params };
}

/** The line of a full-text run without hits whose read passages hold no word in the question's script, or null. */
function scriptRead(record: RelevanceRecord): RelevanceMessage | null {
  const read = record.question_script_absent_read;
  return read === undefined ? null : { code: 'script_absent_read', params: { read: String(read) } };
}

/** The record's line saying why a full-text run found nothing in the question's script, as a core message, or null. */
export function scriptAbsentReadCoreMessage(record: RelevanceRecord): CoreMessage | null {
  const line = scriptRead(record);
  return line === null ? null : { code: `relevance:${line.code}`, params: line.params };
}

/** Whether the floor left the run without evidence: something was judged and all of it was cut. */
export function floorCutEverything(record: RelevanceRecord | undefined | null): boolean {
  return record !== undefined && record !== null && record.cut > 0 && record.cut === record.judged;
}

/** The record as lines: the floor of each side with the best it reached, and what was cut. */
export function relevanceMessages(record: RelevanceRecord): RelevanceMessage[] {
  if (record.basis === 'template_rows') return [{ code: 'template_rows', params: {} }];
  const cut: RelevanceMessage = { code: 'floor_cut', params: { cut: String(record.cut), judged: String(record.judged) } };
  const named: RelevanceMessage | null =
    record.entity_named === undefined || record.entity_named === 0
      ? null
      : { code: 'entity_named', params: { count: String(record.entity_named) } };
  const script: RelevanceMessage | null =
    record.question_script_absent === true
      ? { code: 'script_absent_lexical', params: { judged: String(record.judged), embedder: record.embedder ?? '' } }
      : null;
  return [similarityLine(record), termsLine(record), named, cut, script, scriptRead(record)].filter(
    (line): line is RelevanceMessage => line !== null,
  );
}

function fill(template: string, params: Readonly<Record<string, string>>): string {
  return template.replace(/\{\{(\w+)\}\}/g, (_whole, name: string) => params[name] ?? '');
}

/** The parameters with the codes among them (`source`, a missing best) worded in `language`. */
export function wordedRelevanceParams(message: RelevanceMessage, language: Language = 'en'): Record<string, string> {
  const words: Readonly<Record<string, string>> = RELEVANCE_MESSAGES[language];
  const worded = (name: string, value: string): string => {
    if (value === BEST_NONE) return RELEVANCE_MESSAGES[language].best_none;
    return name === 'source' ? (words[value] ?? value) : value;
  };
  return Object.fromEntries(Object.entries(message.params).map(([name, value]) => [name, worded(name, value)]));
}

/** Words one line, in English unless told otherwise. */
export function wordRelevanceMessage(message: RelevanceMessage, language: Language = 'en'): string {
  return fill(RELEVANCE_MESSAGES[language][message.code], wordedRelevanceParams(message, language));
}

/** The record's lines as core messages (`relevance:…`), the codes among their parameters as messages of their own. */
export function relevanceCoreMessages(record: RelevanceRecord): CoreMessage[] {
  const param = (name: string, value: string): CoreParam => {
    if (value === BEST_NONE) return [{ code: 'relevance:best_none' }];
    return name === 'source' ? [{ code: `relevance:${value}` }] : value;
  };
  return relevanceMessages(record).map((message) => ({
    code: `relevance:${message.code}`,
    params: Object.fromEntries(Object.entries(message.params).map(([name, value]) => [name, param(name, value)])),
  }));
}

/** The whole record in one English sentence, as the stage note and the CLI show it. */
export function relevanceFloorWords(record: RelevanceRecord, language: Language = 'en'): string {
  return relevanceMessages(record)
    .map((message) => wordRelevanceMessage(message, language))
    .join('; ');
}

/** The sentence of a run the floor left without evidence: what happened, the best each side reached, and what to do. */
export function nothingReachedWords(record: RelevanceRecord, language: Language = 'en'): string {
  return `${RELEVANCE_MESSAGES[language].nothing_reached} ${relevanceFloorWords(record, language)}.`;
}
