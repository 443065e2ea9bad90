import { createRequire } from 'node:module';
import type { countTokens as CountTokens } from 'gpt-tokenizer/encoding/o200k_base';
import { BoundedCache } from '../../shared/bounded-cache';
import { codedError } from '../../shared/coded-error';
import { retrievalError } from '../../shared/errors/retrieval-error-messages';

/** The BPE encodings a token budget can be counted in; o200k is the default (DESIGN.md, "Budgets"). */
export type TokenEncoding = 'o200k_base' | 'cl100k_base';

/** Counts tokens the way the model that reads the context will. */
export interface TokenCounter {
  /** The encoding's name, recorded with budgets so counts from different encodings are never compared. */
  readonly name: string;
  /** The number of BPE tokens in `text`, read as plain text. */
  count(text: string): number;
}

/** How many recent texts each counter remembers; packing recounts the same chunks across runs. */
const CACHE_ENTRIES = 256;
/** Longer texts are counted but not remembered, so the cache stays small whatever the corpus holds. */
const CACHE_MAX_CHARS = 16_384;

// Document text is data: a literal "<|endoftext|>" in a chunk is counted as ordinary characters
// instead of throwing, which is also how chat APIs treat special-token text in user content.
const PLAIN_TEXT = { disallowedSpecial: new Set<string>() };

// Each encoding's BPE table takes a quarter to half a second of CPU to load, so a table is loaded
// when its counter first counts, not when this module is imported: `lens --version` or `lens traces
// list` never pay for one, and a query pays for the one encoding it counts in.
const requireModule = createRequire(import.meta.url);
const MODULE_OF: Record<TokenEncoding, string> = {
  o200k_base: 'gpt-tokenizer/encoding/o200k_base',
  cl100k_base: 'gpt-tokenizer/encoding/cl100k_base',
};

/**
 * The parts of gpt-tokenizer's BPE core a count needs: the encoding's own pre-tokenizer, the rank of
 * a piece that is one token, and the merge of a piece that is not. Not part of the library's
 * documented API, so its shape is checked when the table loads and the public `countTokens` is used
 * when it differs (test/node/retrieval/token-counter.test.ts fails on a version without it).
 */
interface BpeCore {
  readonly tokenSplitRegex: RegExp;
  getBpeRankFromString(piece: string): number | undefined;
  bytePairEncode(piece: string): readonly number[];
  /** The rank of every token that is whole UTF-8 text, by its text. */
  readonly bytePairStringRankEncoder?: unknown;
  /** The tokens that are not whole UTF-8 text (a part of a character's bytes), as byte arrays with their ranks. */
  readonly bytePairNonUtfSortedEncoder?: unknown;
}

function bpeCoreOf(api: unknown): BpeCore | null {
  const core = (api as { bytePairEncodingCoreProcessor?: Partial<BpeCore> } | null)?.bytePairEncodingCoreProcessor;
  return core?.tokenSplitRegex instanceof RegExp &&
    core.tokenSplitRegex.global &&
    typeof core.getBpeRankFromString === 'function' &&
    typeof core.bytePairEncode === 'function'
    ? (core as BpeCore)
    : null;
}

/** The rank tables a merge of our own reads: text tokens by their text, byte tokens by their bytes as one char per byte. */
interface RankTables {
  readonly text: ReadonlyMap<string, number>;
  readonly bytes: ReadonlyMap<string, number>;
}

/** One char per byte (a Latin-1 string): the key of a byte token in {@link RankTables.bytes}. */
function byteKey(bytes: Uint8Array, from: number, to: number): string {
  let key = '';
  for (let i = from; i < to; i++) key += String.fromCharCode(bytes[i] as number);
  return key;
}

/** The core's rank tables, when they have the shape a merge of our own needs (else the core's own merge is used). */
function rankTablesOf(core: BpeCore): RankTables | null {
  const text = core.bytePairStringRankEncoder;
  const sorted = core.bytePairNonUtfSortedEncoder;
  if (!(text instanceof Map) || !Array.isArray(sorted)) return null;
  const bytes = new Map<string, number>();
  for (const entry of sorted as unknown[]) {
    const [key, rank] = Array.isArray(entry) ? (entry as unknown[]) : [];
    if (!(key instanceof Uint8Array) || typeof rank !== 'number') return null;
    bytes.set(byteKey(key, 0, key.length), rank);
  }
  return { text: text as ReadonlyMap<string, number>, bytes };
}

