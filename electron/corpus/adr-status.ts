// The vocabulary of ADR statuses as teams write them: adr-tools words, MADR values, the emoji legends
// some teams put in front (`✅ Accepted`, `⌛️ Superseded by [x](y)`, `❌ Rejected`), emphasis, a
// leading `Status:`, Korean. Read word by word in one pass over the start of the text; the one regular
// expression that runs on the status text blanks `~~struck-through~~` spans, in linear time.
import { decisionDate, isDateWord } from './adr-date';
import { isTurkishSuccessorClause, withoutStruckText } from './adr-wording';

/** The lifecycle states an ADR can be in, after mapping the many ways teams write them. */
export type AdrStatus = 'proposed' | 'accepted' | 'rejected' | 'deprecated' | 'superseded' | 'partly_superseded' | 'pending' | 'unknown';

/** A status phrase read from the start of a text: the state and what follows the phrase. */
export interface StatusPhrase {
  readonly status: Exclude<AdrStatus, 'unknown'>;
  /** The (NFKC-normalised) text after the last word of the phrase, so a caller can see what follows. */
  readonly rest: string;
}

interface Word {
  readonly text: string;
  readonly start: number;
  readonly end: number;
}

type KnownStatus = StatusPhrase['status'];

/** Phrases of more than one word, tried before single words; the longest that matches wins. A Korean
 * phrase's last word is its stem, which an ending may follow (`사용 중단됨`, `사용 중단되었음`). */
const PHRASES: ReadonlyArray<{ words: readonly string[]; status: KnownStatus; stemLast?: true }> = [
  { words: ['request', 'for', 'comments'], status: 'proposed' },
  // A leading word that alone means accepted, opening a phrase that does not: "Final draft", "Active discussion", "Decided against".
  { words: ['final', 'comment', 'period'], status: 'proposed' },
  { words: ['final', 'draft'], status: 'proposed' },
  { words: ['final', 'review'], status: 'proposed' },
  { words: ['active', 'discussion'], status: 'proposed' },
  { words: ['decided', 'against'], status: 'rejected' },
  { words: ['not', 'approved'], status: 'rejected' },
  { words: ['not', 'adopted'], status: 'rejected' },
  { words: ['work', 'in', 'progress'], status: 'proposed' },
  { words: ['to', 'be', 'decided'], status: 'pending' },
  { words: ['on', 'hold'], status: 'pending' },
  { words: ['not', 'started'], status: 'pending' },
  { words: ['in', 'review'], status: 'proposed' },
  { words: ['under', 'review'], status: 'proposed' },
  { words: ['in', 'discussion'], status: 'proposed' },
  { words: ['under', 'discussion'], status: 'proposed' },
  { words: ['under', 'consideration'], status: 'proposed' },
  { words: ['awaiting', 'approval'], status: 'pending' },
  { words: ['in', 'progress'], status: 'proposed' },
  { words: ['not', 'accepted'], status: 'rejected' },
  { words: ['in', 'effect'], status: 'accepted' },
  // Accepted with a reservation, in force meanwhile ("Status: Conditionally Accepted", "provisionally accepted",
  // "tentatively accepted", as ADRs write it).
  { words: ['conditionally', 'accepted'], status: 'accepted' },
  { words: ['provisionally', 'accepted'], status: 'accepted' },
  { words: ['tentatively', 'accepted'], status: 'accepted' },
  // The EIP-style lifecycle some ADR repositories keep (Decentraland's): Review, Last Call, Final, Stagnant, Withdrawn, Living.
  { words: ['last', 'call'], status: 'proposed' },
  { words: ['in', 'force'], status: 'accepted' },
  // Korean "implementation done".
  { words: ['구현', '완료'], status: 'accepted' },
  // German, French, Spanish, Italian and Portuguese "under discussion / review", "awaited".
  { words: ['in', 'diskussion'], status: 'proposed' },
  { words: ['in', 'prüfung'], status: 'proposed' },
  { words: ['in', 'abstimmung'], status: 'proposed' },
  { words: ['en', 'discussion'], status: 'proposed' },
  { words: ['en', 'revue'], status: 'proposed' },
  { words: ['en', 'attente'], status: 'pending' },
  { words: ['en', 'revisión'], status: 'proposed' },
  { words: ['en', 'discusión'], status: 'proposed' },
  { words: ['in', 'revisione'], status: 'proposed' },
  { words: ['in', 'discussione'], status: 'proposed' },
  { words: ['in', 'attesa'], status: 'pending' },
  { words: ['em', 'revisão'], status: 'proposed' },
  { words: ['em', 'discussão'], status: 'proposed' },
  // Dutch "under consideration", "awaited".
  { words: ['in', 'behandeling'], status: 'proposed' },
  { words: ['in', 'afwachting'], status: 'pending' },
  { words: ['사용', '중단'], status: 'deprecated', stemLast: true },
  // Korean "no longer used" (더 이상 사용되지 않음, 더이상 사용하지 않음), "not used" (사용되지 않음, 사용 안 함),
  // "support ended" (지원 중단, 지원 종료됨), "use ended" (사용 종료): deprecated, as 사용 중단 is.
  { words: ['더', '이상', '사용'], status: 'deprecated', stemLast: true },
  { words: ['더이상', '사용'], status: 'deprecated', stemLast: true },
  { words: ['사용되지', '않'], status: 'deprecated', stemLast: true },
  { words: ['사용하지', '않'], status: 'deprecated', stemLast: true },
  { words: ['사용', '안'], status: 'deprecated', stemLast: true },
  { words: ['지원', '중단'], status: 'deprecated', stemLast: true },
  { words: ['지원', '종료'], status: 'deprecated', stemLast: true },
  { words: ['사용', '종료'], status: 'deprecated', stemLast: true },
  // Vietnamese: accepted (đã chấp nhận, được chấp nhận), proposed (đề xuất), superseded (đã bị thay thế),
  // rejected (bị từ chối), deprecated (ngừng sử dụng).
  { words: ['đã', 'chấp', 'nhận'], status: 'accepted' },
  { words: ['được', 'chấp', 'nhận'], status: 'accepted' },
  { words: ['chấp', 'nhận'], status: 'accepted' },
  { words: ['đề', 'xuất'], status: 'proposed' },
  { words: ['đã', 'bị', 'thay', 'thế'], status: 'superseded' },
  { words: ['bị', 'thay', 'thế'], status: 'superseded' },
  { words: ['bị', 'từ', 'chối'], status: 'rejected' },
  { words: ['từ', 'chối'], status: 'rejected' },
  { words: ['ngừng', 'sử', 'dụng'], status: 'deprecated' },
  // A decision taken back or no longer in force in more words ("Rolled back", "Phased out", "No longer valid"),
  // and in force in French, Portuguese, Italian and German ("En vigueur", "Em vigor", "In vigore", "In Kraft"),
  // or no longer so ("Außer Kraft", "Nicht mehr gültig").
  { words: ['rolled', 'back'], status: 'deprecated' },
  { words: ['phased', 'out'], status: 'deprecated' },
  { words: ['no', 'longer', 'in', 'force'], status: 'deprecated' },
  { words: ['no', 'longer', 'in', 'effect'], status: 'deprecated' },
  { words: ['no', 'longer', 'valid'], status: 'deprecated' },
  { words: ['no', 'longer', 'applicable'], status: 'deprecated' },
  { words: ['en', 'vigueur'], status: 'accepted' },
  { words: ['em', 'vigor'], status: 'accepted' },
  { words: ['in', 'vigore'], status: 'accepted' },
  { words: ['in', 'kraft'], status: 'accepted' },
  { words: ['außer', 'kraft'], status: 'deprecated' },
  { words: ['nicht', 'mehr', 'gültig'], status: 'deprecated' },
  // Russian "under review", Turkish "accepted" / "not accepted" / "withdrawn from use".
  { words: ['на', 'рассмотрении'], status: 'proposed' },
  { words: ['на', 'розгляді'], status: 'proposed' },
  { words: ['kabul', 'edilmedi'], status: 'rejected' },
  { words: ['kabul', 'edildi'], status: 'accepted' },
  { words: ['kullanımdan', 'kaldırıldı'], status: 'deprecated' },
  // An Ember RFC's stage (`stage: ready-for-release`): accepted, its work landing.
  { words: ['ready', 'for', 'release'], status: 'accepted' },
];

