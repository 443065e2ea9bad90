import { createRequire } from 'node:module';
import type { countTokens as CountTokens } from 'gpt-tokenizer/encoding/o200k_base';
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
function pieceCounter(core: BpeCore, counts: Map<string, number>): (text: string) => number {
  return (text) => {
    let total = 0;
    for (const [piece] of text.matchAll(core.tokenSplitRegex)) {
      let count = counts.get(piece);
      if (count === undefined) {
        count = core.getBpeRankFromString(piece) === undefined ? core.bytePairEncode(piece).length : 1;
        if (piece.length <= PIECE_CACHE_MAX_CHARS) {
          // Oldest first out: a piece that stays common is soon remembered again.
          if (counts.size >= PIECE_CACHE_ENTRIES) counts.delete(counts.keys().next().value as string);
          // A copy: the match may be a slice that keeps the whole text it came from alive.
          counts.set(ownCopy(piece), count);
        }
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
const PIECE_COUNTS: Record<TokenEncoding, Map<string, number>> = { o200k_base: new Map(), cl100k_base: new Map() };

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
