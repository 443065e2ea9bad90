/**
 * A suite's `document_id_regex`, matched in time linear in the id: the pattern (JavaScript syntax,
 * read as with the `u` flag) is compiled into a nondeterministic automaton whose states are all
 * followed at once, one character of the id at a time (Thompson's construction). Each state is
 * visited at most once per position, so a test takes at most (id length + 1) × states steps,
 * whatever the pattern's shape. JavaScript's own engine backtracks: `^.*.*.*.*.*.*.*.*.*x$` held an
 * audit for 11 s on a 40-character id, and a graph holds thousands of ids.
 *
 * The subset is what a regular language needs: literals, escapes, classes, `.`, `^`, `$`, `\b`,
 * `\B`, groups, alternation and `* + ? {m,n}` (greedy or lazy: for a yes/no test they are the
 * same). A class, escape or `.` is judged on one character by JavaScript itself, so it means what
 * it means there. Back-references and look-around cannot be matched so; they are refused by code,
 * as are counted repeats that would make the automaton larger than {@link MAX_STATES}.
 */

/** What the audit refuses in a pattern, as the schema's sentence codes. */
export type IdRegexRefusal = 'regex_invalid' | 'regex_backreference' | 'regex_lookaround' | 'regex_too_large';

/** At most this many automaton states: a test then takes at most this many steps per character of the id. */
export const MAX_STATES = 5_000;

/** A compiled `document_id_regex`: `test` has RegExp's signature (a match anywhere in the text). */
export interface IdRegex {
  test(text: string): boolean;
  /** Whether the pattern matches somewhere in `text`, and the steps the automaton took (states visited). */
  run(text: string): { matched: boolean; steps: number };
  /** The automaton's number of states. */
  readonly states: number;
}

type Assertion = 'start' | 'end' | 'word' | 'not_word';

type Node =
  | { readonly kind: 'char'; readonly test: (char: string) => boolean }
  | { readonly kind: 'assert'; readonly assertion: Assertion }
  | { readonly kind: 'seq'; readonly items: readonly Node[] }
  | { readonly kind: 'alt'; readonly options: readonly Node[] }
  | { readonly kind: 'repeat'; readonly node: Node; readonly min: number; readonly max: number };

class Refused extends Error {
  constructor(readonly refusal: IdRegexRefusal) {
    super(refusal);
  }
}

const HEX4 = /^[0-9a-fA-F]{4}$/;

/** One character judged by JavaScript's own reading of a class, escape or `.`, remembered per character. */
function judgedByRegExp(source: string): (char: string) => boolean {
  const whole = new RegExp(`^(?:${source})$`, 'u');
  const seen = new Map<string, boolean>();
  return (char) => {
    let result = seen.get(char);
    if (result === undefined) {
      result = whole.test(char);
      if (seen.size < 4_096) seen.set(char, result);
    }
    return result;
  };
}

/** Reads a pattern JavaScript has already accepted (with `u`) into a tree of the subset; throws Refused. */
class Parser {
  private i = 0;
  constructor(private readonly cp: readonly string[]) {}

  parse(): Node {
    const node = this.alternation();
    if (this.i < this.cp.length) throw new Refused('regex_invalid');
    return node;
  }

  private peek(offset = 0): string | undefined {
    return this.cp[this.i + offset];
  }

  private alternation(): Node {
    const options = [this.sequence()];
    while (this.peek() === '|') {
      this.i += 1;
      options.push(this.sequence());
    }
    return options.length === 1 ? (options[0] as Node) : { kind: 'alt', options };
  }

  private sequence(): Node {
    const items: Node[] = [];
    while (this.i < this.cp.length && this.peek() !== '|' && this.peek() !== ')') items.push(this.term());
    return { kind: 'seq', items };
  }

  private term(): Node {
    const char = this.peek();
    if (char === '^' || char === '$') {
      this.i += 1;
      return { kind: 'assert', assertion: char === '^' ? 'start' : 'end' };
    }
    if (char === '\\' && (this.peek(1) === 'b' || this.peek(1) === 'B')) {
      this.i += 2;
      return { kind: 'assert', assertion: this.cp[this.i - 1] === 'b' ? 'word' : 'not_word' };
    }
    return this.quantified(this.atom());
  }