// English status words; every other language whose words are read below writes a numeric date day first.
const ENGLISH_WORDS: ReadonlyArray<readonly [KnownStatus, readonly string[]]> = [
  [
    'accepted',
    [
      'accepted',
      'confirmed',
      'approved',
      'adopted',
      'agreed',
      'decided',
      'implemented',
      'completed',
      'active',
      'final',
      'finalized',
      'finalised',
      'done',
      'ratified',
      // A record kept up to date rather than ever final, in force meanwhile (EIP-style `status: Living`).
      'living',
      // Ember RFCs' stages after acceptance: its work shipped, then made the recommended way.
      'released',
      'recommended',
    ],
  ],
  // `Exploring`: an Ember RFC's stage while the proposal is explored, before it is accepted.
  // `Candidate`: a decision put forward, not yet taken (an arc42 chapter's legend: "🔮 candidate").
  ['proposed', ['proposed', 'proposal', 'draft', 'rfc', 'wip', 'open', 'reviewing', 'review', 'exploring', 'candidate']],
  // `Stagnant`: a draft or review left inactive (EIP-style), not decided.
  // `Suspended`: on hold pending further evaluation, as an ADR archive defines it.
  [
    'pending',
    ['pending', 'incomplete', 'paused', 'postponed', 'deferred', 'parked', 'blocked', 'tbd', 'undecided', 'stagnant', 'suspended'],
  ],
  ['rejected', ['rejected', 'declined', 'refused', 'abandoned', 'cancelled', 'canceled', 'discarded']],
  // A decision taken back (reverted, overruled, revoked, rescinded, retracted) is no longer in force, as a withdrawn one is.
  [
    'deprecated',
    [
      ...['deprecated', 'retired', 'withdrawn', 'archived', 'sunset', 'reverted', 'overruled', 'revoked', 'rescinded', 'retracted'],
      // Out of date ("## Status / Outdated as of 2026-10-01", a public ADR), and sunset as a past form: no longer in force either.
      ...['outdated', 'sunsetted'],
      // Taken back or taken out of use in other words.
      ...['reversed', 'decommissioned', 'invalidated'],
      // An Ember RFC's stage for one no longer pursued or in force (`stage: discontinued`).
      'discontinued',
    ],
  ],
  // With the misspelling "superseeded" as some teams write it, and "overridden" (by a later record).
  ['superseded', ['superseded', 'superceded', 'superseeded', 'replaced', 'obsolete', 'obsoleted', 'overridden']],
  // A record whose whole status is "Amended" has been changed in part by a later one.
  ['partly_superseded', ['amended', 'refined']],
];
const ENGLISH = new Set(ENGLISH_WORDS.flatMap(([, words]) => words));