const utf8 = new TextEncoder();

/** UTF-8 length of the character whose code point is `cp`. */
const utf8Length = (cp: number) => (cp < 0x80 ? 1 : cp < 0x800 ? 2 : cp < 0x10000 ? 3 : 4);

/**
 * The number of tokens byte-pair merging makes of `piece` (one the table does not hold whole), by
 * the same merge as gpt-tokenizer's `bytePairMerge` — repeatedly join the adjacent pair of lowest
 * rank, the leftmost on ties — with each pair looked up as a slice of the piece's own text when it
 * spans whole characters (every pair of an ASCII piece), else by its bytes; the library decodes
 * every pair's bytes to text first, the larger part of a merge's cost. Null for a piece with a lone
 * surrogate (it encodes as U+FFFD, which no slice of the text is): the library's own merge counts those.
 */
function mergeCount(piece: string, tables: RankTables): number | null {
  const bytes = utf8.encode(piece);
  const n = bytes.length;
  // The text offset at each byte offset that starts a character (and at the end), -1 inside one; none for ASCII.
  let charAt: Int32Array | null = null;
  if (n !== piece.length) {
    charAt = new Int32Array(n + 1).fill(-1);
    let at = 0;
    for (let c = 0; c < piece.length; c++) {
      charAt[at] = c;
      const cp = piece.codePointAt(c) as number;
      if (cp >= 0xd800 && cp <= 0xdfff) return null;
      at += utf8Length(cp);
      if (cp >= 0x10000) c++;
    }
    charAt[n] = piece.length;
  }
  const rankOf = (from: number, to: number): number => {
    const textFrom = charAt ? (charAt[from] as number) : from;
    const textTo = charAt ? (charAt[to] as number) : to;
    const rank = textFrom >= 0 && textTo >= 0 ? tables.text.get(piece.slice(textFrom, textTo)) : tables.bytes.get(byteKey(bytes, from, to));
    return rank ?? Number.POSITIVE_INFINITY;
  };
  return n >= HEAP_MERGE_FROM ? heapMerge(n, rankOf) : scanMerge(n, rankOf);
}

/** From this many bytes a piece is merged by {@link heapMerge}: a scan per merge makes a long unbroken run (a base64 blob) quadratic. */
const HEAP_MERGE_FROM = 256;

/** The merge as the library does it: a scan for the lowest rank per merge, fastest for the short pieces words make. */
function scanMerge(n: number, rankOf: (from: number, to: number) => number): number {
  // parts: the byte offsets where the current parts start (and the end); rank[i]: the rank of joining parts i and i + 1.
  const starts = new Int32Array(n + 1);
  const ranks = new Float64Array(n + 1).fill(Number.POSITIVE_INFINITY);
  for (let i = 0; i <= n; i++) starts[i] = i;
  for (let i = 0; i + 2 <= n; i++) ranks[i] = rankOf(i, i + 2);
  let parts = n + 1;
  for (;;) {
    let lowest = Number.POSITIVE_INFINITY;
    let at = -1;
    for (let i = 0; i < parts - 1; i++) {
      if ((ranks[i] as number) < lowest) {
        lowest = ranks[i] as number;
        at = i;
      }
    }
    if (at === -1) break;
    starts.copyWithin(at + 1, at + 2, parts);
    ranks.copyWithin(at, at + 1, parts);
    parts--;
    ranks[at] = at + 2 < parts ? rankOf(starts[at] as number, starts[at + 2] as number) : Number.POSITIVE_INFINITY;
    if (at > 0) ranks[at - 1] = rankOf(starts[at - 1] as number, starts[at + 1] as number);
  }
  return parts - 1;
}

/**
 * The same merge in O(n log n): the parts are a linked list by their start offsets, and the pairs wait
 * in a heap ordered by rank, then by offset, so the pair taken is the scan's own (the lowest rank,
 * the leftmost on ties); a pair whose rank changed, or whose part was merged away, is skipped when it
 * comes up (its entry no longer matches the part's current rank).
 */
