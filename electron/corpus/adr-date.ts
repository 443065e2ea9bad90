// Decision dates as teams write them: `2017-07-14`, `2017/7/14`, `2024년 3월 5일`, `01/06/2019`
// (day first, as in the UK), `16th September, 2022`, `7 Jan 2021`, `September 16, 2022`,
// `January 2021`. Read token by token from the start of the text in one pass; no regular
// expression runs on the date text.

interface Token {
  readonly kind: 'number' | 'word';
  readonly text: string;
}

const MONTHS = new Map<string, number>(
  ['january', 'february', 'march', 'april', 'may', 'june', 'july', 'august', 'september', 'october', 'november', 'december'].flatMap(
    (name, index) => [[name, index + 1] as const, [name.slice(0, 3), index + 1] as const],
  ),
);
MONTHS.set('sept', 9);
// Month names in full, as other languages write them (Russian and Polish in the genitive a date uses:
// `9 августа 2026 года`, `5 marca 2024`); matched without case, never shortened.
const OTHER_MONTHS: ReadonlyArray<readonly string[]> = [
  ['januar', 'februar', 'märz', 'april', 'mai', 'juni', 'juli', 'august', 'september', 'oktober', 'november', 'dezember'],
  ['enero', 'febrero', 'marzo', 'abril', 'mayo', 'junio', 'julio', 'agosto', 'septiembre', 'octubre', 'noviembre', 'diciembre'],
  ['janeiro', 'fevereiro', 'março', 'abril', 'maio', 'junho', 'julho', 'agosto', 'setembro', 'outubro', 'novembro', 'dezembro'],
  ['janvier', 'février', 'mars', 'avril', 'mai', 'juin', 'juillet', 'août', 'septembre', 'octobre', 'novembre', 'décembre'],
  ['gennaio', 'febbraio', 'marzo', 'aprile', 'maggio', 'giugno', 'luglio', 'agosto', 'settembre', 'ottobre', 'novembre', 'dicembre'],
  ['januari', 'februari', 'maart', 'april', 'mei', 'juni', 'juli', 'augustus', 'september', 'oktober', 'november', 'december'],
  ['января', 'февраля', 'марта', 'апреля', 'мая', 'июня', 'июля', 'августа', 'сентября', 'октября', 'ноября', 'декабря'],
  ['январь', 'февраль', 'март', 'апрель', 'май', 'июнь', 'июль', 'август', 'сентябрь', 'октябрь', 'ноябрь', 'декабрь'],
  ['stycznia', 'lutego', 'marca', 'kwietnia', 'maja', 'czerwca', 'lipca', 'sierpnia', 'września', 'października', 'listopada', 'grudnia'],
  ['ocak', 'şubat', 'mart', 'nisan', 'mayıs', 'haziran', 'temmuz', 'ağustos', 'eylül', 'ekim', 'kasım', 'aralık'],
  ['januari', 'februari', 'maret', 'april', 'mei', 'juni', 'juli', 'agustus', 'september', 'oktober', 'november', 'desember'],
];
for (const names of OTHER_MONTHS) names.forEach((name, index) => MONTHS.set(name, index + 1));
// Words between a date's parts that carry nothing: `5 de marzo de 2024`, `16th of September 2022`, `2026 года`.
const DATE_FILLERS = new Set(['de', 'del', 'of', 'года', 'г', 'roku', 'r']);
const WEEKDAYS = new Set([
  'monday',
  'tuesday',
  'wednesday',
  'thursday',
  'friday',
  'saturday',
  'sunday',
  'mon',
  'tue',
  'tues',
  'wed',
  'thu',
  'thur',
  'thurs',
  'fri',
  'sat',
  'sun',
]);
const ORDINALS = new Set(['st', 'nd', 'rd', 'th']);
// Korean and Japanese date units stand between the numbers (`2024년 3월 5일`, `2025年8月28日`) and carry no value of their own.
const KOREAN_UNITS = new Set(['년', '월', '일', '年', '月', '日']);
const MAX_TOKENS = 6;

const isDigit = (code: number) => code >= 0x30 && code <= 0x39;
const isLetter = (char: string) => /^\p{L}$/u.test(char);