// Maps, not object literals: a status is untrusted text, and "constructor" must not find a member.
const WORDS = new Map<string, KnownStatus>([
  ...ENGLISH_WORDS.flatMap(([status, words]) => words.map((w) => [w, status] as const)),
  // German, Spanish, Portuguese, French and Italian.
  ...(
    [
      'akzeptiert',
      'angenommen',
      'genehmigt',
      'beschlossen',
      'bestätigt',
      'aceptado',
      'aceptada',
      'aprobado',
      'aprobada',
      'confirmado',
      'confirmada',
      'aceito',
      'aceita',
      'aprovado',
      'aprovada',
      'accepté',
      'acceptée',
      'approuvé',
      'approuvée',
      'adopté',
      'adoptée',
      'confirmé',
      'confirmée',
      'accettato',
      'accettata',
      'approvato',
      'approvata',
      'confermato',
      'confermata',
    ] as const
  ).map((w) => [w, 'accepted'] as const),
  ...(
    [
      'vorgeschlagen',
      'entwurf',
      'propuesto',
      'propuesta',
      'borrador',
      'proposto',
      'proposta',
      'rascunho',
      'proposé',
      'proposée',
      'brouillon',
    ] as const
  ).map((w) => [w, 'proposed'] as const),
  ...(
    ['abgelehnt', 'verworfen', 'rechazado', 'rechazada', 'rejeitado', 'rejeitada', 'rejeté', 'rejetée', 'refusé', 'rifiutato'] as const
  ).map((w) => [w, 'rejected'] as const),
  ...(['veraltet', 'zurückgezogen', 'obsoleto', 'obsoleta', 'deprecado', 'deprecada', 'obsolète', 'déprécié', 'deprecato'] as const).map(
    (w) => [w, 'deprecated'] as const,
  ),
  ...(
    [
      'ersetzt',
      'überholt',
      'abgelöst',
      'reemplazado',
      'reemplazada',
      'sustituido',
      'sustituida',
      'substituído',
      'substituída',
      'remplacé',
      'remplacée',
      'sostituito',
    ] as const
  ).map((w) => [w, 'superseded'] as const),
  // More German, French, Spanish, Italian and Portuguese: in force, open, awaited, abandoned,
  // discontinued, and "superseded" as Spanish, Portuguese (also without its accent) and Italian write it.
  ...(['vigente'] as const).map((w) => [w, 'accepted'] as const),
  ...(['offen'] as const).map((w) => [w, 'proposed'] as const),
  ...(['ausstehend', 'zurückgestellt', 'aufgeschoben', 'pendiente', 'pendente'] as const).map((w) => [w, 'pending'] as const),
  ...(
    [
      ...['abandonné', 'abandonnée', 'annulé', 'annulée', 'abandonado', 'abandonada', 'descartado', 'descartada'],
      ...['cancelado', 'cancelada', 'abbandonato', 'abbandonata', 'rifiutata'],
    ] as const
  ).map((w) => [w, 'rejected'] as const),
  ...(['depreciado', 'depreciada', 'descontinuado', 'descontinuada', 'deprecata'] as const).map((w) => [w, 'deprecated'] as const),
  ...(['superado', 'superada', 'substituido', 'substituida', 'sostituita', 'superato', 'superata'] as const).map(
    (w) => [w, 'superseded'] as const,
  ),
  // A record withdrawn, revoked, repealed, archived or lapsed in French (also in the feminine a décision takes),
  // Spanish, Portuguese, German and Italian; refused or annulled; decided (German); a draft (Italian).
  ...(
    [
      ...['dépréciée', 'retiré', 'retirée', 'révoqué', 'révoquée', 'archivé', 'archivée', 'caduc', 'caduque', 'périmé', 'périmée'],
      ...['retirado', 'retirada', 'revocado', 'revocada', 'derogado', 'derogada', 'archivado', 'archivada'],
      ...['revogado', 'revogada', 'arquivado', 'arquivada', 'archiviert', 'aufgehoben', 'ungültig'],
      ...['ritirato', 'ritirata', 'revocato', 'revocata', 'archiviato', 'archiviata'],
    ] as const
  ).map((w) => [w, 'deprecated'] as const),
  ...(['refusée', 'anulado', 'anulada', 'recusado', 'recusada', 'annullato', 'annullata'] as const).map((w) => [w, 'rejected'] as const),
  ...(['entschieden'] as const).map((w) => [w, 'accepted'] as const),
  ...(['bozza'] as const).map((w) => [w, 'proposed'] as const),
  // Dutch.
  ...(['geaccepteerd', 'aanvaard', 'goedgekeurd', 'aangenomen', 'vastgesteld', 'besloten', 'bevestigd'] as const).map(
    (w) => [w, 'accepted'] as const,
  ),
  ...(['voorgesteld', 'voorstel', 'concept'] as const).map((w) => [w, 'proposed'] as const),
  ...(['uitgesteld'] as const).map((w) => [w, 'pending'] as const),
  ...(['afgewezen', 'verworpen', 'geweigerd'] as const).map((w) => [w, 'rejected'] as const),
  ...(['verouderd', 'vervallen', 'ingetrokken', 'uitgefaseerd'] as const).map((w) => [w, 'deprecated'] as const),
  ...(['vervangen'] as const).map((w) => [w, 'superseded'] as const),
  // Russian, Ukrainian, Polish, Czech, Turkish and Indonesian.
  ...(
    [
      ...['принято', 'принят', 'принята', 'принятое', 'утверждено', 'утверждён', 'утвержден', 'одобрено', 'действует'],
      ...['прийнято', 'прийняте', 'затверджено'],
      ...['zaakceptowane', 'zaakceptowana', 'zaakceptowany', 'przyjęte', 'przyjęta', 'przyjęty', 'zatwierdzone', 'zatwierdzona'],
      // Polish impersonal past (`Zaakceptowano.`, it was accepted), as `odrzucono`, `wycofano`, `zastąpiono` below.
      ...['zaakceptowano', 'przyjęto', 'zatwierdzono'],
      ...['přijato', 'přijaté', 'schváleno', 'schválené'],
      ...['kabul', 'onaylandı', 'onaylı'],
      ...['diterima', 'disetujui', 'berlaku'],
    ] as const
  ).map((w) => [w, 'accepted'] as const),
  ...(
    [
      ...['предложено', 'предложен', 'предложена', 'черновик', 'обсуждается', 'запропоновано', 'чернетка'],
      ...['proponowane', 'proponowana', 'zaproponowane', 'projekt', 'szkic', 'navrženo', 'návrh', 'koncept'],
      ...['önerildi', 'önerilen', 'öneri', 'taslak', 'diusulkan', 'usulan', 'draf', 'rancangan'],
    ] as const
  ).map((w) => [w, 'proposed'] as const),
  ...(
    [
      ...['отклонено', 'отклонён', 'отклонен', 'отклонена', 'отвергнуто', 'відхилено'],
      ...['odrzucone', 'odrzucona', 'odrzucono', 'zamítnuto', 'zamítnuté', 'reddedildi', 'ditolak'],
    ] as const
  ).map((w) => [w, 'rejected'] as const),
  ...(
    [
      ...['устарело', 'устаревшее', 'устарел', 'устарела', 'отменено', 'отменён', 'отменен', 'отменена', 'застаріло', 'скасовано'],
      ...['przestarzałe', 'przestarzała', 'wycofane', 'wycofana', 'wycofano', 'zastaralé', 'zrušeno', 'usang', 'dihentikan'],
    ] as const
  ).map((w) => [w, 'deprecated'] as const),
  ...(
    [
      ...['заменено', 'заменён', 'заменен', 'заменена', 'замещено', 'замінено'],
      ...['zastąpione', 'zastąpiona', 'zastąpiony', 'zastąpiono', 'nahrazeno', 'nahrazené', 'nahrazen', 'digantikan', 'diganti'],
    ] as const
  ).map((w) => [w, 'superseded'] as const),
]);

