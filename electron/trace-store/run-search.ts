import type Database from 'better-sqlite3';

/**
 * Text search over the runs' query text, backed by two FTS5 indexes that give exactly what a
 * substring scan of the folded text gives (same rows; the caller keeps the order):
 *
 * - `run_text` (trigram tokenizer) holds the folded text; a term of 3 characters or more is one
 *   quoted phrase of its trigrams, which matches exactly the texts holding the term as a substring.
 * - `run_grams` holds, per run, the distinct characters and pairs of adjacent characters of the
 *   folded text, each spelt as one ASCII token; a term of 1 or 2 characters (a Korean word is often
 *   two syllables) is one of those tokens.
 *
 * Both are contentless (the text stays in `runs`; `run_search` keeps each run's folded text as it
 * was indexed) and kept in step with `runs` by triggers. A deleted run's entries are taken out of
 * both indexes at once (FTS5's secure-delete), so no piece of its text stays in the file.
 * A user's search is text: it never reaches FTS5 as query syntax.
 */

/** Case folding for text search that also covers non-ASCII letters (SQLite's own LIKE folds ASCII only). */
export function foldText(text: string): string {
  return text.normalize('NFKC').toLowerCase();
}

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
/** The characters of `text` as SQLite counts them: code points. */
function characters(text: string): string[] {
  return Array.from(text);
}

const hex = (character: string) => (character.codePointAt(0) ?? 0).toString(16);
const unigram = (character: string) => `u${hex(character)}`;
const bigram = (first: string, second: string) => `b${hex(first)}x${hex(second)}`;

/** The `run_grams` tokens of already folded text: each distinct character and pair of adjacent characters. */
export function gramTokens(folded: string): string {
  const chars = characters(folded);
  const tokens = new Set<string>();
  chars.forEach((character, index) => {
    tokens.add(unigram(character));
    const next = chars[index + 1];
    if (next !== undefined) tokens.add(bigram(character, next));
  });
  return [...tokens].join(' ');
}

/** Where and how to look a folded search term up: the index table and its MATCH expression. */
export interface TextLookup {
  readonly table: 'run_text' | 'run_grams';
  readonly match: string;
}

/**
 * The index lookup for a folded, non-empty term: a quoted phrase (any `"` doubled), so nothing in it
 * is FTS5 syntax. Null for a term no stored text can hold: text read back from SQLite is well formed
 * (a lone surrogate comes back as U+FFFD), so a term with a lone surrogate never matched.
 */
export function textLookup(folded: string): TextLookup | null {
  if (LONE_SURROGATE.test(folded)) return null;
  const chars = characters(folded);
  if (chars.length >= 3) return { table: 'run_text', match: `"${folded.replaceAll('"', '""')}"` };
  const [first = '', second] = chars;
  return { table: 'run_grams', match: `"${second === undefined ? unigram(first) : bigram(first, second)}"` };
}

/** The SQL functions the search index's triggers and backfill call. Registered on every connection that writes runs. */
export function registerSearchFunctions(db: Database.Database): void {
  const onText = (work: (value: string) => string) => (value: unknown) => (typeof value === 'string' ? work(value) : value);
  db.function('lens_fold', { deterministic: true }, onText(foldText));
  db.function('lens_grams', { deterministic: true }, onText(gramTokens));
}

/**
 * Migration 7's indexes, as that migration created them (a store at an older schema still passes
 * through it): a deleted run's tokens stayed in them until the whole index was rewritten.
 */
export const SEARCH_INDEX_V7_SQL = `
  CREATE VIRTUAL TABLE run_text USING fts5 (text, tokenize = 'trigram case_sensitive 1', content = '', contentless_delete = 1);
  CREATE VIRTUAL TABLE run_grams USING fts5 (grams, tokenize = 'ascii', content = '', contentless_delete = 1, detail = none);
  INSERT INTO run_text (rowid, text) SELECT rowid, lens_fold(query_text) FROM runs;
  INSERT INTO run_grams (rowid, grams) SELECT rowid, lens_grams(lens_fold(query_text)) FROM runs;
  CREATE TRIGGER runs_search_insert AFTER INSERT ON runs BEGIN
    INSERT INTO run_text (rowid, text) VALUES (new.rowid, lens_fold(new.query_text));
    INSERT INTO run_grams (rowid, grams) VALUES (new.rowid, lens_grams(lens_fold(new.query_text)));
  END;
  CREATE TRIGGER runs_search_delete AFTER DELETE ON runs BEGIN
    DELETE FROM run_text WHERE rowid = old.rowid;
    DELETE FROM run_grams WHERE rowid = old.rowid;
  END;
  CREATE TRIGGER runs_search_update AFTER UPDATE OF query_text ON runs BEGIN
    DELETE FROM run_text WHERE rowid = old.rowid;
    DELETE FROM run_grams WHERE rowid = old.rowid;
    INSERT INTO run_text (rowid, text) VALUES (new.rowid, lens_fold(new.query_text));
    INSERT INTO run_grams (rowid, grams) VALUES (new.rowid, lens_grams(lens_fold(new.query_text)));
  END;
`;