function heapMerge(n: number, rankOf: (from: number, to: number) => number): number {
  // next[i]: the start of the part after the one starting at i (n after the last); prev[i]: before it (-1 for the first).
  const next = new Int32Array(n + 1);
  const prev = new Int32Array(n + 1);
  const rank = new Float64Array(n + 1).fill(Number.POSITIVE_INFINITY);
  for (let i = 0; i <= n; i++) {
    next[i] = i + 1;
    prev[i] = i - 1;
  }
  const heapRank: number[] = [];
  const heapAt: number[] = [];
  const less = (a: number, b: number) =>
    (heapRank[a] as number) < (heapRank[b] as number) || (heapRank[a] === heapRank[b] && (heapAt[a] as number) < (heapAt[b] as number));
  const swap = (a: number, b: number) => {
    [heapRank[a], heapRank[b]] = [heapRank[b] as number, heapRank[a] as number];
    [heapAt[a], heapAt[b]] = [heapAt[b] as number, heapAt[a] as number];
  };
  const push = (r: number, at: number) => {
    if (r === Number.POSITIVE_INFINITY) return;
    heapRank.push(r);
    heapAt.push(at);
    for (let c = heapRank.length - 1; c > 0;) {
      const p = (c - 1) >> 1;
      if (!less(c, p)) break;
      swap(c, p);
      c = p;
    }
  };
  const pop = () => {
    const last = heapRank.length - 1;
    swap(0, last);
    heapRank.pop();
    heapAt.pop();
    for (let p = 0; ;) {
      const l = 2 * p + 1;
      const r = l + 1;
      let m = p;
      if (l < heapRank.length && less(l, m)) m = l;
      if (r < heapRank.length && less(r, m)) m = r;
      if (m === p) break;
      swap(p, m);
      p = m;
    }
  };
  /** The rank of joining the part at `i` with the next one: the bytes from `i` to the start of the part after that. */
  const pairRank = (i: number) => {
    const after = next[i] as number;
    return after < n ? rankOf(i, next[after] as number) : Number.POSITIVE_INFINITY;
  };
  for (let i = 0; i < n; i++) {
    rank[i] = pairRank(i);
    push(rank[i] as number, i);
  }
  let parts = n;
  while (heapRank.length > 0) {
    const r = heapRank[0] as number;
    const i = heapAt[0] as number;
    pop();
    if (rank[i] !== r) continue;
    const gone = next[i] as number;
    next[i] = next[gone] as number;
    prev[next[gone] as number] = i;
    rank[gone] = Number.POSITIVE_INFINITY;
    parts--;
    rank[i] = pairRank(i);
    push(rank[i] as number, i);
    const before = prev[i] as number;
    if (before >= 0) {
      rank[before] = pairRank(before);
      push(rank[before] as number, before);
    }
  }
  return parts;
}

/** How many pre-tokenized pieces (words, numbers, punctuation runs) each encoding remembers the count of. */
const PIECE_CACHE_ENTRIES = 16_384;
/** Longer pieces are counted but not remembered. */
const PIECE_CACHE_MAX_CHARS = 64;

/** `text` as a string of its own, never a view into a longer one. */
function ownCopy(text: string): string {
  return ` ${text}`.slice(1);
}

/**
 * Counts `text` as gpt-tokenizer's `countTokens` does with no special tokens allowed — each piece of
 * the encoding's pre-tokenizer is one token when the table holds it, else as many as its merge gives
 * — remembering each piece's count: words recur across chunks, and a lookup in a few thousand
 * remembered pieces costs a fifth to a third of the table's own lookups and merges (`npm run bench:tokens`).
 */