/** Korean (and Japanese) words are matched by their stem, so `승인됨`, `승인 완료` and `승인` all count. */
const KOREAN_STEMS: ReadonlyArray<{ stem: string; status: KnownStatus }> = [
  { stem: '승인', status: 'accepted' },
  { stem: '채택', status: 'accepted' },
  { stem: '수락', status: 'accepted' },
  { stem: '확정', status: 'accepted' },
  // Decided (`결정됨`, `결정 완료`), as many Korean records write it; `결정 대기`, `결정 중`, `결정 필요` are not yet.
  { stem: '결정', status: 'accepted' },
  // Done, in effect (시행, 발효), applied, implemented, agreed.
  { stem: '완료', status: 'accepted' },
  { stem: '시행', status: 'accepted' },
  { stem: '발효', status: 'accepted' },
  { stem: '적용', status: 'accepted' },
  { stem: '구현됨', status: 'accepted' },
  { stem: '구현되', status: 'accepted' },
  { stem: '합의', status: 'accepted' },
  { stem: '제안', status: 'proposed' },
  { stem: '초안', status: 'proposed' },
  { stem: '검토', status: 'proposed' },
  { stem: '논의', status: 'proposed' },
  { stem: '보류', status: 'pending' },
  { stem: '대기', status: 'pending' },
  { stem: '미완', status: 'pending' },
  { stem: '거부', status: 'rejected' },
  { stem: '거절', status: 'rejected' },
  { stem: '기각', status: 'rejected' },
  { stem: '반려', status: 'rejected' },
  { stem: '폐기', status: 'deprecated' },
  { stem: '중단', status: 'deprecated' },
  { stem: '사용중단', status: 'deprecated' },
  // Unused (미사용), abolished (폐지됨).
  { stem: '미사용', status: 'deprecated' },
  { stem: '폐지', status: 'deprecated' },
  // Taken back: reverted (되돌림, 원복), overruled (번복), revoked or rescinded (철회).
  { stem: '되돌', status: 'deprecated' },
  { stem: '원복', status: 'deprecated' },
  { stem: '번복', status: 'deprecated' },
  { stem: '철회', status: 'deprecated' },
  // Japanese, matched the same way (`承認済み`, `提案中`, `非推奨`).
  { stem: '承認', status: 'accepted' },
  { stem: '採用', status: 'accepted' },
  { stem: '合意', status: 'accepted' },
  { stem: '決定', status: 'accepted' },
  { stem: '提案', status: 'proposed' },
  { stem: '草案', status: 'proposed' },
  { stem: '検討', status: 'proposed' },
  { stem: 'レビュー', status: 'proposed' },
  { stem: '保留', status: 'pending' },
  { stem: '延期', status: 'pending' },
  { stem: '却下', status: 'rejected' },
  { stem: '不採用', status: 'rejected' },
  { stem: '棄却', status: 'rejected' },
  { stem: '非推奨', status: 'deprecated' },
  { stem: '廃止', status: 'deprecated' },
  { stem: '撤回', status: 'deprecated' },
  { stem: '置換', status: 'superseded' },
  { stem: '置き換え', status: 'superseded' },
  { stem: '採択', status: 'accepted' },
  { stem: '不採択', status: 'rejected' },
  { stem: '取り下げ', status: 'deprecated' },
  // Chinese (`已接受`, `已废弃`, `被取代`).
  { stem: '已接受', status: 'accepted' },
  { stem: '接受', status: 'accepted' },
  { stem: '已采纳', status: 'accepted' },
  { stem: '采纳', status: 'accepted' },
  { stem: '已批准', status: 'accepted' },
  { stem: '批准', status: 'accepted' },
  { stem: '提议', status: 'proposed' },
  { stem: '建议', status: 'proposed' },
  { stem: '草稿', status: 'proposed' },
  { stem: '已拒绝', status: 'rejected' },
  { stem: '拒绝', status: 'rejected' },
  { stem: '已废弃', status: 'deprecated' },
  { stem: '废弃', status: 'deprecated' },
  { stem: '弃用', status: 'deprecated' },
  { stem: '已取代', status: 'superseded' },
  { stem: '被取代', status: 'superseded' },
  { stem: '已替代', status: 'superseded' },
  { stem: '被替代', status: 'superseded' },
  // Traditional Chinese, and more of both scripts. A leading 已 (already) may stand before any of
  // them (`已弃用`, `已撤回`). Review words only with 中 (in progress): `审核通过` (review passed) is no proposal.
  { stem: '採納', status: 'accepted' },
  { stem: '核准', status: 'accepted' },
  { stem: '通过', status: 'accepted' },
  { stem: '通過', status: 'accepted' },
  { stem: '生效', status: 'accepted' },
  { stem: '提議', status: 'proposed' },
  { stem: '建議', status: 'proposed' },
  { stem: '讨论中', status: 'proposed' },
  { stem: '討論中', status: 'proposed' },
  { stem: '评审中', status: 'proposed' },
  { stem: '評審中', status: 'proposed' },
  { stem: '审核中', status: 'proposed' },
  { stem: '審核中', status: 'proposed' },
  { stem: '拒絕', status: 'rejected' },
  { stem: '否决', status: 'rejected' },
  { stem: '否決', status: 'rejected' },
  { stem: '驳回', status: 'rejected' },
  { stem: '駁回', status: 'rejected' },
  { stem: '取消', status: 'rejected' },
  { stem: '廢棄', status: 'deprecated' },
  { stem: '棄用', status: 'deprecated' },
  { stem: '过时', status: 'deprecated' },
  { stem: '過時', status: 'deprecated' },
  // Voided (作废, 作廢) and no longer in effect (失效); Japanese "use stopped" (使用停止) and a proposal dropped (廃案).
  { stem: '作废', status: 'deprecated' },
  { stem: '作廢', status: 'deprecated' },
  { stem: '失效', status: 'deprecated' },
  { stem: '使用停止', status: 'deprecated' },
  { stem: '廃案', status: 'rejected' },
];
// Chinese "already", which may open a status before its word (`已弃用`).
const CHINESE_ALREADY = '已';

