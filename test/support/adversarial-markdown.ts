// Markdown that made the corpus loader's old regular expressions backtrack, and ordinary markdown
// of any size, for the linear-time test (test/node/corpus/corpus-linear-time.test.ts) and the
// benchmark (test/bench/corpus-bench.ts).

/** One adversarial input: a file name (an ADR name, so ADR parsing runs) and its text for a size. */
export interface AdversarialCase {
  readonly name: string;
  readonly fileName: string;
  /** The file text for a size in characters (the text is about that long). */
  readonly text: (size: number) => string;
}

const spaces = (n: number) => ' '.repeat(n);
const ADR_FILE = 'adr-001-adversarial.md';

/** Every shape that backtracked before, one per regular expression the loader applied to user text. */
export const ADVERSARIAL_CASES: readonly AdversarialCase[] = [
  { name: 'heading with a run of spaces', fileName: ADR_FILE, text: (n) => `# Title${spaces(n)}x\n\ntext\n` },
  {
    name: 'untitled first heading with runs of spaces',
    fileName: 'notes.md',
    text: (n) => `#${spaces(Math.floor(n / 2))}x${spaces(Math.floor(n / 2))}y\n`,
  },
  { name: 'heading of # runs', fileName: ADR_FILE, text: (n) => `# ${'#'.repeat(Math.floor(n / 2))} ${'#'.repeat(Math.floor(n / 2))}x\n` },
  { name: 'MADR status line with a run of spaces', fileName: ADR_FILE, text: (n) => `# T\n\nStatus: a${spaces(n)}b\n\ntext\n` },
  // metaFields: a date line of many fields, each after a middle dot or a run of spaces, and runs of spaces before a key.
  {
    name: 'date line of many fields and runs of spaces',
    fileName: ADR_FILE,
    text: (n) => `# T\n\nDate: 2026-01-01${' · Status: a  Datum:'.repeat(Math.floor(n / 40))}${spaces(n / 2)}Status: b\n\ntext\n`,
  },
  {
    name: 'status line of * and _ runs',
    fileName: ADR_FILE,
    text: (n) => `# T\n\n- **Status:** ${'*'.repeat(Math.floor(n / 2))}${'_'.repeat(Math.floor(n / 2))}x\n`,
  },
  { name: 'status heading with a run of spaces', fileName: ADR_FILE, text: (n) => `# T\n\n## Status${spaces(n)}x\n\nAccepted\n` },
  {
    name: 'date line with runs of digits and spaces',
    fileName: ADR_FILE,
    text: (n) => `# T\n\nDate: ${'2020 - 1'.repeat(Math.floor(n / 16))}${spaces(Math.floor(n / 2))}x\n`,
  },
  { name: 'list line indented by a run of spaces', fileName: ADR_FILE, text: (n) => `# T\n\n${spaces(n)}12345x\n` },
  { name: 'Nygard status with a run of spaces', fileName: ADR_FILE, text: (n) => `# T\n\n## Status\n\nAccepted${spaces(n)}x\n` },
  {
    name: 'badge line of many badges',
    fileName: ADR_FILE,
    text: (n) => `# T\n\n${'![s](https://img.shields.io/badge/a-b-c)'.repeat(Math.floor(n / 40))}\n`,
  },
  {
    name: 'badge address of dashes',
    fileName: ADR_FILE,
    text: (n) => `# T\n\n![s](https://img.shields.io/badge/status-${'-'.repeat(n)}x)\n`,
  },
  {
    name: 'status history of arrows',
    fileName: ADR_FILE,
    text: (n) => `# T\n\n## Status\n\nAccepted${' → Accepted'.repeat(Math.floor(n / 11))}\n`,
  },
  {
    name: 'status heading numbered by a run of digits and dots',
    fileName: ADR_FILE,
    text: (n) => `# T\n\n## ${'1.'.repeat(Math.floor(n / 2))} Status\n\nAccepted\n`,
  },
  {
    name: 'status history table of many rows',
    fileName: ADR_FILE,
    text: (n) => `# T\n\n## Status\n\n| Date | Status |\n|---|---|\n${'| 2024-01-01 | Accepted |\n'.repeat(Math.floor(n / 26))}`,
  },
  {
    name: 'decision log table headers, each over the rest',
    fileName: 'notes.md',
    text: (n) => `# T\n\n${'| ID | Title | Status |\n|---|---|---|\n'.repeat(Math.floor(n / 38))}`,
  },
  { name: 'link destination with a run of spaces', fileName: ADR_FILE, text: (n) => `# T\n\nSuperseded by [a](b.md${spaces(n)}x\n` },
  { name: 'sentence with a run of spaces', fileName: ADR_FILE, text: (n) => `# T\n\nThis supersedes [a](b.md) now${spaces(n)}x\n` },
  { name: 'run of [', fileName: ADR_FILE, text: (n) => `# T\n\n${'['.repeat(n)}\n` },
  {
    name: 'wiki links opened many times before one close, and many wiki links beside links',
    fileName: ADR_FILE,
    text: (n) => `# T\n\nSuperseded by ${'[[a '.repeat(Math.floor(n / 8))}]] ${'[[b]] [c](d.md) '.repeat(Math.floor(n / 32))}\n`,
  },
  { name: 'escaped brackets', fileName: ADR_FILE, text: (n) => `# T\n\n${'[\\'.repeat(Math.floor(n / 2))}\n` },
  { name: 'brackets nesting escapes', fileName: ADR_FILE, text: (n) => `# T\n\n[${'[\\]'.repeat(Math.floor(n / 3))}\n` },
  { name: 'run of (', fileName: ADR_FILE, text: (n) => `# T\n\nSee [a](${'('.repeat(n)}\n` },
  {
    name: 'links nested deep in link text, many links inside them',
    fileName: ADR_FILE,
    text: (n) =>
      `# T\n\nSuperseded by ${'['.repeat(Math.floor(n / 24))}${'[a](b.md)'.repeat(Math.floor(n / 24))}${'](c.md)'.repeat(Math.floor(n / 24))}\n`,
  },
  { name: 'unclosed <destinations', fileName: ADR_FILE, text: (n) => `# T\n\n${'[a](<'.repeat(Math.floor(n / 5))}\n` },
  {
    name: 'run of * and _ in a paragraph',
    fileName: ADR_FILE,
    text: (n) => `# T\n\n${'*'.repeat(Math.floor(n / 2))}${'_'.repeat(Math.floor(n / 2))}x\n`,
  },
  { name: 'run of . after a link', fileName: ADR_FILE, text: (n) => `# T\n\nSupersedes [a](b.md) ${'.'.repeat(n)}x\n` },
  {
    name: 'many links in one sentence',
    fileName: ADR_FILE,
    text: (n) => `# T\n\nThis supersedes ${'[a](0002-b.md) '.repeat(Math.floor(n / 15))}\n`,
  },
  {
    name: 'a long Korean and Japanese list replaced by a record, many times in one sentence',
    fileName: ADR_FILE,
    text: (n) =>
      `# T\n\n${'ADR-1와 '.repeat(Math.floor(n / 32))}ADR-2을 ADR-3로 대체한다 ${'ADR-1 と ADR-2 を ADR-3 に置き換える '.repeat(Math.floor(n / 64))}\n`,
  },
  {
    name: 'many reference links and definitions',
    fileName: ADR_FILE,
    text: (n) =>
      `# T\n\nSuperseded by ${'[a][b] [c][] [d] ![e][b] '.repeat(Math.floor(n / 50))}\n\n${'[b]: x.md "t"\n'.repeat(Math.floor(n / 30))}`,
  },
  { name: 'run of ][', fileName: ADR_FILE, text: (n) => `# T\n\nSuperseded by ${'[a]['.repeat(Math.floor(n / 4))}\n` },
  {
    name: 'definition line of runs of spaces, quotes and an unclosed title',
    fileName: ADR_FILE,
    text: (n) =>
      `# T\n\n[${spaces(Math.floor(n / 4))}a]:${spaces(Math.floor(n / 4))}b${spaces(Math.floor(n / 4))}"${'t"'.repeat(Math.floor(n / 8))}\n`,
  },
  { name: 'link target of zeros', fileName: ADR_FILE, text: (n) => `# T\n\nSuperseded by [a](${'0'.repeat(n)}x.md).\n` },
  { name: 'Korean statement with a run of spaces', fileName: ADR_FILE, text: (n) => `# T\n\n[a](b.md)가${spaces(n)}이 결정을 대체한다\n` },
  {
    name: 'long front matter line',
    fileName: ADR_FILE,
    text: (n) => `---\ntitle: "${'a '.repeat(Math.floor(n / 2))}"\n---\n# T\n\ntext\n`,
  },
  {
    name: 'run of emoji before a status',
    fileName: ADR_FILE,
    text: (n) => `# T\n\n## Status\n\n${'⌛️'.repeat(Math.floor(n / 3))} Superseded by [a](b.md)\n`,
  },
  {
    name: 'status line under the title of many words',
    fileName: ADR_FILE,
    text: (n) => `# T\n\nAccepted ${'by '.repeat(Math.floor(n / 3))}\n`,
  },
  {
    name: 'many everyday verbs in one sentence',
    fileName: ADR_FILE,
    text: (n) => `# T\n\n${'replaced by [a](b.md) in favour of '.repeat(Math.floor(n / 35))}\n`,
  },
  {
    name: 'many bare Superseded words',
    fileName: ADR_FILE,
    text: (n) => `# T\n\nSuperseded ${'superseded '.repeat(Math.floor(n / 11))}x\n`,
  },
  {
    name: 'a subject of many records before one verb, many records after it',
    fileName: ADR_FILE,
    text: (n) => `# T\n\n${'ADR-3, '.repeat(Math.floor(n / 14))}ADR-4 are superseded by ${'ADR-1 and '.repeat(Math.floor(n / 20))}ADR-5\n`,
  },
  {
    name: 'many Korean subjects and records in one sentence',
    fileName: ADR_FILE,
    text: (n) => `# T\n\n${'ADR-3은 ADR-1와 ADR-5에 의해 대체되었다 '.repeat(Math.floor(n / 33))}\n`,
  },
  {
    name: 'many references after one verb',
    fileName: ADR_FILE,
    text: (n) => `# T\n\nThis ADR supersedes ${'ADR-1 #2 '.repeat(Math.floor(n / 9))}\n`,
  },
  {
    name: 'unclosed quoted title after a verb',
    fileName: ADR_FILE,
    text: (n) => `# T\n\n## Status\n\n${'Superseded by “a '.repeat(Math.floor(n / 17))}\n`,
  },
  {
    name: 'many Korean verbs and links in one sentence',
    fileName: ADR_FILE,
    text: (n) => `# T\n\n${'[a](b.md)를 대체한다 대체됨 '.repeat(Math.floor(n / 22))}\n`,
  },
  {
    name: 'many Chinese verbs and links in one sentence',
    fileName: ADR_FILE,
    text: (n) => `# T\n\n${'被 [a](b.md) 取代 取代了 [c](d.md) '.repeat(Math.floor(n / 28))}\n`,
  },
  {
    name: 'struck-out spans opened and never closed in a status',
    fileName: ADR_FILE,
    text: (n) => `# T\n\n## Status\n\n${'~~Accepted '.repeat(Math.floor(n / 11))}\n`,
  },
  {
    name: 'issue numbers after runs of spaces and long words',
    fileName: ADR_FILE,
    text: (n) => `# T\n\nThis ADR supersedes ${'issueissueissue     #2 '.repeat(Math.floor(n / 23))}\n`,
  },
  {
    name: 'many accented verbs and German separable verbs',
    fileName: ADR_FILE,
    text: (n) => `# T\n\n${'abgelöst durch [a](b.md) löst remplacé par '.repeat(Math.floor(n / 43))}ab\n`,
  },
  {
    name: 'a long paragraph under many Setext underlines',
    fileName: ADR_FILE,
    text: (n) => `# T\n\n${'word '.repeat(Math.floor(n / 20))}\nmore\n${'---\n'.repeat(Math.floor(n / 8))}`,
  },
  {
    name: 'many HTML comments opened and never closed',
    fileName: ADR_FILE,
    text: (n) => `# T\n\n${'<!-- a '.repeat(Math.floor(n / 7))}\n`,
  },
  {
    name: 'a heading of links and tags never closed',
    fileName: 'notes.md',
    text: (n) => `# ${'[a](b <a x ![c] '.repeat(Math.floor(n / 17))}\n\n## ${'<'.repeat(Math.floor(n / 4))}\n`,
  },
  {
    name: 'comment and Liquid blocks opened on every line and never closed',
    fileName: 'notes.md',
    text: (n) => `${'<!-- x\n## h\n'.repeat(Math.floor(n / 26))}\n${'{% highlight sh %}\n# h\n'.repeat(Math.floor(n / 26))}`,
  },
  {
    name: 'an accepted status followed by spaces and stars, and a body of backticks',
    fileName: ADR_FILE,
    text: (n) => `# T\n\nStatus: Accepted ${' *_'.repeat(Math.floor(n / 6))}x\n\n## Date\n\n${'`a '.repeat(Math.floor(n / 6))}\n`,
  },
  {
    name: 'many Japanese targets, particles and labels in one sentence',
    fileName: ADR_FILE,
    text: (n) => `# T\n\n統合元: ${'ADR-1 により (一部を 　　置き換え '.repeat(Math.floor(n / 20))}\n`,
  },
  {
    name: 'a padded reference followed by a long list of separators and numbers',
    fileName: ADR_FILE,
    text: (n) => `# T\n\nSuperseded by ADR 0010${'、 和 , 0011'.repeat(Math.floor(n / 12))} ${' ,'.repeat(Math.floor(n / 4))}\n`,
  },
  {
    name: 'long table rows under the title',
    fileName: ADR_FILE,
    text: (n) => `# T\n\n${'| Status | Date '.repeat(Math.floor(n / 32))}|\n|${'---|'.repeat(Math.floor(n / 32))}\n`,
  },
  {
    name: 'date line of many numbers',
    fileName: ADR_FILE,
    text: (n) => `# T\n\nDate: ${'1 '.repeat(Math.floor(n / 2))}\n\n## Status\n\nAccepted\n`,
  },
  {
    name: 'a status line of separators, stars and date keys never followed by a colon',
    fileName: ADR_FILE,
    text: (n) => `# T\n\nStatus: Accepted${' · **Date**'.repeat(Math.floor(n / 11))}x\n`,
  },
  {
    name: 'a status of many clauses, each superseded without a successor',
    fileName: ADR_FILE,
    text: (n) => `# T\n\nStatus: Accepted${'; superseded still '.repeat(Math.floor(n / 19))}\n`,
  },
  {
    name: 'a long run of Cyrillic and Latin letters in one status sentence',
    fileName: ADR_FILE,
    text: (n) => `# T\n\n## Статус\n\n${'заменено'.repeat(Math.floor(n / 16))}${'replaced'.repeat(Math.floor(n / 16))} ADR-2\n`,
  },
  {
    name: 'a heading of backticks, shortcode openers and attribute braces never closed',
    fileName: ADR_FILE,
    text: (n) => `# T ${'` {{% x '.repeat(Math.floor(n / 14))}{#a ${' '.repeat(Math.floor(n / 4))}x\n\ntext\n`,
  },
  {
    name: 'a decision log of many record sections, each with a status',
    fileName: 'DECISIONS.md',
    text: (n) =>
      `# Decisions\n\n${Array.from({ length: Math.floor(n / 60) }, (_, i) => `### ADR-${i}: Pick ${i}\n\n**Status:** Superseded by ADR-${i + 1}\n\n`).join('')}`,
  },
  {
    name: 'a series log: headings of a series id before runs of spaces and dashes, and many sections',
    fileName: 'notes.md',
    text: (n) =>
      `# Notes\n\n## DEC-1${' '.repeat(Math.floor(n / 4))}-${' '.repeat(Math.floor(n / 4))}\n\n## DEC${'0'.repeat(Math.floor(n / 8))}\n\n` +
      Array.from({ length: Math.floor(n / 60) }, (_, i) => `## DEC-${i} — Pick ${i}\n\nStatus: Superseded by DEC-${i + 1}\n\n`).join(''),
  },
  {
    name: "a series record's body of its own ids, a run of digits too long for one, and code spans of ids",
    fileName: 'adr/PG-001-x.md',
    text: (n) =>
      `# PG-001: T\n\n## Status\n\nAccepted\n\nThis supersedes ${'PG-2 and `PG-3` '.repeat(Math.floor(n / 34))}PG-${'1'.repeat(Math.floor(n / 2))}\n`,
  },
  {
    name: "a day-numbered series record's references: a slug run that a capital ends, and many slugged ids",
    fileName: 'decisions/DEC-20240301-x.md',
    text: (n) =>
      `# T\n\nStatus: Superseded by DEC-20240302${'-a'.repeat(Math.floor(n / 4))}X\n\n` +
      `This supersedes ${'DEC-20240228-use-a-b and '.repeat(Math.floor(n / 50))}DEC-20240229\n`,
  },
  {
    name: 'a Turkish status of "yerini" runs, each a verb short of a statement',
    fileName: ADR_FILE,
    text: (n) => `# T\n\nDurum: Kabul edildi${', yerini ADR-2 yerini'.repeat(Math.floor(n / 21))} aldı\n`,
  },
  {
    name: 'Indonesian verbs each followed by an object and "di" before a run of spaces',
    fileName: ADR_FILE,
    text: (n) =>
      `# T\n\nStatus: diterima\n\n${'menggantikan argumen di '.repeat(Math.floor(n / 48))}${' '.repeat(Math.floor(n / 2))}ADR-2\n`,
  },
  {
    name: 'many Japanese "A を B に置き換える" in one sentence, each with a run of spaces',
    fileName: ADR_FILE,
    text: (n) => `# T\n\nステータス: 承認\n\n${`ADR-1 を${' '.repeat(40)}ADR-2 に置き換える、`.repeat(Math.floor(n / 60))}\n`,
  },
  {
    name: 'many loose list items, each with an indented continuation',
    fileName: ADR_FILE,
    text: (n) => `# T\n\n${'- An item of the list.\n\n   Its continuation, indented under it.\n\n'.repeat(Math.floor(n / 62))}`,
  },
  {
    name: 'one verb before a long list of records, each behind a joiner and a thing inside it',
    fileName: ADR_FILE,
    text: (n) => `# T\n\nStatus: Accepted\n\nThis decision supersedes${' and the retry policy in ADR-2'.repeat(Math.floor(n / 31))}.\n`,
  },
  {
    name: 'a Turkish "this decision" before a long list of records joined by "ve", closed by a genitive',
    fileName: ADR_FILE,
    text: (n) => `# T\n\nDurum: Kabul edildi\n\nBu karar ${'ADR-2 ve '.repeat(Math.floor(n / 9))}ADR-3'ün   yerini alır.\n`,
  },
  {
    name: 'many Japanese "A の … を" in one sentence, each part a run of の short of a record',
    fileName: ADR_FILE,
    text: (n) => `# T\n\nStatus: Accepted\n\n${'ADR-2 の認証の部分の節を '.repeat(Math.floor(n / 17))}ADR-3 に置き換える。\n`,
  },
  {
    name: 'one list item holding many fences, each with a continuation after it',
    fileName: ADR_FILE,
    text: (n) => `# T\n\n1. The step:\n\n${'   ```sh\n   run it\n   ```\n\n   Then check it.\n\n'.repeat(Math.floor(n / 46))}`,
  },
  {
    name: 'a list nested one level deeper on every line, then a tab-indented fence never closed',
    fileName: ADR_FILE,
    text: (n) => {
      const lines: string[] = [];
      for (let depth = 0, size = 0; size < n; depth += 1) {
        const line = `${' '.repeat(2 * depth)}- item ${depth}`;
        lines.push(line);
        size += line.length + 1;
      }
      return `# T\n\n${lines.join('\n')}\n\t\`\`\`\n${'\t- x\n'.repeat(8)}`;
    },
  },
  {
    name: 'many one-line comments, each over an underlined title and a run of spaces',
    fileName: ADR_FILE,
    text: (n) => `# T\n\n${`<!-- c -->${' '.repeat(20)}\nTitle\n=====\n`.repeat(Math.floor(n / 49))}`,
  },
  {
    name: 'a list nested one level deeper on every line, then lazy continuation lines at the margin',
    fileName: ADR_FILE,
    text: (n) => {
      const lines: string[] = [];
      for (let depth = 0, size = 0; size < n / 2; depth += 1) {
        const line = `${' '.repeat(2 * depth)}- item ${depth}`;
        lines.push(line);
        size += line.length + 1;
      }
      return `# T\n\n${lines.join('\n')}\n${'x\n'.repeat(Math.floor(n / 4))}`;
    },
  },
  {
    name: 'a series id title of capitals and dashes',
    fileName: 'adr/PG-001-x.md',
    text: (n) => `# PG-001${' -'.repeat(Math.floor(n / 2))}x\n\n## Status\n\nAccepted\n`,
  },
  {
    name: 'a Document Information heading before a run of spaces and stars, over a long table',
    fileName: ADR_FILE,
    text: (n) =>
      `# T\n\n## Document Information${' *'.repeat(Math.floor(n / 4))}\n\n${'| Status | Accepted |\n'.repeat(Math.floor(n / 40))}`,
  },
  {
    name: 'a Status section of key and value rows whose keys are runs of stars and underscores',
    fileName: ADR_FILE,
    text: (n) =>
      `# T\n\n## Status\n\n| Field | Value |\n| --- | --- |\n| ${'*_'.repeat(Math.floor(n / 4))}x | y |\n- **${'_'.repeat(Math.floor(n / 4))}x\n`,
  },
  {
    name: 'a status of many options and closing brackets, each option a status, none chosen',
    fileName: ADR_FILE,
    text: (n) =>
      `# T\n\n## Status\n\n[${'proposed ] '.repeat(Math.floor(n / 24))}| ${'superseded by [a](b.md) | '.repeat(Math.floor(n / 52))}]\n`,
  },
  {
    name: 'a one-letter series id title before a run of spaces and a run of digits',
    fileName: 'adr/S001-x.md',
    text: (n) => `# S001${' '.repeat(Math.floor(n / 2))}x\n\n# S${'0'.repeat(Math.floor(n / 2))}x\n\n## Status\n\nAccepted\n`,
  },
  // AsciiDoc and reStructuredText, read under --ext adoc,rst (light-markup.ts).
  {
    name: 'front matter successors: a run of dashes short of a placeholder, and a long list of links',
    fileName: ADR_FILE,
    text: (n) =>
      `---\nstatus: superseded\nsuperseded-by: "${'-'.repeat(Math.floor(n / 2))}x"\npartially_supersedes: "${'[a](b.md) '.repeat(Math.floor(n / 20))}"\n---\n# T\n\ntext\n`,
  },
  {
    name: 'AsciiDoc title with a run of spaces',
    fileName: 'adr/0001-x.adoc',
    text: (n) => `= Title${spaces(n)}x\n\n== Status\n\nAccepted\n`,
  },
  {
    name: 'index headings of a status before runs of spaces, and list items of brackets never closed',
    fileName: 'docs/adr/README.md',
    text: (n) =>
      `# Index\n\n## Superseded${spaces(Math.floor(n / 4))}x\n\n## Accepted${' \t'.repeat(25)}\n\n- [${'['.repeat(Math.floor(n / 4))}\n${'## Superseded Records\n- [a](b.md)\n'.repeat(Math.floor(n / 60))}`,
  },
  {
    name: 'a changelog of many dated lines, each a draft, before an accepted status',
    fileName: ADR_FILE,
    text: (n) => `# T\n\n## Changelog\n\n${'- 2020-01-20: Initial Draft\n'.repeat(Math.floor(n / 28))}\n## Status\n\nAccepted\n`,
  },
  {
    name: 'AsciiDoc included file: bold labels of colons never closed, terms of colons, many section titles',
    fileName: 'adr/0001-x.adoc',
    text: (n) =>
      `=== T\n\n*a${':'.repeat(Math.floor(n / 4))}\nStatus${'::'.repeat(Math.floor(n / 8))} x\n${'==== S\n*S:* Accepted\n'.repeat(Math.floor(n / 40))}`,
  },
  {
    name: 'AsciiDoc author line of an address full of @, and a revision line of commas and colons',
    fileName: 'adr/0001-x.adoc',
    text: (n) => `= T\nJane Doe <${'a@'.repeat(Math.floor(n / 4))}x\nv1,${' ,:'.repeat(Math.floor(n / 6))}\n`,
  },
  {
    name: 'AsciiDoc cross reference never closed',
    fileName: 'adr/0001-x.adoc',
    text: (n) => `= T\n\n<<a,${spaces(n)}x <<${'#'.repeat(n)}\n`,
  },
  {
    name: 'AsciiDoc xref: after xref:',
    fileName: 'adr/0001-x.adoc',
    text: (n) => `= T\n\n${'xref:'.repeat(Math.floor(n / 5))}\n${'link:a'.repeat(Math.floor(n / 6))}\n`,
  },
  {
    name: 'RST hyperlink never closed',
    fileName: 'adr/0001-x.rst',
    text: (n) => `T\n=\n\n\`a${spaces(n)}x \`a <${'b'.repeat(n)}\n:ref:\`${spaces(n)}\n`,
  },
  { name: 'RST field name never closed', fileName: 'adr/0001-x.rst', text: (n) => `:${'a '.repeat(Math.floor(n / 2))}x\n` },
  {
    name: 'banner titles with runs of spaces',
    fileName: ADR_FILE,
    text: (n) => `# T\n\n${`:::warning Deprecated${spaces(40)}x\n> [!WARNING]${spaces(40)}\n`.repeat(Math.floor(n / 100))}\n`,
  },
  {
    name: 'callout of many quote marks',
    fileName: ADR_FILE,
    text: (n) => `# T\n\n> [!NOTE]\n>${'> '.repeat(Math.floor(n / 2))}Deprecated x\n`,
  },
  {
    name: 'State lines and headings with runs of spaces',
    fileName: ADR_FILE,
    text: (n) =>
      `# T\n\nState: a${spaces(Math.floor(n / 2))}b\n${'## State\n\n'.repeat(Math.floor(n / 20))}x${spaces(Math.floor(n / 4))}y\n`,
  },
  {
    name: 'quotations under sections: runs of quote marks and spaces short of a callout, many sections',
    fileName: 'text/0001-adversarial.md',
    text: (n) =>
      `- RFC${spaces(Math.floor(n / 4))}x\n# T\n\n## Context\n\n>${'> '.repeat(Math.floor(n / 8))}[!x\n${'## C\n\n> a\n> [!NOTE]\n'.repeat(Math.floor(n / 40))}`,
  },
  {
    name: 'notes under sections: runs of colons, bangs and spaces, notes left open, many sections',
    fileName: 'docs/adr/0001-adversarial.adoc',
    text: (n) =>
      `= T\n\n== Context\n\n${':'.repeat(Math.floor(n / 8))}note\n!!!${spaces(Math.floor(n / 8))}x\n${'== C\n\n:::note\n!!! note\n    a\nNOTE: b\n[NOTE]\n====\n'.repeat(Math.floor(n / 60))}`,
  },
];

const WORDS = ['payments', 'ledger', 'settlement', 'retry', 'webhook', 'latency', '결제', '정산', 'database', 'failover', 'kafka', 'queue'];

/** Ordinary markdown of about `size` characters: headings, paragraphs, lists, links, code, Korean. */
export function ordinaryMarkdown(size: number): string {
  const parts: string[] = ['# Ordinary document\n\n## Status\n\nAccepted\n\n'];
  let length = parts[0]?.length ?? 0;
  for (let section = 0; length < size; section += 1) {
    const word = (k: number) => WORDS[(section * 7 + k) % WORDS.length] as string;
    const text = [
      `## Section ${section}: ${word(1)} ${word(2)}\n\n`,
      `The ${word(3)} service calls the ${word(4)} API. It supersedes [${word(5)}](000${section % 9}-x.md) in part. `,
      `이 결정은 ${word(6)}를 대체한다. See [the guide](https://example.com/${word(7)}) for more.\n\n`,
      `- ${word(8)}: *${word(9)}* and **${word(10)}**\n- Date: 2024-0${(section % 9) + 1}-1${section % 9}\n\n`,
      '```sh\n' + `lens demo load --docs ./${word(11)}\n` + '```\n\n',
    ].join('');
    parts.push(text);
    length += text.length;
  }
  return parts.join('');
}
