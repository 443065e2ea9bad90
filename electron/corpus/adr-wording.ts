// The words teams use to say one record replaces another, in English and Korean: "superseded by",
// "Superseded [x]" (no "by", at the start of a status line), "replaced by", "replaces", "supersedes",
// "in favour of", "obsoleted by", "amended by" / "refined by" (a partial replacement), "대체",
// "폐기", "개정". Found by walking the words of a sentence once; the Korean stems by one global
// expression whose matches cannot overlap.

/** Which way a verb points: to a newer record (`superseded_by`) or an older one (`supersedes`). */
export type Direction = 'superseded_by' | 'supersedes';

/**
 * Where a verb states a supersession between records. "Supersede" says it anywhere. "Replaced by",
 * "amends", "in favour of" and the like are everyday words too ("runbooks are replaced by [the new
 * runbook]"), so in prose they count only in a sentence about this record (it opens with the verb,
 * or "this"/"it" stands before or right after it); in the record's status they always count.
 */
export type VerbScope = 'anywhere' | 'status' | 'nowhere';

/** One supersession verb phrase in a sentence. */
export interface Verb {
  readonly start: number;
  readonly end: number;
  /** The relation a record named after the verb has with the record that states it. */
  readonly forward: Direction;
  /** The wording itself says only part is replaced (amended, refined, partly, in part). */
  readonly partial: boolean;
  /** Where this occurrence states a supersession; see {@link VerbScope}. */
  readonly scope: VerbScope;
  /** "this" or "it" follows the verb: "[X] supersedes this ADR", so a record named before it is the newer one. */
  readonly selfAfter: boolean;
  /** Turkish `yerini aldı` with the record it is about right before it, in the genitive (`ADR-0003'ün yerini aldı`). */
  readonly genitiveBefore: boolean;
  /**
   * Turkish `yerini … aldı` / `yerini … bıraktı` naming the successor between its words: a record
   * written right before `yerini` (`ADR-0003 yerini ADR-0005'e bıraktı`, `ADR-0003'ün yerini
   * ADR-0005 aldı`) is the one whose place was taken, as the subject before an English verb is.
   */
  readonly place: boolean;
  /**
   * "does not replace", "never supersedes", "doesn't amend": the verb says the record after it is not
   * replaced. It names no relation, and the records it governs are no object of a verb before it.
   */
  readonly negated: boolean;
}

interface Word {
  readonly text: string;
  readonly start: number;
  readonly end: number;
}

/** A verb phrase found at a word, before its scope is decided. */
interface Phrase {
  readonly start: number;
  readonly end: number;
  readonly forward: Direction;
  readonly partial: boolean;
  readonly kind: 'supersede' | 'everyday' | 'favour';
  readonly lastWord: number;
  /** The record the phrase is about stands before it (Turkish "[X]'in yerini aldı", took X's place), as before "… this". */
  readonly targetBefore?: boolean;
  /** A Turkish `yerini … aldı` / `yerini … bıraktı` with the successor between; see {@link Verb.place}. */
  readonly place?: boolean;
}