const REPLACED_WORDS = new Set([
  ...['superseded', 'superceded', 'superseeded', 'replaced', 'obsoleted', 'obsolete', 'overridden'],
  ...['ersetzt', 'abgelöst', 'reemplazado', 'reemplazada', 'sustituido', 'sustituida', 'substituído', 'substituída'],
  ...['remplacé', 'remplacée', 'sostituito', 'sostituita', 'vervangen'],
  ...['superado', 'superada', 'substituido', 'substituida', 'superato', 'superata'],
  ...[
    'заменено',
    'заменён',
    'заменен',
    'заменена',
    'замінено',
    'zastąpione',
    'zastąpiona',
    'zastąpiono',
    'nahrazeno',
    'digantikan',
    'diganti',
  ],
]);
const PART_WORDS = new Set([
  ...['partly', 'partially', 'teilweise', 'partiellement', 'parcialmente', 'parzialmente', 'gedeeltelijk'],
  ...['частично', 'частково', 'częściowo', 'částečně', 'kısmen', 'sebagian'],
]);
// Korean for "in part": 일부 (some), 부분 / 부분적으로 (partial, partially).
const KOREAN_PART_WORDS = ['일부', '부분적으로', '부분'];
// Lines that state a supersession rather than the record's own status.
const STATEMENT_WORDS = new Set([
  'supersedes',
  'superseding',
  'supercedes',
  'superceding',
  'superseeds',
  'replaces',
  'replacing',
  'amends',
  'amending',
  'refines',
  'refining',
  'obsoletes',
  ...['reemplaza', 'sustituye', 'substitui', 'remplace', 'sostituisce', 'vervangt', 'wijzigt', 'ändert', 'modifica', 'modifie'],
  ...['complète', 'précise', 'präzisiert'],
  ...['заменяет', 'замещает', 'замінює', 'изменяет', 'дополняет', 'zastępuje', 'zmienia', 'nahrazuje', 'menggantikan', 'mengubah'],
]);
const BY_STATEMENT_WORDS = new Set([
  ...['amended', 'refined', 'extended'],
  ...['geändert', 'ergänzt', 'gewijzigd', 'aangevuld', 'modificado', 'modificada', 'modifié', 'modifiée', 'modificato', 'modificata'],
  ...['präzisiert', 'complété', 'complétée', 'précisé', 'précisée'],
]);
// "by" after those: English, German, Spanish and Portuguese, French, Italian, Dutch.
const BY_WORDS = new Set(['by', 'durch', 'por', 'par', 'da', 'door', 'przez', 'oleh']);
const KOREAN_ACTIVE_SUFFIXES = ['한', '합', '하'];
const MAX_WORDS = 5;
// A leading label the status text may repeat (`Status: Accepted`, `상태: 승인`, `ステータス：承認`).
const STATUS_LABELS = new Set([
  'status',
  'estado',
  'statut',
  'stato',
  'статус',
  'durum',
  'stav',
  '상태',
  'ステータス',
  '状態',
  '状态',
  '狀態',
]);