  private atom(): Node {
    const start = this.i;
    const char = this.peek();
    if (char === '(') return this.group();
    if (char === '[') {
      let j = start + 1;
      while (j < this.cp.length && this.cp[j] !== ']') j += this.cp[j] === '\\' ? 2 : 1;
      this.i = j + 1;
      return { kind: 'char', test: judgedByRegExp(this.cp.slice(start, this.i).join('')) };
    }
    if (char === '\\') {
      this.i = start + this.escapeLength();
      return { kind: 'char', test: judgedByRegExp(this.cp.slice(start, this.i).join('')) };
    }
    this.i += 1;
    if (char === '.') return { kind: 'char', test: judgedByRegExp('.') };
    return { kind: 'char', test: (other) => other === char };
  }

  private group(): Node {
    this.i += 1;
    if (this.peek() === '?') {
      const marker = this.peek(1);
      if (marker === ':') this.i += 2;
      else if (marker === '<' && this.peek(2) !== '=' && this.peek(2) !== '!') {
        while (this.i < this.cp.length && this.peek() !== '>') this.i += 1;
        this.i += 1;
      } else if (marker === '=' || marker === '!' || marker === '<') throw new Refused('regex_lookaround');
      else throw new Refused('regex_invalid');
    }
    const inner = this.alternation();
    if (this.peek() !== ')') throw new Refused('regex_invalid');
    this.i += 1;
    return inner;
  }

  /** The length of the escape at the cursor, in code points; a back-reference is refused. */
  private escapeLength(): number {
    const next = this.peek(1) ?? '';
    if (/[1-9]/.test(next) || next === 'k') throw new Refused('regex_backreference');
    if (next === 'p' || next === 'P' || (next === 'u' && this.peek(2) === '{')) {
      const close = this.cp.indexOf('}', this.i);
      if (close === -1) throw new Refused('regex_invalid');
      return close + 1 - this.i;
    }
    if (next === 'c') return 3;
    if (next === 'x') return 4;
    if (next === 'u') {
      const hex = (at: number) => this.cp.slice(this.i + at, this.i + at + 4).join('');
      const lead = parseInt(hex(2), 16);
      const trail = parseInt(hex(8), 16);
      // In u mode, \uD83D\uDE00 is one character: a lead surrogate escape and its trail.
      const pair =
        lead >= 0xd800 &&
        lead <= 0xdbff &&
        this.peek(6) === '\\' &&
        this.peek(7) === 'u' &&
        HEX4.test(hex(8)) &&
        trail >= 0xdc00 &&
        trail <= 0xdfff;
      return pair ? 12 : 6;
    }
    return 2;
  }

  private quantified(atom: Node): Node {
    const char = this.peek();
    let min: number;
    let max: number;
    if (char === '*' || char === '+' || char === '?') {
      this.i += 1;
      [min, max] = char === '*' ? [0, Infinity] : char === '+' ? [1, Infinity] : [0, 1];
    } else if (char === '{') {
      const close = this.cp.indexOf('}', this.i);
      const counts = /^\{(\d+)(,(\d*))?\}$/.exec(this.cp.slice(this.i, close + 1).join(''));
      if (close === -1 || !counts) throw new Refused('regex_invalid');
      this.i = close + 1;
      min = Number(counts[1]);
      max = counts[2] === undefined ? min : counts[3] === '' ? Infinity : Number(counts[3]);
      if (!Number.isFinite(min) || (counts[3] !== '' && !Number.isFinite(max))) throw new Refused('regex_too_large');
    } else return atom;
    // A lazy repeat (`*?`) matches the same texts as a greedy one; only which match is found first differs.
    if (this.peek() === '?') this.i += 1;
    return { kind: 'repeat', node: atom, min, max };
  }
}

/** The states the automaton of `node` takes (an upper bound, counted before anything is built). */
function stateCount(node: Node): number {
  switch (node.kind) {
    case 'char':
    case 'assert':
      return 1;
    case 'seq':
      return node.items.reduce((sum, item) => sum + stateCount(item), 0);
    case 'alt':
      return node.options.reduce((sum, option) => sum + stateCount(option), 1);
    case 'repeat': {
      const copies = node.max === Infinity ? Math.max(node.min, 1) : node.max;
      return copies * (stateCount(node.node) + 1) + 1;
    }
  }
}