// With the common misspelling ("superceded", "supercedes") as teams write it.
const SUPERSEDE_PASSIVE = new Set(['superseded', 'superceded', 'superseeded']);
const EVERYDAY_PASSIVE = new Set([
  'replaced',
  'overridden',
  'obsoleted',
  'deprecated',
  'succeeded',
  'amended',
  'refined',
  // Other languages, with their "by" below: "ersetzt durch", "abgelöst durch", "reemplazado por",
  // "substituído por", "remplacé par", "sostituito da", "vervangen door".
  ...['ersetzt', 'abgelöst', 'geändert', 'ergänzt', 'präzisiert', 'vervangen', 'gewijzigd', 'aangevuld'],
  ...['reemplazado', 'reemplazada', 'reemplazados', 'reemplazadas', 'sustituido', 'sustituida', 'sustituidos', 'sustituidas'],
  ...['substituído', 'substituída', 'substituídos', 'substituídas', 'modificado', 'modificada'],
  ...['remplacé', 'remplacée', 'remplacés', 'remplacées', 'modifié', 'modifiée'],
  // French "completed by" and "made precise by" (a part added or narrowed): "Complété par ADR-0031", "Précisé par 0031".
  ...['complété', 'complétée', 'complétés', 'complétées', 'précisé', 'précisée', 'précisés', 'précisées'],
  ...['sostituito', 'sostituita', 'modificato', 'modificata'],
  // "Superseded by" as Spanish, Portuguese (also without the accent) and Italian write it: "Superado por", "Substituido por", "Superata da".
  ...['superado', 'superada', 'substituido', 'substituida', 'superato', 'superata'],
  // Russian and Ukrainian ("заменено [ADR 0007]", "заменено на …"), Polish ("zastąpione przez"),
  // Czech ("nahrazeno ADR-7"), Indonesian ("digantikan oleh").
  ...['заменено', 'заменён', 'заменен', 'заменена', 'заменены', 'замещено', 'замінено'],
  ...['zastąpione', 'zastąpiona', 'zastąpiony', 'zastąpiono', 'nahrazeno', 'nahrazen', 'nahrazena', 'digantikan', 'diganti'],
]);
// The word for "by" after a passive: English, German, Spanish and Portuguese, French, Italian, Dutch.
const BY_WORDS = new Set(['by', 'durch', 'por', 'par', 'da', 'door', 'на', 'przez', 'oleh', 'dengan']);
// Written without "by", these are this record replacing the one named after them ("Dieses ADR ersetzt ADR-3").
const PASSIVE_OR_ACTIVE = new Set(['ersetzt', 'ergänzt', 'präzisiert']);
// Written alone at the start of a status line ("⌛️ Superseded [0019](0019-x.md)"), these mean "by".
const BARE_PASSIVE = new Set([
  ...['superseded', 'superceded', 'superseeded', 'replaced', 'overridden'],
  // Languages that say "by" with a case ending, not a word: "Статус: заменено [ADR 0007]", "Nahrazeno ADR-7".
  ...['заменено', 'заменён', 'заменен', 'заменена', 'замінено', 'nahrazeno', 'nahrazen', 'nahrazena'],
]);
const SUPERSEDE_ACTIVE = new Set(['supersedes', 'supersede', 'superseding', 'supercedes', 'supercede', 'superceding', 'superseeds']);
const EVERYDAY_ACTIVE = new Set([
  ...['replaces', 'replacing', 'obsoletes', 'amends', 'amending', 'refines', 'refining'],
  // "Reemplaza a: [ADR-2]", "Substitui [ADR-2]", "Remplace [ADR-2]", "Ändert [ADR-2]", "Modifica a: [ADR-7]".
  ...['reemplaza', 'sustituye', 'substitui', 'remplace', 'sostituisce', 'vervangt', 'wijzigt', 'ändert', 'modifica', 'modifie'],
  // French "completes" and "makes precise" ("Complète : 0027", "Précise ADR-0008"): a part of that record, as "amends".
  ...['complète', 'précise'],
  // Russian, Ukrainian, Polish, Czech, Indonesian: replaces, amends ("Zmienia: ADR 0009", "Menggantikan: … ADR-0015").
  ...['заменяет', 'замещает', 'замінює', 'изменяет', 'дополняет', 'змінює', 'zastępuje', 'zmienia', 'nahrazuje', 'mění'],
  ...['menggantikan', 'mengubah'],
]);
const PARTIAL_WORDS = new Set([
  ...['amended', 'refined', 'amends', 'amending', 'refines', 'refining'],
  ...[
    'geändert',
    'ergänzt',
    'präzisiert',
    'ändert',
    'gewijzigd',
    'aangevuld',
    'wijzigt',
    'modificado',
    'modificada',
    'modifié',
    'modifiée',
    'modificato',
    'modificata',
    'modifica',
    'modifie',
    ...['complète', 'complété', 'complétée', 'complétés', 'complétées', 'précise', 'précisé', 'précisée', 'précisés', 'précisées'],
  ],
  ...['изменяет', 'дополняет', 'змінює', 'zmienia', 'mění', 'mengubah'],
]);
// Words that may stand between the participle and "by": "superseded in part by", "replaced fully by", "superseded
// temporarily by" (when or how, not which part).
const MODIFIERS = new Set([
  ...['partly', 'partially', 'fully', 'entirely', 'also', 'now', 'later', 'since'],
  ...['completely', 'wholly', 'totally', 'temporarily', 'permanently', 'effectively', 'formally', 'officially'],
  ...['eventually', 'subsequently', 'ultimately', 'finally', 'already', 'recently', 'provisionally', 'silently'],
  ...['teilweise', 'partiellement', 'parcialmente', 'parzialmente', 'gedeeltelijk'],
  ...['частично', 'частково', 'częściowo', 'částečně', 'sebagian'],
]);
const PART_MODIFIERS = new Set([
  ...['partly', 'partially', 'teilweise', 'partiellement', 'parcialmente', 'parzialmente', 'gedeeltelijk'],
  ...['частично', 'частково', 'częściowo', 'částečně', 'sebagian'],
]);
// "supersedes some aspects of X", "replaces parts of X": what comes right after an active verb when only part is replaced.
const PART_NOUNS = new Set(['aspect', 'aspects', 'part', 'parts', 'portion', 'portions', 'section', 'sections', 'element', 'elements']);
const PART_QUANTIFIERS = new Set(['some', 'certain', 'several', 'a', 'the', 'two', 'three', 'many']);

/**
 * Whether the words from `j` say only part of the target is replaced: "partly", "in part", or a
 * part noun with "of" (`some aspects of`, `parts of`, `the sections of`).
 */
function partAfter(words: readonly Word[], j: number): boolean {
  const word = words[j]?.text;
  if (word === undefined) return false;
  if (PART_MODIFIERS.has(word)) return true;
  if (word === 'in' && words[j + 1]?.text === 'part') return true;
  const noun = PART_QUANTIFIERS.has(word) ? j + 1 : j;
  return PART_NOUNS.has(words[noun]?.text ?? '') && words[noun + 1]?.text === 'of';
}

