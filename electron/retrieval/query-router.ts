import type { RouteChoice, RouteCue, RouteRecord } from '../../shared/route-messages';

/**
 * The `auto` mode's router: a pure, deterministic reading of the question (Korean and English) that
 * picks the retrieval route and says which cues decided it. Nothing here reads the graph, so the
 * same question always takes the same route.
 *
 * Cues:
 * - identifiers: ADR numbers (`ADR-011`, `ADR 11`, `adr-011`, normalised to `ADR-011`), incident ids
 *   (`inc-2026-0219`, `INC-2024-031`), entity ids (`svc-…`, `api-…`, `repo-…`, `team-…`, or any
 *   `ABC-123`), error codes (`E1234`, `HTTP 503`, `ERR_…`, `PAYMENT_DECLINED`, `503 error`), API
 *   paths (`/v2/payments`) and names written as identifiers (kebab-case or snake_case such as
 *   `payments-gateway`, leaving out common hyphenated words like `on-call`). A Korean particle glued
 *   to an identifier (`ADR-011은`, `inc-2026-0219의`) does not hide it.
 * - connection words: impact, ownership, incidents and decision links (영향, 담당, 소유, 책임, 장애,
 *   결정, 대체, 의존, 연관, 폐기; impact, affect, owner, owns, incident, outage, decision,
 *   supersede, replace, depend, upstream, downstream, blast radius, root cause …).
 *
 * The decision table (Text2Cypher is never chosen on its own):
 *
 * | identifier | connection | route      | what runs                                                            |
 * | ---------- | ---------- | ---------- | -------------------------------------------------------------------- |
 * | yes        | no         | `fulltext` | full-text + entity signals, fused; no vector side (a lookup by name)  |
 * | yes        | yes        | `graph`    | vector + full-text + entity, fused, then graph expansion              |
 * | no         | yes        | `graph`    | vector + full-text + entity, fused, then graph expansion              |
 * | no         | no         | `hybrid`   | vector + full-text + entity, fused                                    |
 *
 * So the full-text signal (and the entity signal) is kept on every route, and the vector side is
 * left out only where the question is a lookup of something it names.
 */

/** An identifier pattern and the kind of cue it yields; `normalise` gives the text the cue records. */
interface IdentifierPattern {
  readonly kind: RouteCue['kind'];
  readonly pattern: RegExp;
  readonly normalise?: (match: RegExpExecArray) => string;
}

/** Not preceded by a letter or digit (so `xadr-1` is no ADR); a Hangul particle may follow any match. */
const START = '(?<![\\p{L}\\p{N}_])';
/** Not followed by a Latin letter, digit, underscore or hyphen: the identifier ends here (Hangul may follow). */
const END = '(?![A-Za-z0-9_-])';

/** `ADR 11`, `adr-011`, `ADR011` → `ADR-011`: the form the demo corpus stores in `adr_id`. */
export function normaliseAdrNumber(digits: string): string {
  return `ADR-${String(Number.parseInt(digits, 10)).padStart(3, '0')}`;
}

/**
 * Each `ADR-<n>` id in every zero-padding an `adr_id` is written with, one to five digits (`ADR-1`,
 * `ADR-01`, `ADR-001`, `ADR-0001`, `ADR-00001`): a folder numbered as adr-tools does stores
 * `ADR-0001` where the demo stores `ADR-001`, and the question names the number either way.
 */
export function adrIdSpellings(ids: readonly string[]): string[] {
  const spelled = ids.flatMap((id) => {
    const digits = /^ADR-(\d+)$/.exec(id)?.[1];
    if (digits === undefined) return [id];
    const number = String(Number.parseInt(digits, 10));
    return [1, 2, 3, 4, 5].filter((width) => width >= number.length).map((width) => `ADR-${number.padStart(width, '0')}`);
  });
  return [...new Set(spelled)];
}

const IDENTIFIERS: readonly IdentifierPattern[] = [
  {
    kind: 'adr_number',
    pattern: new RegExp(`${START}adr[\\s_-]?(\\d{1,4})(?!\\d)`, 'giu'),
    normalise: (match) => normaliseAdrNumber(match[1] as string),
  },
  {
    kind: 'incident_id',
    pattern: new RegExp(`${START}inc[-_]?\\d{4}[-_]\\d{2,4}${END}`, 'giu'),
    normalise: (match) => match[0].toLowerCase(),
  },
  { kind: 'entity_id', pattern: new RegExp(`${START}(?:svc|api|repo|team)-[a-z0-9]+(?:-[a-z0-9]+)*${END}`, 'giu') },
  { kind: 'entity_id', pattern: new RegExp(`${START}[A-Z]{2,10}-\\d{2,}${END}`, 'gu') },
  { kind: 'error_code', pattern: new RegExp(`${START}(?:E\\d{3,5}|ERR_[A-Z0-9_]+|[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+)${END}`, 'gu') },
  { kind: 'error_code', pattern: new RegExp(`${START}(?:HTTP|status)[\\s_-]?[1-5]\\d{2}(?!\\d)`, 'giu') },
  { kind: 'error_code', pattern: new RegExp(`${START}[45]\\d{2}\\s?(?:errors?|에러|오류|응답)`, 'giu') },
  { kind: 'api_path', pattern: /(?<![\p{L}\p{N}/.])\/(?:[A-Za-z0-9._{}-]+\/)*[A-Za-z][A-Za-z0-9._{}-]*/gu },
  { kind: 'name', pattern: new RegExp(`${START}[a-z][a-z0-9]*(?:[-_][a-z0-9]+)+${END}`, 'gu') },
];

