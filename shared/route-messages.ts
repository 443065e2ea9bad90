import { z } from 'zod';

/**
 * The `auto` mode's routing decision (electron/retrieval/query-router.ts) as the response carries
 * it, and its reason as message codes with parameters: worded by the UI in its language (i18next,
 * from the catalogue below) and by the CLI and the `route` stage note in English.
 */

/** What the router can choose: `fulltext` there means full-text and entity signals without the vector side. */
export const RouteChoice = z.enum(['fulltext', 'hybrid', 'graph']);
export type RouteChoice = z.infer<typeof RouteChoice>;

/** What one cue of the question is: an identifier of some kind, or a word asking about a connection. */
export const RouteCueKind = z.enum(['adr_number', 'incident_id', 'entity_id', 'error_code', 'api_path', 'name', 'connection']);
export type RouteCueKind = z.infer<typeof RouteCueKind>;

export const ROUTE_MESSAGE_CODES = ['route_identifier', 'route_identifier_connection', 'route_connection', 'route_default'] as const;
export type RouteMessageCode = (typeof ROUTE_MESSAGE_CODES)[number];

/** One cue the router matched: its kind and the text as the question holds it (ADR numbers normalised, e.g. `ADR-011`). */
export const RouteCue = z.object({ kind: RouteCueKind, text: z.string() });
export type RouteCue = z.infer<typeof RouteCue>;

/** The decision: the route chosen, the cues that decided it, and the reason as a message code with parameters. */
export const RouteRecord = z.object({
  chosen: RouteChoice,
  cues: z.array(RouteCue),
  code: z.enum(ROUTE_MESSAGE_CODES),
  params: z.record(z.string(), z.string()),
});
export type RouteRecord = z.infer<typeof RouteRecord>;

type Catalogue = Readonly<Record<RouteMessageCode | `choice_${RouteChoice}` | `cue_${RouteCueKind}`, string>>;

/** The catalogue, in every language of the UI. */
export const ROUTE_MESSAGES: Readonly<Record<'en' | 'ko', Catalogue>> = {
  en: {
    route_identifier:
      'routed to full-text + entity signals (no vector side): the question names {{identifiers}} and asks about no connection',
    route_identifier_connection:
      'routed to graph expansion (hybrid + entity seeds): the question names {{identifiers}} and asks about a connection ({{connections}})',
    route_connection: 'routed to graph expansion (hybrid + entity seeds): the question asks about a connection ({{connections}})',
    route_default: 'routed to hybrid (vector + full-text + entity): the question names no identifier and asks about no connection',
    choice_fulltext: 'full-text + entity',
    choice_hybrid: 'hybrid',
    choice_graph: 'graph',
    cue_adr_number: 'ADR number',
    cue_incident_id: 'incident id',
    cue_entity_id: 'id',
    cue_error_code: 'error code',
    cue_api_path: 'API path',
    cue_name: 'name',
    cue_connection: 'connection word',
  },
  ko: {
    route_identifier: '전문 검색 + 엔터티 신호로 라우팅 (벡터 제외): 질문이 {{identifiers}}을(를) 지목하고 연결 관계는 묻지 않음',
    route_identifier_connection:
      '그래프 확장으로 라우팅 (하이브리드 + 엔터티 시드): 질문이 {{identifiers}}을(를) 지목하고 연결 관계({{connections}})를 물음',
    route_connection: '그래프 확장으로 라우팅 (하이브리드 + 엔터티 시드): 질문이 연결 관계({{connections}})를 물음',
    route_default: '하이브리드로 라우팅 (벡터 + 전문 검색 + 엔터티): 질문에 식별자도 연결 관계를 묻는 말도 없음',
    choice_fulltext: '전문 검색 + 엔터티',
    choice_hybrid: '하이브리드',
    choice_graph: '그래프',
    cue_adr_number: 'ADR 번호',
    cue_incident_id: '장애 ID',
    cue_entity_id: 'ID',
    cue_error_code: '오류 코드',
    cue_api_path: 'API 경로',
    cue_name: '이름',
    cue_connection: '연결 관계를 묻는 말',
  },
};

function fill(template: string, params: Readonly<Record<string, string>>): string {
  return template.replace(/\{\{(\w+)\}\}/g, (_whole, name: string) => params[name] ?? '');
}

/** The decision's reason as one sentence, in English unless told otherwise. */
export function routeWords(route: RouteRecord, language: 'en' | 'ko' = 'en'): string {
  return fill(ROUTE_MESSAGES[language][route.code], route.params);
}