// "replaces [a thing] in / of [X]": the verb's object is something inside the record named next, so only
// part of it is replaced. English: `the retry policy in ADR-0012`, `the section on X of ADR-0012` (a
// determiner first, so prose such as "as noted in" is no object); Indonesian: `argumen kinerja di
// ADR-0015`, `bagian penyimpanan dari ADR-0015`.
const EN_WITHIN = new Set(['in', 'of', 'from', 'within']);
const EN_DETERMINERS = new Set(['the', 'some', 'certain']);
const ID_WITHIN = new Set(['di', 'dalam', 'pada', 'dari']);
// Objects that are the record as a whole (`the decision in ADR-0012`, `keputusan di ADR-0015`): a full
// replacement. An approach, choice, design or strategy named in a record is, for a reader, usually its
// decision: read so, a record replaced whole is never left looking partly current.
const EN_WHOLE = new Set([
  ...['decision', 'decisions', 'record', 'records', 'adr', 'adrs', 'document', 'documents', 'one', 'ones'],
  ...['whole', 'entire', 'entirety', 'all', 'everything', 'approach', 'choice', 'proposal', 'outcome'],
  ...['recommendation', 'recommendations', 'guidance', 'solution', 'design', 'strategy', 'direction', 'plan', 'conclusion'],
]);
const ID_WHOLE = new Set(['keputusan', 'catatan', 'dokumen', 'adr', 'seluruh', 'semua', 'ini', 'itu']);
// What joins a record to the one listed before it: "ADR-0014 dan …", "ADR-11 and …".
const LIST_JOINERS = new Set(['and', 'dan', 'serta']);
const EN_OBJECT_REACH = 8;
const ID_OBJECT_REACH = 5;
const OBJECT_GAP = ' \t*_-`';

/**
 * What the text between an active verb (or the record named before, `afterTarget`) and the next record
 * says about that record: `part` when it is an object inside the record (`the retry policy in`,
 * `argumen di`, or after a record `dan argumen di`), `list` when it only joins the record to the one
 * before (`, ` / ` and `), null otherwise (nothing, or words that are not such an object).
 */
export function objectBefore(sentence: string, from: number, to: number, afterTarget: boolean): 'part' | 'list' | null {
  const gap = sentence.slice(from, to);
  const words = letterWords(gap);
  let w = 0;
  const lead = afterTarget ? ' \t,;*_' : ' \t:*_';
  const firstAt = words[0]?.start ?? gap.length;
  if (!onlyCharsBetween(gap, 0, firstAt, lead)) return null;
  if (afterTarget) {
    if (words.length > 0 && LIST_JOINERS.has((words[0] as Word).text)) w = 1;
    if (words.length === w) return w === 0 || onlyCharsBetween(gap, (words[0] as Word).end, gap.length, ' \t*_') ? 'list' : null;
    // After a record, a thing of the next record is named only behind a joiner ("dan argumen di").
    if (w === 0) return null;
  }
  const last = words.at(-1);
  if (last === undefined || words.length - w < 2 || !onlyCharsBetween(gap, last.end, gap.length, ' \t*_')) return null;
  for (let k = w + 1; k < words.length; k += 1)
    if (!onlyCharsBetween(gap, (words[k - 1] as Word).end, (words[k] as Word).start, OBJECT_GAP)) return null;
  const object = words.slice(w, -1).map((word) => word.text);
  if (EN_WITHIN.has(last.text)) {
    const ok = object.length >= 2 && object.length <= EN_OBJECT_REACH && EN_DETERMINERS.has(object[0] as string);
    return ok && !object.some((word) => EN_WHOLE.has(word)) ? 'part' : null;
  }
  if (ID_WITHIN.has(last.text)) return object.length <= ID_OBJECT_REACH && !object.some((word) => ID_WHOLE.has(word)) ? 'part' : null;
  return null;
}

function onlyCharsBetween(text: string, from: number, to: number, allowed: string): boolean {
  for (let i = from; i < to; i += 1) if (!allowed.includes(text[i] as string)) return false;
  return true;
}

/** "partly superseded by", "partially replaces": a part modifier right before the verb. */
const partBefore = (words: readonly Word[], k: number) => k > 0 && PART_MODIFIERS.has((words[k - 1] as Word).text);
// Turkish "this decision" (`Bu karar ADR-0003'ün yerini alır`): "bu" alone is any "this", so only before one of these nouns.
const TR_SELF_NOUNS = new Set(['karar', 'adr', 'belge', 'kayıt', 'doküman']);
const SELF_WORDS = new Set(['this', 'it', 'dieses', 'diese', 'dieser', 'este', 'esta', 'ce', 'cette', 'questo', 'questa', 'deze', 'dit']);
// A sentence opening with one of these words is this record's own status: "Deprecated in favour of [X]".
const SUPERSESSION_STATUS_WORDS = new Set([
  'superseded',
  'superceded',
  'superseeded',
  'overridden',
  'replaced',
  'deprecated',
  'obsolete',
  'obsoleted',
  'retired',
  'withdrawn',
]);
// "Rejected in favour of [X]" names the option chosen instead, not a successor.
const REJECTION_WORDS = new Set(['rejected', 'declined', 'refused']);

// Global, so every match is found; the matches cannot overlap (each starts with its stem).
const KOREAN_VERBS = /(대체|폐기|개정|보완)(되었|됐|됨|된다|됩니다|되며|되고|된|한다|합니다|함|하며|하고|했|하였|하는)/g;
const KOREAN_PARTIAL_STEMS = new Set(['개정', '보완']);
// A stem standing as a noun at the end of a clause ("ADR-0024가 부분 대체 — …", a status's terse note):
// no ending follows and no word of a compound ("대체 방안", an alternative plan) comes after it.
const KOREAN_BARE_STEMS = /(대체|개정|보완)(?=\s*(?:$|[^\s\uac00-\ud7a3]))/g;
const KOREAN_PASSIVE_STARTS = ['되', '됐', '됨', '된', '됩'];

// A word in Latin script (`abgelöst`, `remplacé`) or in Cyrillic (`заменено`), then marks (an accent
// written apart) and apostrophes; a letter of another script ends it, as in `본 문서Superseded by`.
const WORD = /\p{Script=Latin}[\p{Script=Latin}\p{M}']*|\p{Script=Cyrillic}[\p{Script=Cyrillic}\p{M}']*/gu;