/** True for a letter, which may start a word. */
function isLetter(char: string): boolean {
  return /^\p{L}$/u.test(char);
}

/** True for a combining mark, which continues a word (`é` written as `e` and an accent) but never starts one (the U+FE0F after `⌛`). */
function isMark(char: string): boolean {
  return /^\p{M}$/u.test(char);
}

/** The first few words of a text, lower-cased; everything between them (emoji, `**`, `:`, links' brackets) is skipped. */
function leadingWords(text: string, max: number): Word[] {
  const words: Word[] = [];
  let start = -1;
  let offset = 0;
  for (const char of text) {
    const inWord = isLetter(char) || (start !== -1 && isMark(char));
    if (inWord && start === -1) start = offset;
    if (!inWord && start !== -1) {
      words.push({ text: text.slice(start, offset).toLowerCase(), start, end: offset });
      start = -1;
      if (words.length === max) return words;
    }
    offset += char.length;
  }
  if (start !== -1) words.push({ text: text.slice(start).toLowerCase(), start, end: text.length });
  return words;
}

/** How many words a written-out date may have before a status: `Monday 14th of March 2023`. */
const MAX_DATE_WORDS = 4;

/**
 * The first words of a status text, without a leading `Status:` / `상태:` label, nor a date the line
 * opens with as a history's dated lines do: `14 March 2023 Rejected`, `March 14, 2023 — Accepted` read
 * as `Rejected` and `Accepted`, as `2023-03-14 Rejected` does (its digits are no words).
 */
function statusWords(raw: string, max: number): Word[] {
  const text = raw.normalize('NFKC');
  const words = leadingWords(text, max + 1 + MAX_DATE_WORDS);
  const label = STATUS_LABELS.has(words[0]?.text ?? '') ? 1 : 0;
  let from = label;
  if (decisionDate(text.slice(label === 1 ? (words[0] as Word).end : 0)) !== null)
    while (from < label + MAX_DATE_WORDS && isDateWord(words[from]?.text ?? '')) from += 1;
  return words.slice(from, from + max);
}

/** True when the text states a supersession (`Supersedes …`, `Amended by …`) rather than a status. */
function isStatement(words: readonly Word[]): boolean {
  const [first, second] = words;
  return (
    first !== undefined && (STATEMENT_WORDS.has(first.text) || (BY_STATEMENT_WORDS.has(first.text) && BY_WORDS.has(second?.text ?? '')))
  );
}

/**
 * Reads the status phrase a text starts with, after any emoji, symbols, emphasis and a `Status:` /
 * `상태:` label: "✅ Accepted" → accepted, "⌛️ Superseded by [x](y)" → superseded, "Partly
 * superseded" → partly_superseded, "On hold" → pending, "승인됨" → accepted.
 *
 * @returns null when the text does not start with a known status word, or states a supersession
 *   instead (`Supersedes …`, `Amended by …`)
 */
export function readStatusPhrase(raw: string): StatusPhrase | null {
  const options = chosenOption(withoutStruckText(raw));
  if (options === null) return null;
  const text = options.normalize('NFKC');
  const words = statusWords(text, MAX_WORDS);
  const found = chinesePassive(text, words) ?? statusPhraseEnd(words);
  return found ? { status: found.status, rest: text.slice(found.end) } : null;
}

/**
 * The status a line of options says: `Proposed | **Accepted** | Rejected` → `Accepted` (the one in
 * bold); a template's unfilled `{proposed | rejected | accepted}` → null (none chosen). A line
 * without `|` is itself.
 */
function chosenOption(raw: string): string | null {
  if (!raw.includes('|')) return raw;
  const parts = raw
    .replace(/^\s*\{|\}\s*$/g, '')
    .split('|')
    .map((part) => part.trim());
  const bold = parts.filter((part) => /^(\*\*|__)[^*_]+\1$/.test(part));
  return bold.length === 1 ? (bold[0] as string).slice(2, -2) : null;
}

/**
 * Whether a status is a template's list of the statuses to choose from, none chosen: `[proposed |
 * rejected | accepted | deprecated | superseded by [ADR-0005](0005-example.md)]` (MADR 2), `{proposed |
 * accepted}`. Its options are no statements: the example successor it offers names nothing.
 */
export function isUnfilledOptionList(raw: string): boolean {
  if (!raw.includes('|') || chosenOption(raw) !== null) return false;
  const options = raw.replace(/^\s*[{[]|[}\]]\s*$/g, '').split('|');
  return options.filter((option) => readStatusPhrase(option) !== null).length >= 2;
}

function statusPhraseEnd(words: readonly Word[]): { status: KnownStatus; end: number } | null {
  const [first, second, third] = words;
  if (!first || isStatement(words)) return null;
  const partial = partialPhrase(first, second, third);
  if (partial) return partial;
  for (const phrase of PHRASES) {
    const last = phrase.words.length - 1;
    const matches = (word: string, k: number) =>
      words[k]?.text === word || (phrase.stemLast === true && k === last && (words[k]?.text.startsWith(word) ?? false));
    if (phrase.words.every(matches)) return { status: phrase.status, end: (words[phrase.words.length - 1] as Word).end };
  }
  const english = WORDS.get(first.text);
  if (english) return { status: english, end: first.end };
  return koreanStatus(first, second);
}

