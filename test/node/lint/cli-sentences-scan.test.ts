import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Every sentence `lens` prints comes from a message code with parameters (shared/cli-messages.ts or
 * another catalogue), never an English string or template literal in electron/cli/. This scan reads
 * every literal there (a template as one text, `{}` for each `${…}`) and names those that read as
 * English words to a person: a capitalised word then two lowercase words, two lowercase words in a row
 * (a phrase: "replay of", "no answer"), a capitalised label then a lowercase word, or a text ending in
 * ".\n". Comments are not read, nor the arguments of Commander's help (`.description(`,
 * `.option(`, `.requiredOption(`, `.argument(`, `.version(`, `new Option(`, `new Argument(`), which is
 * English by design of the library. A literal that must stay is listed below with its reason.
 */
const ROOT = join(__dirname, '..', '..', '..');
const CLI = join(ROOT, 'electron', 'cli');

/** `file: literal` (as the scan shows it) → why it may stay a literal. */
const ALLOWED: Readonly<Record<string, string>> = {
  'electron/cli/commands/adr-command.ts: the document id, the ADR id or number the load recognised (ADR-004, 4), or the path its source ends in (adr/0004-x.md)':
    "the <adr> argument's --help text, given to `.argument(` through a constant",
  'electron/cli/commands/query-command.ts:    scores: vector {}  fulltext {}{}  fused {}  graph {}':
    'a row of labelled figures (the score of each search side), not a sentence',
  'electron/cli/commands/query-command.ts:    chunks: {}  {}  {} tokens':
    "a row of labelled figures (an item's chunks, span and size; an unknown span is worded from cli:span_unknown)",
  'electron/cli/commands/query-command.ts:   query embedder: {} ({}{})': "a label, the embedder's name and kind",
  'electron/cli/commands/compare-format.ts:   {} {}  {}  {} items  trace {}{}': 'a row of labelled figures (a side of a comparison)',
  'electron/cli/commands/embed-command.ts: {} ({}: {}), {} dimensions, norm {}, {} non-zero\n': 'a row of labelled figures (the vector)',
  'electron/cli/commands/synth-command.ts:   {} documents, {} chunks, {} principals, {} groups':
    'a row of labelled figures (what was written)',
  'electron/cli/commands/traces-command.ts:      scores: {}; final rank {}; {}': "a row of labelled figures (an item's scores)",
  'electron/cli/commands/traces-command.ts:   {}/{}: {}{}, {} (server {}), params hash {}':
    'a row of labelled figures (a query the run ran)',
};

/** A literal of a source file: where it starts, its text, and whether it is an argument of Commander's help. */
interface Literal {
  line: number;
  text: string;
  help: boolean;
}