type State =
  | { kind: 'char'; test: (char: string) => boolean; out: number }
  | { kind: 'assert'; assertion: Assertion; out: number }
  | { kind: 'split'; outs: number[] }
  | { kind: 'match' };

/** The automaton: `compile(node, next)` adds the states that match `node` and then go on to `next`, and returns the first. */
function build(root: Node): { states: State[]; start: number } {
  const states: State[] = [{ kind: 'match' }];
  const add = (state: State) => states.push(state) - 1;
  const compile = (node: Node, next: number): number => {
    switch (node.kind) {
      case 'char':
        return add({ kind: 'char', test: node.test, out: next });
      case 'assert':
        return add({ kind: 'assert', assertion: node.assertion, out: next });
      case 'seq':
        return node.items.reduceRight((after, item) => compile(item, after), next);
      case 'alt':
        return add({ kind: 'split', outs: node.options.map((option) => compile(option, next)) });
      case 'repeat': {
        let entry = next;
        if (node.max === Infinity) {
          // `x*` is a split to x (which comes back to the split) or on; `x+` enters at x.
          const loop: State = { kind: 'split', outs: [] };
          const split = add(loop);
          const body = compile(node.node, split);
          loop.outs = [body, next];
          entry = node.min === 0 ? split : body;
        } else {
          // Each optional copy either matches and goes on to the next optional copy, or skips to what follows.
          for (let copy = node.min; copy < node.max; copy++) entry = add({ kind: 'split', outs: [compile(node.node, entry), next] });
        }
        const mandatory = node.max === Infinity ? Math.max(node.min - 1, 0) : node.min;
        for (let copy = 0; copy < mandatory; copy++) entry = compile(node.node, entry);
        return entry;
      }
    }
  };
  const start = compile(root, 0);
  return { states, start };
}

const isWordChar = (char: string | undefined) => char !== undefined && /^[A-Za-z0-9_]$/.test(char);

function holds(assertion: Assertion, chars: readonly string[], at: number): boolean {
  if (assertion === 'start') return at === 0;
  if (assertion === 'end') return at === chars.length;
  const boundary = isWordChar(chars[at - 1]) !== isWordChar(chars[at]);
  return assertion === 'word' ? boundary : !boundary;
}

function parse(pattern: string): Node {
  try {
    new RegExp(pattern, 'u');
  } catch {
    throw new Refused('regex_invalid');
  }
  const node = new Parser([...pattern]).parse();
  if (stateCount(node) > MAX_STATES) throw new Refused('regex_too_large');
  return node;
}

/** Why the audit refuses `pattern` (as a schema sentence code), or null when it can match it in linear time. */
export function idRegexRefusal(pattern: string): IdRegexRefusal | null {
  try {
    parse(pattern.normalize('NFC'));
    return null;
  } catch (error) {
    if (error instanceof Refused) return error.refusal;
    throw error;
  }
}

/**
 * The automaton of `pattern`, compared like the ids in Unicode's composed form (NFC). Throws for a
 * pattern {@link idRegexRefusal} refuses; a suite's schema has refused it before any match.
 */
export function compileIdRegex(pattern: string): IdRegex {
  const { states, start } = build(parse(pattern.normalize('NFC')));
  const run = (text: string) => {
    /** The position at which each state was last visited (-1: not yet in this test). */
    const mark = new Int32Array(states.length).fill(-1);
    const chars = [...text.normalize('NFC')];
    let steps = 0;
    let waiting: number[] = [];
    for (let at = 0; at <= chars.length; at++) {
      // The states reached at `at`, through every split and every assertion that holds here; a new try starts at each position.
      const stack = [...waiting, start];
      const current: number[] = [];
      while (stack.length > 0) {
        const index = stack.pop() as number;
        if (mark[index] === at) continue;
        mark[index] = at;
        steps += 1;
        const state = states[index] as State;
        if (state.kind === 'match') return { matched: true, steps };
        if (state.kind === 'split') stack.push(...state.outs);
        else if (state.kind === 'assert') {
          if (holds(state.assertion, chars, at)) stack.push(state.out);
        } else current.push(index);
      }
      const char = chars[at];
      waiting = [];
      if (char !== undefined)
        for (const index of current) {
          const state = states[index] as State & { kind: 'char' };
          if (state.test(char)) waiting.push(state.out);
        }
    }
    return { matched: false, steps };
  };
  return { run, test: (text) => run(text).matched, states: states.length };
}