/** Hyphenated words of ordinary English, which are not names of things. */
const COMMON_HYPHENATED = new Set([
  'on-call',
  'real-time',
  'read-only',
  'follow-up',
  'e-mail',
  'built-in',
  'opt-in',
  'opt-out',
  'sign-in',
  'log-in',
  'set-up',
  'end-to-end',
  'self-service',
  'third-party',
  'long-running',
  'up-to-date',
  'well-known',
  'at-least-once',
  'exactly-once',
  'near-real-time',
  'step-by-step',
]);

/** Connection words in Korean: stems, matched inside a word since particles and endings are glued on. */
const KOREAN_CONNECTIONS = ['영향', '담당', '소유', '책임', '장애', '결정', '대체', '의존', '연관', '폐기', '누가 관리', '관리하는 팀'];

/** Connection words in English, as whole words (with their inflections). */
const ENGLISH_CONNECTIONS =
  /\b(?:impact(?:s|ed|ing)?|affect(?:s|ed|ing)?|owner(?:s|ship)?|owns|owned by|responsible|incidents?|outages?|decisions?|decided|supersed(?:e|es|ed|ing)|replac(?:e|es|ed|ing)|depend(?:s|ed|ing|ency|encies|ent|ents)?|upstream|downstream|blast radius|root cause|related to|connected to)\b/giu;

/** The identifier cues of a question, each once, in the order found. */
function identifierCues(question: string): RouteCue[] {
  const cues: RouteCue[] = [];
  const covered: Array<[number, number]> = [];
  for (const { kind, pattern, normalise } of IDENTIFIERS) {
    for (const match of question.matchAll(pattern)) {
      const start = match.index;
      const end = start + match[0].length;
      // A span an earlier, more specific pattern took (`ADR-011` as an ADR, not as `ABC-123`) is not read again.
      if (covered.some(([from, to]) => start < to && end > from)) continue;
      if (kind === 'name' && COMMON_HYPHENATED.has(match[0])) continue;
      covered.push([start, end]);
      cues.push({ kind, text: normalise ? normalise(match as RegExpExecArray) : match[0] });
    }
  }
  return unique(cues);
}

/** The connection cues of a question, each once. */
function connectionCues(question: string): RouteCue[] {
  const korean = KOREAN_CONNECTIONS.filter((word) => question.includes(word));
  const english = [...question.matchAll(ENGLISH_CONNECTIONS)].map((match) => match[0].toLowerCase());
  return unique([...korean, ...english].map((text) => ({ kind: 'connection', text })));
}

function unique(cues: readonly RouteCue[]): RouteCue[] {
  const seen = new Set<string>();
  return cues.filter((cue) => {
    const key = `${cue.kind}\u0000${cue.text}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** The route of a question with and without identifiers and connection words (the table above). */
function chooseRoute(identifiers: boolean, connections: boolean): { chosen: RouteChoice; code: RouteRecord['code'] } {
  if (identifiers && connections) return { chosen: 'graph', code: 'route_identifier_connection' };
  if (connections) return { chosen: 'graph', code: 'route_connection' };
  if (identifiers) return { chosen: 'fulltext', code: 'route_identifier' };
  return { chosen: 'hybrid', code: 'route_default' };
}

/** Routes a question: the route, the cues that decided it, and the reason as a message code with parameters. */
export function routeQuestion(question: string): RouteRecord {
  const text = question.normalize('NFKC');
  const identifiers = identifierCues(text);
  const connections = connectionCues(text);
  const { chosen, code } = chooseRoute(identifiers.length > 0, connections.length > 0);
  const params: Record<string, string> = {};
  if (identifiers.length > 0) params.identifiers = identifiers.map((cue) => cue.text).join(', ');
  if (connections.length > 0) params.connections = connections.map((cue) => cue.text).join(', ');
  return { chosen, cues: [...identifiers, ...connections], code, params };
}

/** The ADR numbers a question names, in the stored form (`ADR-011`), for the entity signal's ADR lookup. */
export function adrNumbersIn(question: string): string[] {
  return routeQuestion(question)
    .cues.filter((cue) => cue.kind === 'adr_number')
    .map((cue) => cue.text);
}