/** The Latin-script words of a sentence, lower-cased and composed (`abgelöst` however its ö was written), with their offsets. */
function letterWords(sentence: string): Word[] {
  const words: Word[] = [];
  for (const m of sentence.matchAll(WORD))
    words.push({ text: m[0].toLowerCase().normalize('NFC'), start: m.index, end: m.index + m[0].length });
  return words;
}

/** The offset of the first letter of any script in the text, or its length when it has none. */
function firstLetterAt(text: string): number {
  const found = /\p{L}/u.exec(text);
  return found ? found.index : text.length;
}

/** "superseded [in part|partly|…] by", "replaced by", or a bare "Superseded" opening the sentence; null otherwise. */
function passiveAt(sentence: string, words: readonly Word[], k: number, opening: boolean): Phrase | null {
  const head = words[k] as Word;
  const kind = SUPERSEDE_PASSIVE.has(head.text) ? 'supersede' : 'everyday';
  let j = k + 1;
  let partial = PARTIAL_WORDS.has(head.text) || partBefore(words, k);
  for (let skipped = 0; skipped < 2 && j < words.length; skipped += 1) {
    const word = (words[j] as Word).text;
    if (word === 'in' && (words[j + 1]?.text === 'part' || words[j + 1]?.text === 'full')) {
      partial ||= words[j + 1]?.text === 'part';
      j += 2;
    } else if (MODIFIERS.has(word)) {
      partial ||= PART_MODIFIERS.has(word);
      j += 1;
    } else break;
  }
  if (BY_WORDS.has(words[j]?.text ?? ''))
    return { start: head.start, end: (words[j] as Word).end, forward: 'superseded_by', partial, kind, lastWord: j };
  const qualified = qualifiedBy(sentence, words, j);
  if (qualified !== null) {
    const by = qualified.by;
    return {
      start: head.start,
      end: (words[by] as Word).end,
      forward: 'superseded_by',
      partial: partial || qualified.part,
      kind,
      lastWord: by,
    };
  }
  if (BARE_PASSIVE.has(head.text) && opening)
    return { start: head.start, end: head.end, forward: 'superseded_by', partial: false, kind, lastWord: k };
  return null;
}

// A qualifier between a passive and its "by" names the part that is replaced: "superseded for the managed path by
// ADR-0020", "replaced, where the queue is named, by ADR-12", "superseded only in the EU region by ADR-9". It opens
// with one of these words, and is at most QUALIFIER_REACH words long.
const QUALIFIER_STARTS = new Set([
  ...['for', 'in', 'on', 'within', 'inside', 'across', 'at', 'under', 'where', 'wherever', 'when', 'whenever'],
  ...['regarding', 'concerning', 'as', 'only', 'except', 'outside'],
]);
const QUALIFIER_REACH = 8;
// A qualifier that says when or how, not which part: "superseded in March 2026 by", "replaced for now by", "superseded in
// practice by", "superseded as of 2026-01-01 by", "superseded for the time being by" replace the whole: the verb still ends
// at "by", so the record after it is the successor and the words before it are no title, but no part is named.
const NOT_A_PART = new Set([
  ...['since', 'until', 'after', 'before', 'during', 'of', 'now', 'today', 'yesterday', 'ago', 'last', 'next', 'recently'],
  ...['practice', 'effect', 'fact', 'full', 'whole', 'entirety', 'total', 'principle', 'turn', 'time', 'good', 'all'],
  ...['moment', 'interim', 'meantime', 'future', 'foreseeable', 'notice', 'being', 'further'],
  ...['january', 'february', 'march', 'april', 'june', 'july', 'august', 'september', 'october', 'november', 'december'],
  ...['jan', 'feb', 'mar', 'apr', 'jun', 'jul', 'aug', 'sep', 'sept', 'oct', 'nov', 'dec', 'q'],
]);
const YEAR_OR_DATE = /\d{4}|\d{1,2}[./-]\d{1,2}/;
/**
 * What follows "by" (`from`) may be the successor: a masked link or reference (see adr-statements.ts), perhaps behind
 * emphasis; after a qualifier (`titleToo`), also a title, in capitals or quoted ("superseded for now by Use Kafka"),
 * not "by hand".
 */
function recordNext(text: string, from: number, titleToo: boolean): boolean {
  let i = from;
  while (i < text.length && ' \t*_'.includes(text[i] as string)) i += 1;
  const next = text[i] ?? '';
  return next === '\u0001' || (titleToo && (/\p{Lu}/u.test(next) || '"“\'‘'.includes(next)) && next !== '');
}

/**
 * The word index of the "by" that ends a qualifier opening at word `j` ("for the managed path by"), when a record
 * follows it, and whether the qualifier names the part replaced (`part`) or says when or how ("for now by", "in
 * March 2026 by": the whole is replaced); null when there is none, or "by" names no record ("replaced in the build
 * by hand").
 */
function qualifiedBy(sentence: string, words: readonly Word[], j: number): { by: number; part: boolean } | null {
  const first = words[j];
  if (first === undefined || !QUALIFIER_STARTS.has(first.text)) return null;
  for (let b = j + 1; b < words.length && b <= j + QUALIFIER_REACH; b += 1) {
    const word = words[b] as Word;
    if (word.text !== 'by') continue;
    if (b === j + 1) return null;
    const qualifier = words.slice(j + 1, b);
    if (!recordNext(sentence, word.end, true)) return null;
    const when = YEAR_OR_DATE.test(sentence.slice(first.start, word.start)) || qualifier.some((w) => NOT_A_PART.has(w.text));
    return { by: b, part: !when };
  }
  return null;
}