const HELP_CALL = /(?:\.(?:description|option|requiredOption|argument|version)|new (?:Option|Argument))\s*$/;
/** What may come before a `/` that starts a regular expression (not a division). */
const BEFORE_REGEX = /^(?:|[(,=:[!&|?{};]|return)$/;

/** Every string and template literal of `source` outside comments, in order. */
function literalsOf(source: string): Literal[] {
  const found: Literal[] = [];
  const braces: (Literal | null)[] = [];
  const helpDepths: number[] = [];
  let i = 0;
  let line = 1;
  let depth = 0;
  let last = '';
  const escaped = (): string => {
    const next = source[i + 1] ?? '';
    i += 2;
    return next === 'n' ? '\n' : next;
  };
  const readTemplate = (literal: Literal): void => {
    while (i < source.length) {
      const c = source[i] as string;
      if (c === '\\') literal.text += escaped();
      else if (c === '`') {
        i++;
        found.push(literal);
        return;
      } else if (c === '$' && source[i + 1] === '{') {
        literal.text += '{}';
        braces.push(literal);
        i += 2;
        return;
      } else {
        if (c === '\n') line++;
        literal.text += c;
        i++;
      }
    }
  };
  while (i < source.length) {
    const c = source[i] as string;
    const next = source[i + 1];
    if (c === '\n') line++;
    if (c === '/' && next === '/') {
      while (i < source.length && source[i] !== '\n') i++;
      continue;
    }
    if (c === '/' && next === '*') {
      const end = source.indexOf('*/', i + 2);
      line += source.slice(i, end).split('\n').length - 1;
      i = end + 2;
      continue;
    }
    if (c === '/' && BEFORE_REGEX.test(last)) {
      let inClass = false;
      for (i++; i < source.length && (source[i] !== '/' || inClass); i++) {
        if (source[i] === '\\') i++;
        else if (source[i] === '[') inClass = true;
        else if (source[i] === ']') inClass = false;
      }
      i++;
      last = ')';
      continue;
    }
    if (c === "'" || c === '"') {
      const literal: Literal = { line, text: '', help: helpDepths.length > 0 };
      for (i++; i < source.length && source[i] !== c;) literal.text += source[i] === '\\' ? escaped() : source[i++];
      i++;
      found.push(literal);
      last = 'x';
      continue;
    }
    if (c === '`') {
      i++;
      readTemplate({ line, text: '', help: helpDepths.length > 0 });
      last = 'x';
      continue;
    }
    if (c === '(' && HELP_CALL.test(source.slice(Math.max(0, i - 40), i))) helpDepths.push(depth);
    if (c === '(') depth++;
    if (c === ')') {
      depth--;
      if (helpDepths[helpDepths.length - 1] === depth) helpDepths.pop();
    }
    if (c === '{') braces.push(null);
    if (c === '}') {
      const template = braces.pop();
      if (template) {
        i++;
        readTemplate(template);
        last = 'x';
        continue;
      }
    }
    if (/\w|\$/.test(c)) last = /\w|\$/.test(last.slice(-1)) ? (last + c).slice(-6) : c;
    else if (!/\s/.test(c)) last = c;
    i++;
  }
  return found;
}

/** Whether a literal reads as an English sentence (its `{}` placeholders left out). */
function readsAsSentence(text: string): boolean {
  const words = text.replace(/\{\}/g, '').replace(/ +/g, ' ');
  return (
    /^\W*[A-Z][a-z']+[,:;.]?(?:\s+[a-z][a-z'’-]*[,:;.]?){2}/.test(words) ||
    /\.\n$/.test(text) ||
    /\b[a-z][a-z'’]+ [a-z][a-z'’]+ [a-z][a-z'’]+\b/.test(words) ||
    /\b[a-z]{2,}[,:;]? [a-z]{2,}\b/.test(words) ||
    /^\W*[A-Z][a-z]+:? [a-z]{2,}/.test(words)
  );
}

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    return /\.ts$/.test(name) && !/\.d\.ts$/.test(name) ? [path] : [];
  });
}

/** `file: literal` for every literal under electron/cli that reads as a sentence. */
function sentencesIn(): { key: string; at: string }[] {
  return sources(CLI).flatMap((file) => {
    const name = relative(ROOT, file).split('\\').join('/');
    return literalsOf(readFileSync(file, 'utf8'))
      .filter((literal) => !literal.help && readsAsSentence(literal.text))
      .map((literal) => ({ key: `${name}: ${literal.text}`, at: `${name}:${literal.line}` }));
  });
}

describe('the sentences lens prints', () => {
  it('come from message codes: no literal under electron/cli reads as an English sentence outside the allowed ones', () => {
    const found = sentencesIn()
      .filter((entry) => !(entry.key in ALLOWED))
      .map((entry) => `${entry.at}: ${JSON.stringify(entry.key.slice(entry.key.indexOf(': ') + 2))}`);
    expect(found).toEqual([]);
  });

  it('allows only literals that are still there', () => {
    const keys = new Set(sentencesIn().map((entry) => entry.key));
    expect(Object.keys(ALLOWED).filter((key) => !keys.has(key))).toEqual([]);
  });

  it('reads templates whole, skips comments and help text, and knows a sentence from a label', () => {
    const source = [
      '// Not a sentence the user reads: a comment.',
      'const a = `No runs on this page (${count} match; lower --offset).\\n`;',
      "command.option('--json', 'print the report as JSON').description(`one ${'two'} three four`);",
      "const b = /it's a regex/.test(x) ? 'ok' : 'scores';",
      "const c = 'Stages:';",
      'const d = ` (replay of ${id})`;',
    ].join('\n');
    const literals = literalsOf(source);
    expect(literals.map((literal) => [literal.line, literal.text, literal.help])).toEqual([
      [2, 'No runs on this page ({} match; lower --offset).\n', false],
      [3, '--json', true],
      [3, 'print the report as JSON', true],
      [3, 'two', true],
      [3, 'one {} three four', true],
      [4, 'ok', false],
      [4, 'scores', false],
      [5, 'Stages:', false],
      [6, ' (replay of {})', false],
    ]);
    expect(literals.filter((literal) => readsAsSentence(literal.text)).map((literal) => literal.line)).toEqual([2, 3, 3, 6]);
  });
});