// Chinese passive frame: `已被 ADR 0010 和 ADR 0012 取代`, `部分被 ADR 0013 取代（…）`, `部分被取代`,
// and `已被接受` (has been accepted). `部分`/`局部` (in part) makes a supersession partial.
const CHINESE_PASSIVE = /^(部分|局部)?已?被/;
const CHINESE_REPLACE = /取代|替代|替换|代替/;
/** How far after the frame's opening the verb may close it: the targets between (`ADR 0010、0012 和 0013`). */
const CHINESE_FRAME_CHARS = 80;

function chinesePassive(text: string, words: readonly Word[]): { status: KnownStatus; end: number } | null {
  const first = words[0];
  const frame = first ? CHINESE_PASSIVE.exec(first.text) : null;
  if (!first || !frame) return null;
  const rest = first.text.slice(frame[0].length);
  const replaced = frame[1] ? 'partly_superseded' : 'superseded';
  if (rest === '') {
    const verb = text.slice(first.end, first.end + CHINESE_FRAME_CHARS).search(CHINESE_REPLACE);
    return verb === -1 ? null : { status: replaced, end: first.end + verb + 2 };
  }
  if (CHINESE_REPLACE.test(rest.slice(0, 2))) return { status: replaced, end: first.end };
  const stem = frame[1] ? undefined : KOREAN_STEMS.find((entry) => rest.startsWith(entry.stem));
  return stem ? { status: stem.status, end: first.end } : null;
}

/** "Partly superseded", "superseded in part", "partially replaced by", "일부 대체됨". */
function partialPhrase(first: Word, second: Word | undefined, third: Word | undefined): { status: KnownStatus; end: number } | null {
  if (PART_WORDS.has(first.text) && second && REPLACED_WORDS.has(second.text)) return { status: 'partly_superseded', end: second.end };
  if (REPLACED_WORDS.has(first.text) && second && PART_WORDS.has(second.text)) return { status: 'partly_superseded', end: second.end };
  if (REPLACED_WORDS.has(first.text) && second?.text === 'in' && third?.text === 'part')
    return { status: 'partly_superseded', end: third.end };
  const part = KOREAN_PART_WORDS.find((word) => first.text.startsWith(word));
  if (part !== undefined) {
    const verb = first.text.length > part.length ? first : second;
    if (verb && isKoreanPassiveReplace(verb.text.startsWith(part) ? verb.text.slice(part.length) : verb.text))
      return { status: 'partly_superseded', end: verb.end };
  }
  return null;
}

/** `대체됨`, `대체되었음`, `대체` — but not `대체한다`, which states that this record replaces another. */
function isKoreanPassiveReplace(word: string): boolean {
  if (!word.startsWith('대체')) return false;
  const rest = word.slice(2);
  return !KOREAN_ACTIVE_SUFFIXES.some((suffix) => rest.startsWith(suffix));
}

// What an acceptance stem may be followed by when it is not yet so: Korean 대기 (awaiting, `승인 대기`),
// 필요 (needed), 요청 (requested), 예정 (planned), 전 (before); Japanese 待ち (`承認待ち`), 依頼 (requested), 予定, 前.
const NOT_YET_MARKERS: ReadonlyArray<{ marker: string; status: KnownStatus }> = [
  { marker: '대기', status: 'pending' },
  { marker: '예정', status: 'pending' },
  { marker: '待ち', status: 'pending' },
  { marker: '待', status: 'pending' },
  { marker: '予定', status: 'pending' },
  { marker: '필요', status: 'pending' },
  { marker: '요청', status: 'proposed' },
  { marker: '依頼', status: 'proposed' },
  { marker: '申請', status: 'proposed' },
];
// Markers of a single character, read only as the whole of what follows (`승인 전`, `承認前`), not as a word's start.
const NOT_YET_WHOLE: ReadonlyArray<{ marker: string; status: KnownStatus }> = [
  { marker: '전', status: 'pending' },
  { marker: '前', status: 'pending' },
];
// 중 / 中 (under way) after the act of deciding is a decision still being made (`합의 중`, `승인중`, `承認中`),
// as `검토 중` and `討論中` are; after a rule's coming into force it is that rule in force (`시행 중`, `적용 중`).
const UNDER_WAY: ReadonlySet<string> = new Set(['중', '中']);
const DECIDING_STEMS: ReadonlySet<string> = new Set(['승인', '합의', '결정', '承認']);

/** The state an acceptance stem is in when a marker of "not yet" follows it, in its word or as the next word: `승인 대기` → pending. */
function notYet(stem: string, after: string): KnownStatus | null {
  return (
    NOT_YET_MARKERS.find((entry) => after.startsWith(entry.marker))?.status ??
    NOT_YET_WHOLE.find((entry) => after === entry.marker)?.status ??
    (UNDER_WAY.has(after) && DECIDING_STEMS.has(stem) ? 'proposed' : null)
  );
}

