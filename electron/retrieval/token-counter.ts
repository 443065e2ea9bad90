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

/** The BPE count function of `encoding`, loading its table on the first call. */
function lazyCounter(encoding: TokenEncoding): (text: string) => number {
  let countTokens: typeof CountTokens | undefined;
  return (text) => {
    countTokens ??= (requireModule(MODULE_OF[encoding]) as { countTokens: typeof CountTokens }).countTokens;
    return countTokens(text, PLAIN_TEXT);
  };
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
 * {@link CACHE_MAX_CHARS} characters); nothing is cached globally beyond gpt-tokenizer's own
 * bounded merge cache.
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