/** German "löst [ADR-3] ab" (replaces ADR-3): "löst" with its "ab" later in the sentence (without it, "löst" solves). */
function separableReplace(words: readonly Word[], k: number): boolean {
  if ((words[k] as Word).text !== 'löst') return false;
  for (let j = k + 1; j < words.length && j <= k + 8; j += 1) if ((words[j] as Word).text === 'ab') return true;
  return false;
}

// Turkish "took / takes / will take its place" and "left its place (to X)": `yerini 0005 aldı` ("0005
// took its place": this record is superseded by 0005), `yerini ADR-0005'e bıraktı`, and with the
// record named before, `ADR-0003'ün yerini aldı` (this record took ADR-0003's place).
const TR_PLACE = 'yerini';
const TR_TOOK = new Set(['aldı', 'almıştır', 'almış', 'alır', 'alacak', 'alacaktır', 'alıyor']);
const TR_LEFT = new Set(['bıraktı', 'bırakmıştır', 'bırakmış', 'bırakır', 'bırakacak']);
/** How many words (case endings left by a masked reference, a date) may stand between `yerini` and its verb. */
const TR_PLACE_REACH = 3;

/**
 * `yerini … aldı` at word `k`: the record named between the two words took this record's place; with
 * nothing but spaces between, the record named before `yerini` is the one whose place this record took.
 * The verb of "left its place to" (`bıraktı`) only names the successor between.
 */
function turkishPlaceAt(sentence: string, words: readonly Word[], k: number): Phrase | null {
  const head = words[k] as Word;
  for (let j = k + 1; j < words.length && j <= k + TR_PLACE_REACH; j += 1) {
    const verb = words[j] as Word;
    const took = TR_TOOK.has(verb.text);
    if (!took && !TR_LEFT.has(verb.text)) continue;
    if (j === k + 1 && onlySpacesBetween(sentence, head.end, verb.start))
      return took
        ? { start: head.start, end: verb.end, forward: 'superseded_by', partial: false, kind: 'everyday', lastWord: j, targetBefore: true }
        : null;
    const partial = TR_PART_GENITIVE.test(words[k - 1]?.text ?? '');
    return { start: head.start, end: head.end, forward: 'superseded_by', partial, kind: 'everyday', lastWord: j, place: true };
  }
  return null;
}

// A part of the record in the genitive right before `yerini` ("Müzeye özgü kısımların yerini 0005 aldı", the museum-specific
// parts' place was taken by 0005): kısım (part), bölüm (section), madde (item), parça (piece), with a genitive ending.
const TR_PART_GENITIVE = /^(?:kısım|kısm|bölüm|madde|parça)\p{L}*(?:ın|in|un|ün)$/u;

/**
 * True when a clause says, in Turkish, that another record took this one's place (`yerini 0005 aldı`,
 * `yerini ADR-0005'e bıraktı`): a status such as "Kabul edildi, yerini 0005 aldı" is superseded.
 */
export function isTurkishSuccessorClause(clause: string): boolean {
  const words = letterWords(clause);
  if (words[0]?.text !== TR_PLACE || words[0].start !== firstLetterAt(clause)) return false;
  const phrase = turkishPlaceAt(clause, words, 0);
  return phrase !== null && phrase.targetBefore !== true;
}

/** The verb phrase starting at word `k`, or null. */
function phraseAt(sentence: string, words: readonly Word[], k: number, firstLetter: number): Phrase | null {
  const word = words[k] as Word;
  if (word.text === TR_PLACE) return turkishPlaceAt(sentence, words, k);
  if (SUPERSEDE_PASSIVE.has(word.text) || EVERYDAY_PASSIVE.has(word.text)) {
    const passive = passiveAt(sentence, words, k, word.start === firstLetter);
    if (passive || !PASSIVE_OR_ACTIVE.has(word.text)) return passive;
  }
  if (SUPERSEDE_ACTIVE.has(word.text) || EVERYDAY_ACTIVE.has(word.text) || PASSIVE_OR_ACTIVE.has(word.text) || separableReplace(words, k)) {
    if (opensClause(sentence, words, k)) return null;
    const kind = SUPERSEDE_ACTIVE.has(word.text) ? 'supersede' : 'everyday';
    const partial = PARTIAL_WORDS.has(word.text) || partBefore(words, k) || partAfter(words, k + 1);
    return { start: word.start, end: word.end, forward: 'supersedes', partial, kind, lastWord: k };
  }
  if (word.text === 'in' && (words[k + 1]?.text === 'favour' || words[k + 1]?.text === 'favor') && words[k + 2]?.text === 'of') {
    return {
      start: word.start,
      end: (words[k + 2] as Word).end,
      forward: 'superseded_by',
      partial: false,
      kind: 'favour',
      lastWord: k + 2,
    };
  }
  return null;
}

// "makes precise" is also "states": French "précise que …", German "präzisiert, warum …" open a clause, and name no record as their object.
const STATING_VERBS = new Set(['précise', 'präzisiert']);
const CLAUSE_OPENERS = new Set([
  ...['que', 'qu', 'pourquoi', 'comment', 'quand', 'où', 'si', 'combien', 'lequel', 'laquelle'],
  ...['dass', 'warum', 'wie', 'was', 'wann', 'wo', 'ob', 'weshalb', 'welche', 'welcher', 'welches', 'inwiefern'],
]);