function koreanStatus(first: Word, second: Word | undefined): { status: KnownStatus; end: number } | null {
  if (isKoreanPassiveReplace(first.text)) return { status: 'superseded', end: first.end };
  const direct = KOREAN_STEMS.find((entry) => first.text.startsWith(entry.stem));
  const text = direct || !first.text.startsWith(CHINESE_ALREADY) ? first.text : first.text.slice(CHINESE_ALREADY.length);
  const found = direct ?? KOREAN_STEMS.find((entry) => text.startsWith(entry.stem));
  if (!found) return null;
  if (found.status === 'accepted') {
    const rest = text.slice(found.stem.length);
    const inWord = rest === '' ? null : notYet(found.stem, rest);
    if (inWord) return { status: inWord, end: first.end };
    const nextWord = rest === '' && second ? notYet(found.stem, second.text) : null;
    if (nextWord && second) return { status: nextWord, end: second.end };
  }
  return { status: found.status, end: first.end };
}

/**
 * Maps one status text to an {@link AdrStatus}: "Approved" → accepted, "✅ Accepted" → accepted,
 * "Partly superseded by …" → partly_superseded, "Incomplete" → pending, Korean "승인" → accepted.
 * Words that are not in the vocabulary give `unknown`.
 *
 * @returns null when the text is not a status at all (`Supersedes …`, `Amended by …`, `Amends …`)
 */
export function normaliseAdrStatus(raw: string): AdrStatus | null {
  if (isStatement(statusWords(withoutStruckText(raw), 2))) return null;
  const found = readStatusPhrase(latestTransition(raw));
  if (!found) return 'unknown';
  const status = laterSupersession(found) ?? found.status;
  return status === 'superseded' && STILL_IN_FORCE.test(found.rest) ? 'partly_superseded' : status;
}

/**
 * Whether a status is written in a language that puts the day before the month in an all-numeric date
 * (`Aceito`, `Akzeptiert`, `Принято`): its first word is a status word of a language other than English.
 */
export function writtenDayFirst(raw: string): boolean {
  const [first] = statusWords(withoutStruckText(raw), 1);
  return first !== undefined && WORDS.has(first.text) && !ENGLISH.has(first.text);
}

// The arrows a status history is written with: `Proposed → Accepted`, `Accepted -> Superseded by …`.
const ARROWS = ['→', '->', '⟶', '⇒', '=>', '➔', '➡'];
/** How many arrows of each kind are looked at: a history has a few states, and each look reads the text after it. */
const MAX_ARROWS = 8;

/**
 * The text from the last state of a history written with arrows (`Proposed → Accepted → Superseded
 * by ADR-9` → `Superseded by ADR-9`): the text after the last arrow that a status phrase follows, or
 * the whole text when it has none (`Superseded → [ADR-9](…)` names a successor, not a state).
 */
export function latestTransition(raw: string): string {
  let latest = raw;
  for (const arrow of ARROWS) {
    let at = raw.indexOf(arrow);
    for (let seen = 0; at !== -1 && seen < MAX_ARROWS; seen += 1, at = raw.indexOf(arrow, at + arrow.length)) {
      const after = raw.slice(at + arrow.length);
      if (after.length < latest.length && readStatusPhrase(after) !== null && readStatusPhrase(raw.slice(0, at)) !== null) latest = after;
    }
  }
  return latest;
}

// Clauses after the first status phrase: `Accepted; superseded by ADR-0016`, `Accepted, replaced by …`,
// and one in brackets, `Accepted (superseded by ADR-0005)` (the rest is NFKC, so a full-width bracket is one too).
const CLAUSE_BREAK = /[;,，；—–(]/;
/** Words that follow a clause's verb when it names the record's successor (`superseded by`, `ersetzt durch`). */
const SUCCESSOR_BY = /^[\s*_]*(?:by|durch|por|par|da|door|przez|oleh)\b/i;
// A word of time that may open such a clause: `Accepted, later superseded by ADR-9`. Anchored, one word: linear.
const LATER_ADVERB = /^\s*(?:then|later|now|since|subsequently|eventually|finally)\s+/i;
// The rest of the record still holds: `…for repository topology; core-surface intent remains accepted`.
const STILL_IN_FORCE =
  /\b(?:remains?|still|otherwise|rest\s+(?:is|remains?))\s+(?:accepted|in\s+force|valid|in\s+effect|current|unchanged)\b/i;

/**
 * A later clause of a status that says the record has since been superseded, which outranks the
 * status it starts with: "Accepted; superseded by ADR-0016" and "Accepted (superseded by ADR-0016)"
 * are superseded, as "Superseded by ADR-0016" is, and so is "Kabul edildi, yerini 0005 aldı" (Turkish: 0005 took its place). Only a
 * clause that opens with the verb and names its successor (`… by`) counts, so
 * "Proposed, replaces the old approach" and "Accepted, amended by …" keep their status, as does one
 * superseded in part ("Accepted, teilweise abgelöst durch …": the rest of it holds).
 */
function laterSupersession(found: StatusPhrase): AdrStatus | null {
  if (found.status === 'superseded') return null;
  for (const clause of found.rest.split(CLAUSE_BREAK).slice(1)) {
    if (isTurkishSuccessorClause(clause)) return 'superseded';
    const later = readStatusPhrase(clause.replace(LATER_ADVERB, ''));
    if (later?.status === 'superseded' && SUCCESSOR_BY.test(later.rest)) return 'superseded';
  }
  return null;
}

/** How far along the lifecycle a status is, so the most advanced of several status lines decides. */
export const STATUS_RANK: Readonly<Record<AdrStatus, number>> = {
  unknown: 0,
  proposed: 1,
  pending: 2,
  accepted: 3,
  rejected: 4,
  deprecated: 4,
  partly_superseded: 5,
  superseded: 6,
};