function pieceCounter(core: BpeCore, counts: BoundedCache<string, number>): (text: string) => number {
  const tables = rankTablesOf(core);
  const merged = (piece: string) => (tables ? mergeCount(piece, tables) : null) ?? core.bytePairEncode(piece).length;
  return (text) => {
    let total = 0;
    for (const [piece] of text.matchAll(core.tokenSplitRegex)) {
      let count = counts.get(piece);
      if (count === undefined) {
        count = core.getBpeRankFromString(piece) === undefined ? merged(piece) : 1;
        // A copy: the match may be a slice that keeps the whole text it came from alive.
        if (piece.length <= PIECE_CACHE_MAX_CHARS) counts.set(ownCopy(piece), count);
      }
      total += count;
    }
    return total;
  };
}

interface EncodingModule {
  readonly countTokens: typeof CountTokens;
  readonly default?: unknown;
}

/** The counts each encoding remembers, piece by piece. */
const PIECE_COUNTS: Record<TokenEncoding, BoundedCache<string, number>> = {
  o200k_base: new BoundedCache(PIECE_CACHE_ENTRIES),
  cl100k_base: new BoundedCache(PIECE_CACHE_ENTRIES),
};

/** The BPE count function of `encoding`, loading its table on the first call. */
function lazyCounter(encoding: TokenEncoding): (text: string) => number {
  let countText: ((text: string) => number) | undefined;
  return (text) => {
    if (countText === undefined) {
      const loaded = requireModule(MODULE_OF[encoding]) as EncodingModule;
      const core = bpeCoreOf(loaded.default);
      countText = core ? pieceCounter(core, PIECE_COUNTS[encoding]) : (whole) => loaded.countTokens(whole, PLAIN_TEXT);
    }
    return countText(text);
  };
}

/** How many pieces `encoding` remembers the count of now (never more than {@link PIECE_CACHE_ENTRIES}). */
export function rememberedPieces(encoding: TokenEncoding): { readonly count: number; readonly limit: number } {
  return { count: PIECE_COUNTS[encoding].size, limit: PIECE_CACHE_ENTRIES };
}

/** Whether `encoding` counts through remembered pieces (true) or the library's whole-text count (its internals changed). */
export function countsByPiece(encoding: TokenEncoding): boolean {
  return bpeCoreOf((requireModule(MODULE_OF[encoding]) as EncodingModule).default) !== null;
}

const COUNTERS: Record<TokenEncoding, (text: string) => number> = {
  o200k_base: lazyCounter('o200k_base'),
  cl100k_base: lazyCounter('cl100k_base'),
};

/**
 * Creates a token counter backed by gpt-tokenizer's real BPE for `encoding` (not a characters/4
 * estimate, which undercounts Korean several times over).
 *
 * Each counter keeps its own small LRU of recent texts ({@link CACHE_ENTRIES} entries of at most
 * {@link CACHE_MAX_CHARS} characters); beyond it, each encoding remembers the counts of up to
 * {@link PIECE_CACHE_ENTRIES} pieces (measured: 1.4 MB full of English words, 3.2 MB full of 42-character
 * Korean pieces) beside gpt-tokenizer's own bounded merge cache.
 *
 * @throws LensError `invalid_input` when `encoding` is not one of {@link TokenEncoding}.
 */
export function createTokenCounter(encoding: TokenEncoding = 'o200k_base'): TokenCounter {
  // hasOwn, so a name like "constructor" from a settings file never finds Object.prototype's member.
  const countText = Object.hasOwn(COUNTERS, encoding) ? COUNTERS[encoding] : undefined;
  if (countText === undefined) {
    throw codedError('invalid_input', retrievalError('unknown_token_encoding', { encoding: String(encoding) }), {
      hint: retrievalError('unknown_token_encoding_hint', { encodings: Object.keys(COUNTERS).join(', ') }),
    });
  }
  const cache = new Map<string, number>();

  return {
    name: encoding,
    count(text: string): number {
      if (text.length === 0) return 0;
      if (text.length > CACHE_MAX_CHARS) return countText(text);
      const cached = cache.get(text);
      if (cached !== undefined) {
        // Re-inserting moves the entry to the end of the Map's order, which is the "recent" end.
        cache.delete(text);
        cache.set(text, cached);
        return cached;
      }
      const counted = countText(text);
      cache.set(text, counted);
      if (cache.size > CACHE_ENTRIES) cache.delete(cache.keys().next().value as string);
      return counted;
    },
  };
}