/** True when the stating verb at word `k` opens a clause (a comma or a conjunction right after it) rather than taking a record as its object. */
function opensClause(sentence: string, words: readonly Word[], k: number): boolean {
  const verb = words[k] as Word;
  if (!STATING_VERBS.has(verb.text)) return false;
  if (/^[ \t*_]*,/.test(sentence.slice(verb.end))) return true;
  const next = words[k + 1];
  return next !== undefined && CLAUSE_OPENERS.has(next.text.replace(/'+$/, ''));
}

// English negations right before a verb ("does not replace", "never supersedes", "doesn't amend"), perhaps with
// an adverb in -ly between ("does not fully replace"); the base forms a negation takes ("not replace").
const NEGATIONS = new Set(['not', 'never', 'cannot']);
const NEGATED_BASE_FORMS = new Set(['replace', 'supersede', 'amend', 'refine', 'obsolete', 'override']);

/** True when an English negation stands right before word `k` (an adverb in -ly may stand between). */
function negatedAt(words: readonly Word[], k: number): boolean {
  const isNegation = (word: Word | undefined) =>
    word !== undefined && (NEGATIONS.has(word.text) || word.text.endsWith("n't") || word.text.endsWith('n’t'));
  const before = words[k - 1];
  return isNegation(before) || (before !== undefined && before.text.endsWith('ly') && isNegation(words[k - 2]));
}

/** What the sentence around a phrase says about whose supersession it states. */
interface Around {
  readonly opening: boolean;
  readonly selfBefore: boolean;
  readonly selfAfter: boolean;
  readonly firstWord: string | undefined;
}

function scopeOf(phrase: Phrase, around: Around): VerbScope {
  if (phrase.kind === 'supersede') return 'anywhere';
  const aboutThis = around.opening || around.selfBefore || around.selfAfter;
  if (phrase.kind === 'everyday') return aboutThis ? 'anywhere' : 'status';
  if (around.firstWord !== undefined && REJECTION_WORDS.has(around.firstWord)) return 'nowhere';
  const opensWithStatus = around.firstWord !== undefined && SUPERSESSION_STATUS_WORDS.has(around.firstWord);
  return around.selfBefore || opensWithStatus ? 'anywhere' : 'status';
}

const NOT_STATED = { selfAfter: false, genitiveBefore: false, place: false, negated: true } as const;

// One decision of a record named as the subject of its verb: "Decision 2 of this record is superseded by ADR-0042",
// "Point 3 is replaced by ADR-12", "Section 4.2 was partly superseded by …". The part is this record's (the
// sentence is about it) and only that part is replaced. Read on the text right before the verb, anchored at its end.
const PART_SUBJECT = new RegExp(
  String.raw`(?<!\p{L})(decision|point|item|section|part|clause|rule|step|paragraph|bullet)\s+(?:#\s*|no\.\s*)?(\d{1,3}(?:\.\d{1,3})*[a-z]?)` +
    String.raw`(\s+of\s+(?:this|the|our)\s+(?:record|adr|decision|document|decision\s+record|proposal))?` +
    String.raw`(?:\s+(?:above|below))?[\s,*_]*(?:(?:is|was|are|were|has|have|had|will|now|been|be|also|then|later|partly|partially)[\s,]+){0,3}$`,
  'iu',
);
const PART_SUBJECT_REACH = 80;

/**
 * Whether a part of this record is the subject right before `start`: "Decision 2 of this record is …". `Decision 4`
 * alone, in record 4, is the record itself, not a part of it.
 */
function partSubjectBefore(sentence: string, start: number, isSelf: (target: string) => boolean): boolean {
  const found = PART_SUBJECT.exec(sentence.slice(Math.max(0, start - PART_SUBJECT_REACH), start));
  if (found === null) return false;
  const [, noun, number, ofThis] = found as unknown as [string, string, string, string | undefined];
  return !(noun.toLowerCase() === 'decision' && ofThis === undefined && /^\d+$/.test(number) && isSelf(`ADR-${number}`));
}

/**
 * Every English supersession verb phrase in a sentence, left to right, with where it counts. `isSelf` tells whether
 * a record named so is the one the sentence is written in (`Decision 4` in record 4 is it, not one of its parts).
 */
export function englishVerbs(sentence: string, isSelf: (target: string) => boolean = () => false): Verb[] {
  const words = letterWords(sentence);
  const firstLetter = firstLetterAt(sentence);
  const firstWord = words[0]?.start === firstLetter ? words[0].text : undefined;
  const valueStart = labelValueStart(sentence, words, firstLetter);
  const out: Verb[] = [];
  let selfBefore = false;
  for (let k = 0; k < words.length; k += 1) {
    const word = words[k] as Word;
    const negated = negatedAt(words, k);
    if (negated && NEGATED_BASE_FORMS.has(word.text)) {
      out.push({ start: word.start, end: word.end, forward: 'supersedes', partial: false, scope: 'anywhere', ...NOT_STATED });
      continue;
    }
    const phrase = phraseAt(sentence, words, k, firstLetter);
    if (phrase === null) {
      const word = (words[k] as Word).text;
      selfBefore ||= SELF_WORDS.has(word) || (word === 'bu' && TR_SELF_NOUNS.has(words[k + 1]?.text ?? ''));
      continue;
    }
    const next = words[phrase.lastWord + 1];
    // A part replaced by a record named right after "by": "Point 2 is replaced by hand, see ADR-3" replaces nothing by ADR-3,
    // and "Section 2 supersedes ADR-5" says nothing of a part of ADR-5.
    const partSubject =
      partSubjectBefore(sentence, phrase.start, isSelf) && phrase.forward === 'superseded_by' && recordNext(sentence, phrase.end, false);
    const selfAfter = next !== undefined && SELF_WORDS.has(next.text) && onlySpacesBetween(sentence, phrase.end, next.start);
    const opening = phrase.start === firstLetter || phrase.start === valueStart;
    // A negated verb always counts, so that it, not a verb before it, governs the records after it.
    const scope = negated ? 'anywhere' : scopeOf(phrase, { opening, selfBefore: selfBefore || partSubject, selfAfter, firstWord });
    // "[X]'in yerini aldı" names its record before the verb as "[X] supersedes this" does, but says not whose place it took: a status's only.
    out.push({
      start: phrase.start,
      end: phrase.end,
      forward: phrase.forward,
      partial: phrase.partial || partSubject,
      scope,
      selfAfter: selfAfter || phrase.targetBefore === true,
      genitiveBefore: phrase.targetBefore === true,
      place: phrase.place === true,
      negated,
    });
    k = phrase.lastWord;
  }
  return out;
}

/**
 * A verb phrase glued by a hyphen or underscore to the word after it, `superseded-by-ADR-0006`, is part of
 * a name (a badge's label, a slug, an anchor), as MADR's own record on status fields lists the badges
 * teams make: it states nothing about the record it is written in. The word after it may be a masked
 * reference (a control character), so anything but a space or punctuation continues the name.
 */
export function gluedIntoName(sentence: string, verb: Pick<Verb, 'end'>): boolean {
  return /^[-_][^\s\p{P}]/u.test(sentence.slice(verb.end, verb.end + 2));
}

// Words before a record that cite it as where something is said, not as what a verb acts on: "see
// (also) ADR-0005" set off by a bracket, comma, semicolon, colon or dash ("(see ADR-0005)", not the
// text of a link "[see ADR-0005]"), "per ADR-0005", "as per", "according to", "cf.", "in line with", "as described in
// ADR-0005" (noted, explained, documented, decided, agreed … in or by, an adverb allowed before:
// "as already noted in"). Tested on at most CITE_REACH characters before the record, anchored at
// their end: bounded, whatever the sentence's length.
const CITED_BEFORE = new RegExp(
  String.raw`(?:(?:^|[(,;:—–-])\s*see(?:\s+also)?|(?<!\p{L})(?:per|as\s+per|according\s+to|cf\.?|in\s+(?:line|accordance|keeping)\s+with|` +
    String.raw`as\s+(?:(?:already|also|previously|earlier|originally|further|first)\s+)?` +
    String.raw`(?:described|noted|explained|stated|documented|discussed|outlined|detailed|recorded|decided|agreed|proposed|` +
    String.raw`specified|defined|mentioned|set\s+out|laid\s+out|argued|shown|established|captured|concluded|reasoned|explored)\s+(?:in|by)))` +
    String.raw`[\s(*_:]*$`,
  'iu',
);
// A word that opens a clause of its own right before the record (or the list it stands in): "because
// ADR-0005 failed", ", which ADR-0005 introduced", "since", "as", "when", "after" … ("as well as" and
// "such as" join objects, not clauses).
const CLAUSE_BEFORE = new RegExp(
  String.raw`(?<!\p{L})(?<!(?:well|such)\s+)(because|since|as|which|that|who|whom|whose|when|whenever|after|before|while|whilst|` +
    String.raw`although|though|whereas|once|until|till|unless|if|where)[\s(*_]*$`,
  'iu',
);
// "That" and "which" also stand before a noun ("replaces that ADR-0005 decision on caching", "which ADR-0005
// approach"): the record is then part of the noun phrase, an object of the verb. After them a clause's verb
// must look like one: a verb ending in -s or -ed ("holds", "introduced"; not "process", "status",
// "focus"), or an auxiliary or a common irregular past ("was", "has", "said", "chose").
const DETERMINER_CLAUSE_WORDS = new Set(['that', 'which']);
const FINITE_VERBS = new Set([
  ...['is', 'was', 'are', 'were', 'has', 'had', 'have', 'does', 'did', 'do', 'will', 'would', 'can', 'could', 'should', 'must'],
  ...['may', 'might', 'shall', 'said', 'made', 'took', 'chose', 'set', 'put', 'found', 'brought', 'kept', 'left', 'led', 'meant'],
  ...['went', 'began', 'became', 'gave', 'got', 'held', 'told', 'thought', 'wrote', 'won', 'built', 'ran', 'broke', 'fell'],
  ...['sought', 'laid', 'lost', 'sent', 'spent', 'stood', 'came', 'saw', 'knew', 'grew', 'drove', 'overrode', 'undid'],
]);
const FINITE_ENDING = /(?:ed|[^siu]s)$/;
// … and its own verb right after it, an adverb or two allowed between ("as ADR-0005 has already noted",
// "because ADR-0005 never shipped"): a word that is none of the words an object is followed by.
const CLAUSE_ADVERB =
  /^(?:already|also|still|never|itself|rightly|clearly|previously|earlier|first|just|then|now|later|recently|\p{L}+ly)$/iu;
const NOT_A_VERB = new Set([
  ...['in', 'on', 'at', 'for', 'with', 'without', 'to', 'of', 'by', 'from', 'into', 'onto', 'over', 'under', 'about', 'via', 'per'],
  ...['as', 'than', 'and', 'or', 'but', 'nor', 'plus', 'instead', 'too', 'the', 'a', 'an', 'this', 'that', 'these', 'those'],
  ...['its', 'their', 'which', 'who', 'where', 'when', 'because', 'since', 'after', 'before', 'while', 'until', 'unless', 'if'],
  ...['so', 'here', 'there', 'altogether', 'outright', 'together', 'alone', 'only', 'both', 'all', 'each'],
]);
const AFTER_WORDS = /^[\s)*_]*(\p{L}+)(?:\s+(\p{L}+))?(?:\s+(\p{L}+))?/u;
/** How many characters on each side of a record (or its list) {@link citedAsSource} reads. */
export const CITE_REACH = 80;

/**
 * True when the text after a record opens with a verb of its own: at most two adverbs, then a word no
 * object is followed by; `finite`, a word that looks like a verb in person and tense (see {@link FINITE_VERBS}).
 */
function verbAfter(after: string, finite: boolean): boolean {
  const words = AFTER_WORDS.exec(after.slice(0, CITE_REACH));
  if (words === null) return false;
  for (const word of words.slice(1)) {
    if (word === undefined) return false;
    if (CLAUSE_ADVERB.test(word)) continue;
    const lower = word.toLowerCase();
    return !NOT_A_VERB.has(lower) && (!finite || FINITE_VERBS.has(lower) || FINITE_ENDING.test(lower));
  }
  return false;
}

/**
 * True when the words around a record, or around the list of records it stands in (`before` it,
 * `after` it), cite it as the source of what the sentence says, or make it part of a clause of its
 * own, not an object of its verb: "… supersedes ADR-0003, as ADR-0005 states" (says, notes, explains
 * …), "as described in ADR-0005", "(see ADR-0005)", "per ADR-0005", "according to ADR-0005", "…
 * because ADR-0005 failed", "…, which ADR-0005 introduced"; not "… replaces that ADR-0005 decision on
 * caching" (the record in a noun phrase). `several`: the record stands in a list of records. Reads at
 * most CITE_REACH characters on each side: bounded, whatever the sentence's length.
 */
export function citedAsSource(before: string, after: string, several = false): boolean {
  const near = before.slice(Math.max(0, before.length - CITE_REACH));
  if (CITED_BEFORE.test(near)) return true;
  const clause = CLAUSE_BEFORE.exec(near);
  // A list after "that" may take a plural verb in its base form ("that ADR-0005 and ADR-0006 remain"): read as before.
  return clause !== null && verbAfter(after, !several && DETERMINER_CLAUSE_WORDS.has((clause[1] as string).toLowerCase()));
}

/**
 * Where the value of a leading label of one to three words starts (`**Bezug:** löst [ADR-30] ab`,
 * `Related to: replaces …`): the first word after its colon, which opens the sentence as the label's
 * value; -1 when the sentence has no such label.
 */
function labelValueStart(sentence: string, words: readonly Word[], firstLetter: number): number {
  if (words[0]?.start !== firstLetter) return -1;
  for (let k = 0; k < 3 && k + 1 < words.length; k += 1) {
    let i = (words[k] as Word).end;
    while (sentence[i] === '*' || sentence[i] === '_') i += 1;
    if (sentence[i] === ':' || sentence[i] === '：') return (words[k + 1] as Word).start;
    if (!onlySpacesBetween(sentence, (words[k] as Word).end, (words[k + 1] as Word).start)) return -1;
  }
  return -1;
}

function onlySpacesBetween(text: string, from: number, to: number): boolean {
  for (let i = from; i < to; i += 1) if (text[i] !== ' ' && text[i] !== '\t' && text[i] !== '\n' && text[i] !== '\r') return false;
  return true;
}

/**
 * One Korean supersession verb: `대체되었다` (passive) or `대체한다` (active), with whether its stem means
 * a partial change; `bare` for a stem standing alone as a noun at a clause's end (`…가 대체`).
 */
export interface KoreanVerb {
  readonly start: number;
  readonly end: number;
  readonly passive: boolean;
  readonly partial: boolean;
  readonly bare: boolean;
}

/** Every Korean supersession verb in a sentence, left to right. */
export function koreanVerbs(sentence: string): KoreanVerb[] {
  const out: KoreanVerb[] = [];
  for (const m of sentence.matchAll(KOREAN_VERBS)) {
    const ending = m[2] as string;
    out.push({
      start: m.index,
      end: m.index + m[0].length,
      passive: KOREAN_PASSIVE_STARTS.some((s) => ending.startsWith(s)),
      partial: KOREAN_PARTIAL_STEMS.has(m[1] as string),
      bare: false,
    });
  }
  for (const m of sentence.matchAll(KOREAN_BARE_STEMS)) {
    const stem = m[1] as string;
    out.push({ start: m.index, end: m.index + stem.length, passive: false, partial: KOREAN_PARTIAL_STEMS.has(stem), bare: true });
  }
  return out.sort((a, b) => a.start - b.start);
}

// `~~struck~~` on one line; the text between has no `~`, so each match ends at the first `~~` after its start.
const STRUCK = /~~[^~\n]+~~/g;

/**
 * The text with every `~~struck-through~~` span blanked to spaces of its length (offsets hold): what a
 * team struck out is no longer so. `~~Accepted~~ Superseded by [ADR-2](…)` is superseded, not accepted,
 * and a struck-out link names no successor.
 */
export function withoutStruckText(text: string): string {
  return text.includes('~~') ? text.replace(STRUCK, (span) => ' '.repeat(span.length)) : text;
}