/** The first few number and word tokens of a text; ordinal suffixes and Korean units are dropped. */
function leadingTokens(text: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  while (i < text.length && tokens.length < MAX_TOKENS) {
    const start = i;
    if (isDigit(text.charCodeAt(i))) {
      while (i < text.length && isDigit(text.charCodeAt(i))) i += 1;
      tokens.push({ kind: 'number', text: text.slice(start, i) });
    } else if (isLetter(text[i] as string)) {
      while (i < text.length && isLetter(text[i] as string)) i += 1;
      const word = text.slice(start, i).toLowerCase();
      const previous = tokens.at(-1);
      const ordinal = ORDINALS.has(word) && previous?.kind === 'number' && start > 0 && isDigit(text.charCodeAt(start - 1));
      if (!ordinal && !KOREAN_UNITS.has(word) && !DATE_FILLERS.has(word)) tokens.push({ kind: 'word', text: word });
    } else {
      i += 1;
    }
  }
  return tokens;
}

/** `YYYY-MM-DD` when the three numbers make a real calendar day, else null. */
function calendarDay(year: number, month: number, day: number): string | null {
  if (year < 1000 || year > 9999 || month < 1 || month > 12 || day < 1) return null;
  const daysInMonth = new Date(Date.UTC(year, month, 0)).getUTCDate();
  if (day > daysInMonth) return null;
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

const numberAt = (tokens: readonly Token[], k: number, maxDigits: number, minDigits = 1): number | null => {
  const token = tokens[k];
  return token?.kind === 'number' && token.text.length >= minDigits && token.text.length <= maxDigits ? Number(token.text) : null;
};
const monthAt = (tokens: readonly Token[], k: number): number | null => {
  const token = tokens[k];
  return token?.kind === 'word' ? (MONTHS.get(token.text) ?? null) : null;
};

/** Year first: `2017-07-14`, `2017/7/14`, `2017.07.14`, `2024년 3월 5일`, `2019 Aug 31`; a bare `2021-05` is its first day. */
function yearFirst(tokens: readonly Token[]): string | null {
  const year = numberAt(tokens, 0, 4, 4);
  const month = numberAt(tokens, 1, 2) ?? monthAt(tokens, 1);
  if (year === null || month === null) return null;
  const day = numberAt(tokens, 2, 2);
  if (day !== null) return calendarDay(year, month, day);
  return tokens[2] === undefined ? calendarDay(year, month, 1) : null;
}

/**
 * Day first with numbers: `01/06/2019` is 1 June; read month first only when the day cannot be a
 * month. A two-digit year is this century's (`12/02/26` is 12 February 2026).
 */
function dayFirst(tokens: readonly Token[]): string | null {
  const parts = numericParts(tokens);
  if (parts === null) return null;
  const { first, second, year } = parts;
  return second > 12 && first <= 12 ? calendarDay(year, first, second) : calendarDay(year, second, first);
}

/** The two numbers of one or two digits and the year (a two-digit one this century's) an all-numeric date opens with, or null. */
function numericParts(tokens: readonly Token[]): { first: number; second: number; year: number } | null {
  const first = numberAt(tokens, 0, 2);
  const second = numberAt(tokens, 1, 2);
  const shortYear = numberAt(tokens, 2, 2, 2);
  const year = numberAt(tokens, 2, 4, 4) ?? (shortYear === null ? null : 2000 + shortYear);
  return first === null || second === null || year === null ? null : { first, second, year };
}

/** With a month name: `16th September, 2022`, `September 16, 2022`, `January 2021`. */
function withMonthName(tokens: readonly Token[]): string | null {
  const dayThenMonth = numberAt(tokens, 0, 2);
  if (dayThenMonth !== null) {
    const month = monthAt(tokens, 1);
    const year = numberAt(tokens, 2, 4, 4);
    return month !== null && year !== null ? calendarDay(year, month, dayThenMonth) : null;
  }
  const month = monthAt(tokens, 0);
  if (month === null) return null;
  const yearOnly = numberAt(tokens, 1, 4, 4);
  if (yearOnly !== null) return calendarDay(yearOnly, month, 1);
  const day = numberAt(tokens, 1, 2);
  const year = numberAt(tokens, 2, 4, 4);
  return day !== null && year !== null ? calendarDay(year, month, day) : null;
}

/**
 * Whether a word is part of how a date is written rather than a word of its own: a month's name
 * (`March`, `Mar`, `märz`), a weekday, an ordinal's suffix (`14th`) or a filler (`of`, `de`).
 */
export function isDateWord(word: string): boolean {
  const lower = word.toLowerCase();
  return MONTHS.has(lower) || WEEKDAYS.has(lower) || ORDINALS.has(lower) || DATE_FILLERS.has(lower);
}

/**
 * The decision date a value gives, as `YYYY-MM-DD`: a YAML date, or a text starting with a date in
 * one of the forms above (a leading weekday is skipped). A month without a day gives its first day.
 *
 * @returns null when the value does not start with a real calendar date
 */
export function decisionDate(value: unknown): string | null {
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value.toISOString().slice(0, 10);
  if (typeof value !== 'string') return null;
  let tokens = leadingTokens(value);
  if (tokens[0]?.kind === 'word' && WEEKDAYS.has(tokens[0].text)) tokens = tokens.slice(1);
  if (tokens[0]?.kind === 'number' && tokens[0].text.length === 4) return yearFirst(tokens);
  return dayFirst(tokens) ?? withMonthName(tokens);
}

/** A decision date and the text it was read from, so the order of an all-numeric one can be judged (see {@link numericDateReading}). */
export interface DateRead {
  /** `YYYY-MM-DD`. */
  readonly date: string;
  /** What was read: the text as written, a YAML date, or null for a date no text gave (a file name's). */
  readonly text: unknown;
}

/** {@link decisionDate} with the value it read, or null when the value gives no date. */
export function readDate(value: unknown): DateRead | null {
  const date = decisionDate(value);
  return date === null ? null : { date, text: value };
}

/** How an all-numeric date that could put the day or the month first was written, and what each order reads it as. */
export interface NumericDateReading {
  /** The date as written and no more (`03/01/2024` of `03/01/2024: Accepted`), up to {@link MAX_DATE_TEXT} characters. */
  readonly text: string;
  /** `day_first` when only that order makes a day (`13/01/2024`), `month_first` likewise (`01/13/2024`), else `ambiguous` (`03/01/2024`). */
  readonly order: 'day_first' | 'month_first' | 'ambiguous';
  readonly day_first: string | null;
  readonly month_first: string | null;
}

const MAX_DATE_TEXT = 40;

/**
 * What an all-numeric date with the year last says of its order (`03/01/2024`, `13/01/2024`, `01/13/2024`,
 * `3-1-24`); null for any other text, for a date both orders read alike (`04/04/2024`), and for one written
 * with dots (`03.01.2024`), which is day first wherever it is written so.
 */
export function numericDateReading(value: unknown): NumericDateReading | null {
  if (typeof value !== 'string') return null;
  const text = value.trim();
  let tokens = leadingTokens(text);
  if (tokens[0]?.kind === 'word' && WEEKDAYS.has(tokens[0].text)) tokens = tokens.slice(1);
  const parts = numericParts(tokens);
  if (parts === null || parts.first === parts.second) return null;
  const { first, second, year } = parts;
  const firstNumber = tokens[0]?.text ?? '';
  const start = text.indexOf(firstNumber);
  if (text[start + firstNumber.length] === '.') return null;
  // Up to the end of its year.
  let end = start;
  for (const token of tokens.slice(0, 3)) end = text.indexOf(token.text, end) + token.text.length;
  const dayFirst = calendarDay(year, second, first);
  const monthFirst = calendarDay(year, first, second);
  if (dayFirst === null && monthFirst === null) return null;
  const order = dayFirst !== null && monthFirst !== null ? 'ambiguous' : dayFirst !== null ? 'day_first' : 'month_first';
  return { text: text.slice(start, Math.min(end, start + MAX_DATE_TEXT)), order, day_first: dayFirst, month_first: monthFirst };
}