/**
 * The migration that rebuilds both indexes so that a delete takes a run's entries out at once.
 * Migration 7's indexes kept a deleted run's tokens until the whole index was rewritten (about 340 ms
 * per delete at 100,000 runs); plain contentless tables with FTS5's secure-delete remove them in the
 * delete itself. Such a table is told what to remove, and it must be exactly what was indexed:
 * `run_search` keeps each run's folded text as indexed, since `lens_fold` (Unicode normalisation and
 * case folding) may differ between the runtimes that share a store (Node for the CLI, Electron's for
 * the app). The tokens of `run_grams` are this file's own function of that text (`gramTokens`): a
 * change to it needs a migration that rebuilds the index. The old tables go with their pages zeroed
 * (the store's secure_delete pragma).
 */
export const SEARCH_INDEX_SQL = `
  DROP TRIGGER runs_search_insert;
  DROP TRIGGER runs_search_delete;
  DROP TRIGGER runs_search_update;
  DROP TABLE run_text;
  DROP TABLE run_grams;
  CREATE TABLE run_search (rowid INTEGER PRIMARY KEY, folded TEXT NOT NULL) STRICT;
  CREATE VIRTUAL TABLE run_text USING fts5 (text, tokenize = 'trigram case_sensitive 1', content = '');
  CREATE VIRTUAL TABLE run_grams USING fts5 (grams, tokenize = 'ascii', content = '', detail = none);
  INSERT INTO run_text (run_text, rank) VALUES ('secure-delete', 1);
  INSERT INTO run_grams (run_grams, rank) VALUES ('secure-delete', 1);
  INSERT INTO run_search (rowid, folded) SELECT rowid, lens_fold(query_text) FROM runs;
  INSERT INTO run_text (rowid, text) SELECT rowid, folded FROM run_search;
  INSERT INTO run_grams (rowid, grams) SELECT rowid, lens_grams(folded) FROM run_search;
  CREATE TRIGGER runs_search_insert AFTER INSERT ON runs BEGIN
    INSERT INTO run_search (rowid, folded) VALUES (new.rowid, lens_fold(new.query_text));
    INSERT INTO run_text (rowid, text) SELECT rowid, folded FROM run_search WHERE rowid = new.rowid;
    INSERT INTO run_grams (rowid, grams) SELECT rowid, lens_grams(folded) FROM run_search WHERE rowid = new.rowid;
  END;
  CREATE TRIGGER runs_search_delete AFTER DELETE ON runs BEGIN
    INSERT INTO run_text (run_text, rowid, text) SELECT 'delete', rowid, folded FROM run_search WHERE rowid = old.rowid;
    INSERT INTO run_grams (run_grams, rowid, grams) SELECT 'delete', rowid, lens_grams(folded) FROM run_search WHERE rowid = old.rowid;
    DELETE FROM run_search WHERE rowid = old.rowid;
  END;
  CREATE TRIGGER runs_search_update AFTER UPDATE OF query_text ON runs BEGIN
    INSERT INTO run_text (run_text, rowid, text) SELECT 'delete', rowid, folded FROM run_search WHERE rowid = old.rowid;
    INSERT INTO run_grams (run_grams, rowid, grams) SELECT 'delete', rowid, lens_grams(folded) FROM run_search WHERE rowid = old.rowid;
    DELETE FROM run_search WHERE rowid = old.rowid;
    INSERT INTO run_search (rowid, folded) VALUES (new.rowid, lens_fold(new.query_text));
    INSERT INTO run_text (rowid, text) SELECT rowid, folded FROM run_search WHERE rowid = new.rowid;
    INSERT INTO run_grams (rowid, grams) SELECT rowid, lens_grams(folded) FROM run_search WHERE rowid = new.rowid;
  END;
`;
