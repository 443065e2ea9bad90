import { describe, expect, it } from 'vitest';
import { chunkMarkdown, type Chunk, type ChunkOptions } from '../../../electron/corpus/markdown-chunker';

/** Offsets of ATX heading lines outside fences, HTML comments and blocks and Liquid code blocks, found independently of the chunker. */
function headingOffsets(body: string): number[] {
  const out: number[] = [];
  let fence: string | null = null;
  let closer: string | null = null;
  let offset = 0;
  for (const raw of body.split('\n')) {
    const line = raw.replace(/\r$/, '');
    const marker = /^ {0,3}(`{3,}|~{3,})/.exec(line)?.[1];
    if (closer === '') {
      // An HTML block of CommonMark's sixth kind ends at a blank line.
      if (line.trim() === '') closer = null;
    } else if (closer !== null) {
      if (line.includes(closer)) closer = null;
    } else if (fence === null && /^ {0,3}(?:[-*+] )?<\/?(?:details|summary|div|p|section)(?:[ \t>]|$)/i.test(line)) {
      closer = '';
    } else if (fence === null && /^ {0,3}<!--/.test(line) && !line.slice(line.indexOf('<!--') + 4).includes('-->')) {
      closer = '-->';
    } else if (fence === null && /^ {0,3}\{% highlight [a-z]+ %\}$/.test(line)) {
      closer = '{% endhighlight %}';
    } else if (fence !== null) {
      if (marker && marker[0] === fence[0] && marker.length >= fence.length && line.trim() === marker) fence = null;
    } else if (marker) {
      fence = marker;
    } else if (/^ {0,3}#{1,6}(?:[ \t]|$)/.test(line)) {
      out.push(offset);
    }
    offset += raw.length + 1;
  }
  return out;
}

/** Asserts every promise chunkMarkdown makes about its output for this body. */
function expectValidChunks(body: string, chunks: Chunk[], opts: ChunkOptions = {}): void {
  const maxChars = opts.maxChars ?? 1600;
  let previousEnd = 0;
  chunks.forEach((c, i) => {
    expect(c.position).toBe(i);
    expect(body.slice(c.start_char, c.end_char)).toBe(c.text);
    expect(c.start_char).toBeGreaterThanOrEqual(previousEnd);
    expect(c.end_char).toBeGreaterThan(c.start_char);
    expect(c.text.trim()).not.toBe('');
    expect(c.text).not.toMatch(/^[ \t]*\r?\n/);
    expect(c.text).not.toMatch(/\s$/);
    // A fenced block is never split (one under a list item may be indented further).
    if (!/^ *(```|~~~)/m.test(c.text)) expect(c.text.length).toBeLessThanOrEqual(maxChars);
    previousEnd = c.end_char;
  });

  const covered = new Uint8Array(body.length);
  for (const c of chunks) covered.fill(1, c.start_char, c.end_char);
  for (let i = 0; i < body.length; i++) {
    if (!/\s/.test(body[i] as string) && covered[i] !== 1) throw new Error(`character ${i} (${JSON.stringify(body[i])}) is in no chunk`);
  }

  const starts = new Set(chunks.map((c) => c.start_char));
  for (const offset of headingOffsets(body)) expect(starts.has(offset), `heading at ${offset} starts a chunk`).toBe(true);
}

function chunked(body: string, opts?: ChunkOptions): Chunk[] {
  const chunks = chunkMarkdown(body, opts);
  expectValidChunks(body, chunks, opts);
  return chunks;
}

const SENTENCES_EN = [
  'The resolver reads the zone file.',
  'Every stack gets an internal zone!',
  'Is the cache warm yet?',
  'Puppet runs every thirty minutes on each machine.',
  'We decided to keep the data separate from the code.',
];
const SENTENCES_KO = [
  '이 결정은 내부 DNS 영역을 대체한다.',
  '모든 서비스는 새 서버를 사용한다.',
  '장애가 발생하면 담당자에게 알린다.',
  '배포는 매주 화요일에 진행됩니다.',
];

describe('chunkMarkdown', () => {
  it('returns no chunks for an empty or blank body', () => {
    expect(chunked('')).toEqual([]);
    expect(chunked(' \n\n\t\r\n')).toEqual([]);
  });

  it('cuts a long list before its items, never after an item’s number or inside an item that fits', () => {
    const item = (n: number) =>
      `${n}. Step ${n}: ${'check the build and restart it. '.repeat(4).trim()}\n   1. Revert the change. Then retry.`;
    const body = `#### Actions\n\n${[1, 2, 3, 4, 5, 6, 7, 8].map(item).join('\n')}\n- **Yes**: fix it? If **no** escalate.`;
    const chunks = chunked(body, { targetChars: 400, maxChars: 500 });
    expect(chunks.length).toBeGreaterThan(1);
    for (const c of chunks) {
      // No chunk ends with a bare list number, and each chunk after the first opens an item.
      expect(c.text).not.toMatch(/(?:^|\n)\s*\d+\.$/);
      if (c.position > 0) expect(c.text).toMatch(/^(?:\d+\.|- )/);
    }
  });

  it('does not end a sentence at a number alone at a line start (an item whose text the writer put on the next line)', () => {
    const body = `${'A sentence that runs on and on. '.repeat(5)}Steps:\n   1.\nRevert the change, then retry the build.`;
    const chunks = chunked(body, { targetChars: 40, maxChars: 60 });
    expect(chunks.some((c) => c.text.includes('1.\nRevert'))).toBe(true);
    for (const c of chunks) expect(c.text).not.toMatch(/\n\s*1\.$/);
  });

  it('keeps a lead-in that ends with a colon with the block it introduces, not at the end of the chunk before', () => {
    const para = (n: number) => `Paragraph ${n} ${'words about the process '.repeat(4).trim()}.`;
    const list = ['- rephrasing', '- refactoring', '- additions'].join('\n');
    const body = `## When\n\n${para(1)}\n\n${para(2)}\n\nSome changes do not require an RFC:\n\n${list}\n\n${para(3)}`;
    const chunks = chunked(body, { targetChars: 300, maxChars: 600 });
    const lead = chunks.find((c) => c.text.includes('Some changes do not require an RFC:'));
    expect(lead?.text.startsWith('Some changes do not require an RFC:\n\n- rephrasing')).toBe(true);
    expect(chunks.some((c) => c.text.endsWith('require an RFC:'))).toBe(false);
  });

  it('keeps a heading and its lead-in with the block they introduce while the three fit in maxChars, and never leaves the heading alone (docs sweep 3, L13)', () => {
    const list = (n: number) => '- a long step of the list with words\n'.repeat(n).trim();
    const fits = `## Steps\n\nDo this:\n\n${list(20)}`;
    expect(chunked(fits, { targetChars: 100, maxChars: 800 }).map((c) => c.text)).toEqual([fits]);
    const chunks = chunked(`## Steps\n\nDo this:\n\n${list(30)}`, { targetChars: 100, maxChars: 800 });
    expect(chunks.length).toBeGreaterThan(2);
    expect(chunks[0]?.text.startsWith('## Steps\n\nDo this:\n\n- a long step')).toBe(true);
  });

  it('keeps a lead-in without a colon with the equation, list or code it introduces, and not before prose (docs sweep 3, L12)', () => {
    // The section's prose and the lead-in fit in the first chunk's 900 characters, the equation does not.
    const prose = 'Because the index of summation is a dummy variable, we can replace it by any other letter. '
      .repeat(9)
      .trim()
      .slice(0, 860);
    const math = `$$\n${'\\sum_{n=1}^{\\infty}\\frac{1}{2^n}'.repeat(4)}=1.\n$$`;
    const body = `## Series\n\n${prose}\n\nHence, we have\n\n${math}\n\nwhich proves the claim.`;
    const chunks = chunked(body);
    expect(chunks.some((c) => c.text.includes(`Hence, we have\n\n${math}`))).toBe(true);
    const plain = `## Notes\n\n${prose}\n\nSee also the appendix\n\n${prose}`;
    expect(chunked(plain).map((c) => c.text.endsWith('See also the appendix'))).toContain(true);
  });

  it('starts a chunk at a Setext heading (a one-line paragraph underlined with === or ---) and records it in the heading path', () => {
    const body =
      'Operations Runbook\n==================\n\nIntro.\n\nStability gate\n--------------\n\nCheck the gate.\n\nA paragraph\nof two lines\n---\n\n| a | b |\n|---|---|\n| 1 | 2 |';
    expect(chunked(body, { targetChars: 20, maxChars: 200 }).map((c) => [c.text, c.heading_path])).toEqual([
      ['Operations Runbook\n==================\n\nIntro.', ['Operations Runbook']],
      ['Stability gate\n--------------\n\nCheck the gate.', ['Operations Runbook', 'Stability gate']],
      // Two lines above `---` stay text (only a one-line paragraph is taken for a heading), and a table's delimiter row is no underline.
      ['A paragraph\nof two lines\n---', ['Operations Runbook', 'Stability gate']],
      ['| a | b |\n|---|---|\n| 1 | 2 |', ['Operations Runbook', 'Stability gate']],
    ]);
  });

  it('takes no Setext heading from a list item or a quote over `---` (an item, then a rule), nor from a line of a table', () => {
    const body = '## Checklist\n\n- Verify the alert\n---\n\nThen page.\n\n> Stay calm.\n---\n\n| a |\n---';
    expect(chunked(body).map((c) => c.heading_path)).toEqual([['Checklist']]);
  });

  it('keeps an HTML comment and a Liquid code block whole: a `## heading` or `# comment` inside is no heading', () => {
    const body =
      '# Runbook\n\nIntro.\n\n<!--\n## Old procedure\n-->\n\nStill the intro.\n\n{% highlight bash %}\n# stop the worker first\nsystemctl stop worker\n{% endhighlight %}\n\n## Steps\n\nDo it.';
    const chunks = chunked(body, { targetChars: 60, maxChars: 400 });
    expect(chunks.map((c) => c.heading_path)).toEqual([...chunks.slice(0, -1).map(() => ['Runbook']), ['Runbook', 'Steps']]);
    expect(chunks.some((c) => c.text.includes('<!--\n## Old procedure\n-->'))).toBe(true);
    expect(
      chunks.some((c) => c.text.includes('{% highlight bash %}\n# stop the worker first\nsystemctl stop worker\n{% endhighlight %}')),
    ).toBe(true);
    // A comment on one line is text, and a heading after it is one (the comment, alone before it, opens its chunk).
    expect(chunkMarkdown('<!-- note -->\n## After\n\nText.').map((c) => [c.heading_path, c.text])).toEqual([
      [['After'], '<!-- note -->\n## After\n\nText.'],
    ]);
  });

  it('keeps a block opener with its body: a MkDocs admonition, a Docusaurus container, a <details> summary line', () => {
    const filler = 'Admonitions are call-outs. '.repeat(30).trim();
    for (const opener of [
      '!!! warning "Do not restart the primary"',
      ':   !!! info',
      ':::danger Before you deploy',
      '<details><summary>Read-only</summary>',
    ]) {
      const body = `# Page\n\n${filler}\n\n${opener}\n\n    Restarting the primary drops every connection.\n`;
      // The opener fits in the first chunk's budget, its body does not: it moves on with its body.
      const targetChars = `# Page\n\n${filler}\n\n${opener}`.length + 10;
      const chunks = chunked(body, { targetChars, maxChars: 1600 });
      expect(chunks.map((c) => c.text.split('\n')[0])).toEqual(['# Page', opener]);
    }
  });

  it('cuts a long table before its rows, never inside a row or a cell, and keeps the delimiter row with the header', () => {
    const rows = Array.from(
      { length: 30 },
      (_, i) => `| 2021-12-${String(i + 1).padStart(2, '0')} 10:${i} | Step ${i} done. Checked the cluster and paged the owner. |`,
    );
    const body = `## Timeline\n\n| Time | Event |\n| --- | --- |\n${rows.join('\n')}`;
    const chunks = chunked(body, { targetChars: 400, maxChars: 800 });
    expect(chunks.length).toBeGreaterThan(2);
    for (const chunk of chunks)
      for (const line of chunk.text.split('\n').filter((l) => l.startsWith('|'))) expect(line).toMatch(/^\|.*\|$/);
    expect(chunks[0]?.text).toContain('| Time | Event |\n| --- | --- |\n| 2021-12-01');
    expect(chunks.flatMap((c) => c.text.split('\n').filter((l) => l.startsWith('| 2021')))).toEqual(rows);
  });

  it('cuts a long table written without leading pipes before its rows too (docs sweep 3, L1)', () => {
    const rows = Array.from(
      { length: 30 },
      (_, i) =>
        `Country${i} | [\`#c${i}-users\`](https://chat.example/c${i}-users), [\`#c${i}-events\`](https://chat.example/c${i}-events)`,
    );
    const body = `## Slack\n\nChannels by country.\n\nCountry | Channel\n:---------|:------------\n${rows.join('\n')}\n`;
    const chunks = chunked(body, { targetChars: 400, maxChars: 800 });
    expect(chunks.length).toBeGreaterThan(2);
    expect(chunks.flatMap((c) => c.text.split('\n').filter((l) => l.startsWith('Country') && l !== 'Country | Channel'))).toEqual(rows);
    expect(chunks[0]?.text).toContain('Country | Channel\n:---------|:------------\nCountry0 |');
  });

  it('records a heading by its text: inline HTML tags dropped, links by their text', () => {
    const body =
      '# <a name="restart"></a>Restart the worker\n\nIntro.\n\n## Use the [SDK](https://example.com/sdk "docs")\n\nText.\n\n## <br>\n\nOnly markup.';
    expect(chunked(body).map((c) => c.heading_path)).toEqual([
      ['Restart the worker'],
      ['Restart the worker', 'Use the SDK'],
      ['Restart the worker', '<br>'],
    ]);
  });

  it('reads the lines of an HTML block opened by a block-level tag as HTML up to a blank line: no heading or underline in it (CommonMark 0.31)', () => {
    const opts = { targetChars: 60, maxChars: 400 };
    const body =
      '# Runbook\n\nSome intro sentence that is here.\n\n<details>\n<summary>Old steps</summary>\n## Restart by hand\n</details>\n\n' +
      '<div align="center">\nPowered by\n---\n</div>\n\n- <details>\n  # In the item\n# Back at the margin\n\nText.';
    const chunks = chunked(body, opts);
    expect(chunks.map((c) => [c.text, c.heading_path])).toEqual([
      ['# Runbook\n\nSome intro sentence that is here.', ['Runbook']],
      ['<details>\n<summary>Old steps</summary>\n## Restart by hand\n</details>', ['Runbook']],
      ['<div align="center">\nPowered by\n---\n</div>', ['Runbook']],
      ['- <details>\n  # In the item', ['Runbook']],
      // A line less indented than the item's text ends the item, and the HTML block in it.
      ['# Back at the margin\n\nText.', ['Back at the margin']],
    ]);
    // After a blank line the block is over: a heading inside <details> is one, as GitHub shows it.
    const spaced = chunked('# Runbook\n\n<details>\n<summary>Old steps</summary>\n\n## Restart by hand\n\n</details>', opts);
    expect(spaced.map((c) => c.heading_path)).toEqual([['Runbook'], ['Runbook', 'Restart by hand']]);
  });

  it('keeps a <pre>, <script> or <style> block whole with no heading read inside it (docs sweep 3, L2)', () => {
    const body =
      '## Representation in Markdown\n\n<pre class="language-markdown"><code>## Example\n{% step %}\n\n### Step 1 title\nStep 1 text\n</code></pre>\n\n### Limitations\n\nText.\n\n<script setup>\nimport x from "./x"\n\n# not a heading\n</script>\n\nAfter.';
    // Not `chunked`: its heading finder knows fences only, and the `#` lines here are inside HTML blocks.
    const chunks = chunkMarkdown(body);
    expect(chunks.map((c) => body.slice(c.start_char, c.end_char))).toEqual(chunks.map((c) => c.text));
    expect(chunks.map((c) => c.heading_path)).toEqual([['Representation in Markdown'], ['Representation in Markdown', 'Limitations']]);
    expect(chunks[0]?.text.endsWith('</code></pre>')).toBe(true);
    expect(chunks[1]?.text).toContain('# not a heading\n</script>\n\nAfter.');
  });

  it('keeps an HTML table with blank lines in its cells together, and cuts a long one only before a row (docs sweep 3, L15)', () => {
    const rows = Array.from(
      { length: 25 },
      (_, i) =>
        `<tr>\n<td>\n\nRow ${i} option \`flag-${i}\`\n\n</td>\n<td>\n\nDescribes what flag ${i} does when the worker restarts after a failure.\n\n</td>\n</tr>`,
    );
    const body = `# Flags\n\n<table>\n<tr><th>Flag</th><th>Meaning</th></tr>\n${rows.join('\n')}\n</table>\n\nAfter the table.`;
    const chunks = chunked(body, { targetChars: 900, maxChars: 1600 });
    expect(chunks.length).toBeGreaterThan(2);
    for (const chunk of chunks.slice(1, -1)) expect(chunk.text.startsWith('<tr>')).toBe(true);
    for (const chunk of chunks) expect(chunk.text.match(/<tr>/g)?.length ?? 0).toBe(chunk.text.match(/<\/tr>/g)?.length ?? 0);
  });

  it('keeps a fence indented under a list item whole, blank lines and all (docs sweep 3, L3)', () => {
    const yaml = Array.from(
      { length: 40 },
      (_, i) => `    # step ${i}: configure replica set number ${i} for the service\n    replicas_${i}: ${i}`,
    ).join('\n\n');
    const body = `# Deploy\n\n1. Apply the manifest:\n\n    \`\`\`yaml\n${yaml}\n    \`\`\`\n\n2. Check the rollout.\n`;
    const chunks = chunked(body);
    const listing = chunks.filter((c) => c.text.includes('replicas_'));
    expect(listing).toHaveLength(1);
    expect(listing[0]?.text).toMatch(/^ {4}```yaml\n[\s\S]*replicas_39: 39\n {4}```$/);
    expect(chunks.at(-1)?.text).toBe('2. Check the rollout.');
  });

  it('keeps a MyST directive in colons together with its label, equation and closing colons (docs sweep 3, L11, L19)', () => {
    const prose = 'This result can be visualised as shown in the figure. '.repeat(14).trim();
    const directive = `:::::{prf:example}\n:label: Ex:Series:Geometric\n\n$$\n\\sum_{n=1}^{\\infty}\\frac{1}{2^n}=1.\n$$\n\nthe series is {gap}.\n---\n${prose}\n:::::`;
    const body = `## Series\n\n${prose}\n\n${directive}\n\nThe test for divergence only gives one side.`;
    const chunks = chunked(body);
    expect(chunks.some((c) => c.text.includes(directive))).toBe(true);
    // The `---` inside the directive is no Setext underline: the text after it keeps the section's path.
    expect(chunks.map((c) => c.heading_path)).toEqual(chunks.map(() => ['Series']));
  });

  it("opens a heading's chunk with the MyST label line before it, not the previous section (docs sweep 3, L18)", () => {
    const body = [
      '# Installation\n\nThis guide walks through installing the toolkit on a workstation.\n\n',
      '(install-prereqs)=\n## Prerequisites\n\nYou need Python 3.10 or newer and a C compiler.\n\n',
      '(install-conda)=\n\n## Installing with conda\n\n```bash\nconda install -c conda-forge toolkit\n```\n\n',
      '(install-pip)=\n### Installing with pip\n\nRun `pip install toolkit` inside a virtual environment.\n',
    ].join('');
    const chunks = chunkMarkdown(body);
    for (const c of chunks) expect(body.slice(c.start_char, c.end_char)).toBe(c.text);
    expect(chunks.map((c) => [c.heading_path.at(-1), c.text.split('\n', 1)[0]])).toEqual([
      ['Installation', '# Installation'],
      ['Prerequisites', '(install-prereqs)='],
      ['Installing with conda', '(install-conda)='],
      ['Installing with pip', '(install-pip)='],
    ]);
    expect(chunks.map((c) => c.text.endsWith(')='))).toEqual([false, false, false, false]);
    // A file that opens with a label: the label goes with the title, no chunk of its own.
    expect(chunkMarkdown('(intro)=\n# Introduction\n\nText.').map((c) => c.text)).toEqual(['(intro)=\n# Introduction\n\nText.']);
    // Not past maxChars: a label goes with its heading only while the two are as short as a heading line may be.
    const long = `(a-label-of-some-length)=\n## ${'Heading words '.repeat(6).trim()}, and more\n\n${'word '.repeat(80).trim()}\n`;
    const opts = { targetChars: 100, maxChars: 200 };
    const sized = chunkMarkdown(long, opts);
    expectValidChunks(long, sized, opts);
    expect(Math.max(...sized.map((c) => c.end_char - c.start_char))).toBeLessThanOrEqual(200);
  });

  it("opens the first heading's chunk with the comments alone before it, while they are short (docs sweep 3, L20)", () => {
    const generated = '<!--\n  This file is generated from docs/templates/runbook.md.tmpl.\n  Edit the template, not this file.\n-->';
    const body = `${generated}\n\n# Rotating the signing keys\n\nRotate the webhook signing keys every ninety days.\n\n## Steps\n\n1. Create the new key.\n`;
    expect(chunkMarkdown(body).map((c) => [c.heading_path, c.start_char])).toEqual([
      [['Rotating the signing keys'], 0],
      [['Rotating the signing keys', 'Steps'], body.indexOf('## Steps')],
    ]);
    const lint = '<!-- markdownlint-disable MD033 MD041 -->\n<!-- vale off -->\n\n## Overview\n\nThe gateway fronts every public API.';
    expect(chunkMarkdown(lint).map((c) => c.text)).toEqual([lint]);
    // A comment longer than a heading may be stays a chunk of its own; so does one with text beside it.
    const licence = `<!--\n${'Licensed under the Apache License, Version 2.0. '.repeat(20)}\n-->\n\n# Title\n\nText.`;
    expect(chunkMarkdown(licence).map((c) => c.heading_path)).toEqual([[], ['Title']]);
    const prose = '<!-- draft --> Read this first.\n\n# Title\n\nText.';
    expect(chunkMarkdown(prose).map((c) => c.heading_path)).toEqual([[], ['Title']]);
    for (const text of [body, lint, licence, prose])
      for (const c of chunkMarkdown(text)) expect(text.slice(c.start_char, c.end_char)).toBe(c.text);
  });

  it('opens the chunk of a first heading underlined with = or - with the comments alone before it, as for a # heading', () => {
    const generated = '<!--\n  Generated from docs/templates/runbook.md.tmpl; edit the template.\n-->';
    const body = `${generated}\n\nRotating the signing keys\n=========================\n\nRotate the webhook signing keys every ninety days.\n\nSteps\n-----\n\n1. Create the new key.\n`;
    expect(chunkMarkdown(body).map((c) => [c.heading_path, c.start_char])).toEqual([
      [['Rotating the signing keys'], 0],
      [['Rotating the signing keys', 'Steps'], body.indexOf('Steps\n-----')],
    ]);
    // A comment block closed on the line right before the title, and one-line comments of a linter.
    const closedAbove = '<!--\n  vale off\n-->\nOverview\n--------\n\nThe gateway fronts every public API.';
    const lint =
      '<!-- markdownlint-disable MD033 MD041 -->\n\n<!-- vale off -->\n\nGateway\n=======\n\nThe gateway fronts every public API.';
    for (const text of [closedAbove, lint]) expect(chunkMarkdown(text).map((c) => c.text)).toEqual([text]);
    // A long comment stays a chunk of its own, so does one with text beside it, and a comment after the
    // first heading is part of that heading's section, not of the next one.
    const licence = `<!--\n${'Licensed under the Apache License, Version 2.0. '.repeat(20)}\n-->\n\nTitle\n=====\n\nText.`;
    expect(chunkMarkdown(licence).map((c) => c.heading_path)).toEqual([[], ['Title']]);
    const prose = '<!-- draft --> Read this first.\n\nTitle\n=====\n\nText.';
    expect(chunkMarkdown(prose).map((c) => c.heading_path)).toEqual([[], ['Title']]);
    const later = 'Title\n=====\n\nText.\n\n<!-- next part -->\n\nPart\n----\n\nMore text.';
    const small = chunkMarkdown(later, { targetChars: 10, maxChars: 60 });
    expect(small.find((c) => c.text.includes('<!-- next part -->'))?.heading_path).toEqual(['Title']);
    expect(small.at(-1)?.text).toBe('Part\n----\n\nMore text.');
    for (const text of [body, closedAbove, lint, licence, prose, later])
      for (const c of chunkMarkdown(text)) expect(text.slice(c.start_char, c.end_char)).toBe(c.text);
  });

  it('reads a title underlined with = or - right under a one-line HTML comment as a heading (CommonMark: the comment block ends on its line)', () => {
    const body =
      '<!-- markdownlint-disable MD041 -->\nDeploying the gateway\n=====================\n\nRun the pipeline.\n\n<!-- vale off -->\nRollback\n--------\n\nRevert the release.';
    expect(chunked(body).map((c) => [c.heading_path, c.text])).toEqual([
      [
        ['Deploying the gateway'],
        '<!-- markdownlint-disable MD041 -->\nDeploying the gateway\n=====================\n\nRun the pipeline.\n\n<!-- vale off -->',
      ],
      [['Deploying the gateway', 'Rollback'], 'Rollback\n--------\n\nRevert the release.'],
    ]);
    // Text after the comment on its line is part of the comment's block; the title under it is still a heading.
    const prose = '<!-- draft --> Read this first.\nTitle\n=====\n\nText.';
    expect(chunked(prose).map((c) => [c.heading_path, c.text])).toEqual([
      [[], '<!-- draft --> Read this first.'],
      [['Title'], 'Title\n=====\n\nText.'],
    ]);
    // Two lines over `---` are no title, with a comment above them or not.
    expect(chunked('<!-- note -->\nTwo lines\nof text\n---\n\nMore.').map((c) => c.heading_path)).toEqual([[]]);
  });

  it('keeps a loose list item with its indented continuation paragraph (docs sweep 3, L14)', () => {
    const filler = 'The webhook dispatcher retries each delivery with exponential backoff and jitter. '.repeat(8).trim();
    const steps = [
      '1. Drain the dispatcher queue.\n\n   Wait until the `pending_deliveries` gauge reads zero on every node; a non-empty queue loses events on restart.',
      '2. Roll the new image.\n\n   Use `kubectl rollout restart deploy/dispatcher` and watch the pods come back one by one.',
      '3. Re-enable the consumers.',
    ];
    const body = `# Upgrade checklist\n\n${filler}\n\n${steps.join('\n\n')}\n`;
    const chunks = chunked(body);
    for (const step of steps) expect(chunks.filter((c) => c.text.includes(step))).toHaveLength(1);
    // The cut falls before an item, never between an item and its continuation.
    for (const c of chunks.slice(1)) expect(c.text).toMatch(/^(?:\d+\.|[-*]) /);
    // A paragraph back at the margin after the list, or the next item, is not a continuation.
    const after = chunked('- One.\n\n  More on one.\n\nNot in the list.', { targetChars: 20, maxChars: 40 });
    expect(after.map((c) => c.text)).toEqual(['- One.\n\n  More on one.', 'Not in the list.']);
    const items = chunked('Intro of the list here.\n\n- One.\n\n- Two.', { targetChars: 24, maxChars: 40 });
    expect(items.map((c) => c.text)).toEqual(['Intro of the list here.', '- One.\n\n- Two.']);
  });

  it('records a heading without its code marks, emphasis, attribute block or shortcode (docs sweep 3, L4-L7)', () => {
    const body = [
      '# MPA 模式 <Badge type="warning" text="实验性的" /> {#mpa-mode}',
      '## `<VPTeamMembers>`',
      '## Use `<Badge>` in headings {#badge .wide}',
      '## {{% heading "prerequisites" %}}',
      '## دليل المستخدم لـ **Starknet Foundry**',
      '## Runbook — `stellarindex_change_summary_stale`',
    ]
      .map((heading) => `${heading}\n\nText.`)
      .join('\n\n');
    expect(chunked(body).map((c) => c.heading_path.at(-1))).toEqual([
      'MPA 模式',
      '<VPTeamMembers>',
      'Use <Badge> in headings',
      'prerequisites',
      'دليل المستخدم لـ Starknet Foundry',
      'Runbook — stellarindex_change_summary_stale',
    ]);
  });

  it('records a backslash-escaped character in a heading as itself, not as a backslash or markup, and a NUL as U+FFFD (CommonMark 0.31)', () => {
    const body = [
      '## 1\\. Install the \\*agent\\*',
      '## Use C\\# ##',
      '### foo \\###',
      '## The \\<head\\> tag and `a\\b`',
      '## \\`not code`',
      '## Ta\u0000ble `x`',
    ]
      .map((heading) => `${heading}\n\nText.`)
      .join('\n\n');
    expect(chunked(body).map((c) => c.heading_path.at(-1))).toEqual([
      '1. Install the *agent*',
      'Use C#',
      'foo ###',
      'The <head> tag and a\\b',
      '`not code`',
      'Ta\uFFFDble x',
    ]);
  });

  it('starts a chunk at each heading and records the heading path', () => {
    const body = 'Intro text.\n\n# A\n\nUnder A.\n\n## B\n\nUnder B.\n\n### C\n\nUnder C.\n\n## D ##\n\nUnder D.\n';
    const chunks = chunked(body);
    expect(chunks.map((c) => [c.text, c.heading_path])).toEqual([
      ['Intro text.', []],
      ['# A\n\nUnder A.', ['A']],
      ['## B\n\nUnder B.', ['A', 'B']],
      ['### C\n\nUnder C.', ['A', 'B', 'C']],
      ['## D ##\n\nUnder D.', ['A', 'D']],
    ]);
  });

  it('merges short paragraphs of a section and starts a new chunk past targetChars', () => {
    const para = 'word '.repeat(15).trim();
    const body = `## S\n\n${para}\n\n${para}\n\n${para}\n\n${para}\n`;
    const chunks = chunked(body, { targetChars: 170, maxChars: 300 });
    expect(chunks.map((c) => c.text.split('\n\n').length)).toEqual([3, 2]);
  });

  it('never splits a fenced code block, even one with blank lines, # lines and more than maxChars', () => {
    const code = [
      '```bash',
      '# not a heading',
      '',
      'echo one',
      '',
      '',
      ...Array.from({ length: 40 }, (_, i) => `echo line ${i}`),
      '```',
    ].join('\n');
    const body = `# Run\n\nBefore.\n\n${code}\n\nAfter.\n`;
    const chunks = chunked(body, { targetChars: 100, maxChars: 200 });
    expect(chunks.some((c) => c.text === code)).toBe(true);
    expect(chunks.every((c) => c.heading_path.join('/') === 'Run')).toBe(true);
  });

  it('keeps a tilde fence open past a backtick line and reads an unclosed fence to the end', () => {
    const body = '~~~\n```\n# inside\n~~~\n\n# Out\n\n```\n# still code\n\n';
    const chunks = chunked(body);
    expect(chunks.map((c) => c.heading_path)).toEqual([[], ['Out']]);
    expect(chunks[1]?.text).toBe('# Out\n\n```\n# still code');
  });

  it('splits a paragraph longer than maxChars at sentence ends', () => {
    const sentences = Array.from({ length: 30 }, (_, i) => SENTENCES_EN[i % SENTENCES_EN.length] as string);
    const body = sentences.join(' ');
    const chunks = chunked(body, { targetChars: 200, maxChars: 400 });
    expect(chunks.length).toBeGreaterThan(3);
    for (const c of chunks) expect(c.text).toMatch(/[.!?]$/);
  });

  it('splits Korean text at sentence endings such as 다.', () => {
    const body = `## 배포\n\n${Array.from({ length: 40 }, (_, i) => SENTENCES_KO[i % SENTENCES_KO.length]).join(' ')}`;
    const chunks = chunked(body, { targetChars: 120, maxChars: 240 });
    expect(chunks.length).toBeGreaterThan(3);
    for (const c of chunks) expect(c.text).toMatch(/[다.]$/);
    expect(chunks[0]?.text.startsWith('## 배포\n\n이 결정은')).toBe(true);
  });

  it('falls back to whitespace, then to a hard cut that keeps surrogate pairs whole', () => {
    const words = 'alpha beta gamma delta '.repeat(40).trim();
    expect(chunked(words, { targetChars: 50, maxChars: 80 }).every((c) => !c.text.includes('  '))).toBe(true);
    const emoji = '😀'.repeat(200);
    const chunks = chunked(emoji, { targetChars: 51, maxChars: 80 });
    expect(chunks.length).toBeGreaterThan(1);
    for (const c of chunks) expect(c.text).toMatch(/^(?:😀)+$/u);
  });

  it('keeps CRLF offsets in the original body and gives the same chunks as the LF text', () => {
    const lf = '# 제목\n\n첫 문단이다.\n둘째 줄.\n\n```\n# code\n\nmore\n```\n\n## 둘\n\n' + SENTENCES_KO.join(' ').repeat(8) + '\n';
    const crlf = lf.replace(/\n/g, '\r\n');
    const opts = { targetChars: 150, maxChars: 300 };
    const fromCrlf = chunked(crlf, opts);
    const fromLf = chunked(lf, opts);
    expect(fromCrlf.map((c) => c.text.replace(/\r\n/g, '\n'))).toEqual(fromLf.map((c) => c.text));
    expect(fromCrlf.map((c) => c.heading_path)).toEqual(fromLf.map((c) => c.heading_path));
    for (const c of fromCrlf) expect(c.text.endsWith('\r')).toBe(false);
  });

  it('ends a line at a CR alone too (CommonMark), and reads a CR before a CRLF as a line ending, not part of a heading', () => {
    const lf = '# 제목\n\n첫 문단이다.\n둘째 줄.\n\n```\n# code\n\nmore\n```\n\n## 둘\n\n' + SENTENCES_KO.join(' ').repeat(8) + '\n';
    const opts = { targetChars: 150, maxChars: 300 };
    const fromLf = chunked(lf, opts);
    // Old Mac files end lines with CR; a doubled conversion leaves `\r\r\n`, a line end and a blank line.
    const cr = lf.replace(/\n/g, '\r');
    const doubled = lf.replace(/\n\n/g, '\r\r\n');
    for (const [body, asLf] of [
      [cr, (text: string) => text.replace(/\r/g, '\n')],
      [doubled, (text: string) => text.replace(/\r\r\n/g, '\n\n')],
    ] as const) {
      const chunks = chunked(body, opts);
      expect(chunks.map((c) => asLf(c.text))).toEqual(fromLf.map((c) => c.text));
      expect(chunks.map((c) => c.heading_path)).toEqual(fromLf.map((c) => c.heading_path));
    }
  });

  it('keeps the indentation of a chunk first line but drops blank lines around it', () => {
    const body = '\n\n   \n    indented code\n    more\n\n\n';
    expect(chunked(body).map((c) => c.text)).toEqual(['    indented code\n    more']);
  });

  it('rejects options where targetChars exceeds maxChars', () => {
    expect(() => chunkMarkdown('x', { targetChars: 500, maxChars: 100 })).toThrow(RangeError);
  });

  it('keeps every promise on generated markdown', () => {
    const random = mulberry32(20240601);
    for (let run = 0; run < 400; run++) {
      const targetChars = 40 + Math.floor(random() * 400);
      const opts = { targetChars, maxChars: targetChars + 100 + Math.floor(random() * 400) };
      const body = generateMarkdown(random);
      const chunks = chunkMarkdown(body, opts);
      try {
        expectValidChunks(body, chunks, opts);
      } catch (error) {
        throw new Error(`run ${run} with ${JSON.stringify(opts)} failed on ${JSON.stringify(body)}`, { cause: error });
      }
    }
  });
});

/** A small seeded PRNG so the generated inputs are the same on every run. */
function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function generateMarkdown(random: () => number): string {
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;
  const newline = random() < 0.3 ? '\r\n' : '\n';
  const sentence = () =>
    pick([
      ...SENTENCES_EN,
      ...SENTENCES_KO,
      'x'.repeat(1 + Math.floor(random() * 300)),
      '가나다라마바사'.repeat(1 + Math.floor(random() * 30)),
    ]);
  const paragraph = () => {
    const count = 1 + Math.floor(random() * (random() < 0.2 ? 60 : 5));
    const words = Array.from({ length: count }, sentence);
    return words
      .map((w, i) => (i > 0 && random() < 0.2 ? `${newline}${w}` : w))
      .join(' ')
      .replace(/ \r?\n/g, newline);
  };
  const blocks: string[] = [];
  const count = Math.floor(random() * 14);
  for (let i = 0; i < count; i++) {
    const kind = random();
    if (kind < 0.25)
      blocks.push(
        `${'#'.repeat(1 + Math.floor(random() * 6))} ${pick(['Status', '상태', 'Context', '결정 사항', 'Decision'])}${random() < 0.2 ? ' ##' : ''}`,
      );
    else if (kind < 0.4) {
      const fence = pick(['```', '~~~', '````']);
      const lines = Array.from({ length: Math.floor(random() * 12) }, () =>
        pick(['# not a heading', '', '  ', 'echo hi', '## 코드', 'x = 1']),
      );
      blocks.push([`${fence}${pick(['', 'bash', 'yaml'])}`, ...lines, ...(random() < 0.9 ? [fence] : [])].join(newline));
    } else if (kind < 0.5) blocks.push(Array.from({ length: 1 + Math.floor(random() * 5) }, () => `- ${sentence()}`).join(newline));
    else blocks.push(paragraph());
  }
  const gap = () => pick([newline, `${newline}${newline}`, `${newline} ${newline}`, `${newline}${newline}${newline}`]);
  let text = pick(['', newline, '  ']);
  for (const block of blocks) text += block + gap();
  return text;
}

describe('chunkMarkdown: list items that hold a lead-in and its code, or a table', () => {
  // Both cut once a loose item's continuation was joined to the item (6b327c6, reverted): the item's
  // piece grew past the limits, so its lead-in was no longer one, and its table was split row by row.
  it('keeps an "Example:" lead-in inside a list item with its fence', () => {
    const body = LEAD_IN_ITEM;
    const opts = { targetChars: 260, maxChars: 600 };
    const chunks = chunkMarkdown(body, opts);
    expectValidChunks(body, chunks, opts);
    const withFence = chunks.find((chunk) => body.slice(chunk.start_char, chunk.end_char).includes('tool install left-pad'));
    expect(body.slice(withFence?.start_char ?? 0, withFence?.end_char ?? 0)).toContain('Example:');
  });

  it('keeps a table inside a list item whole when it fits in a chunk', () => {
    const body = TABLE_ITEM;
    const opts = { targetChars: 120, maxChars: 200 };
    const chunks = chunkMarkdown(body, opts);
    expectValidChunks(body, chunks, opts);
    const table = body.slice(body.indexOf('| Flag'), body.indexOf('dry run, no writes |') + 'dry run, no writes |'.length);
    expect(chunks.some((chunk) => body.slice(chunk.start_char, chunk.end_char).includes(table))).toBe(true);
  });
});

const LEAD_IN_ITEM =
  'Intro text for this section.\n\n- `tool install <name>`:\n\n  Installs the named package into the project. It also records the package in the manifest so that later installs on another machine give the same tree of dependencies.\n\n  Example:\n\n  ```sh\n  tool install left-pad\n  ```\n';
const TABLE_ITEM =
  '- Set the flags.\n\n  The flags below change how the resolver works on every run.\n\n  | Flag | Meaning |\n  |---|---|\n  | `-a` | all packages, also dev |\n  | `-b` | bundled ones only |\n  | `-c` | cached ones only |\n  | `-d` | dry run, no writes |\n\n- Run it.\n';

describe('chunkMarkdown: a list item continued after a fenced code block inside it', () => {
  const filler = 'The service reads its settings from the environment at start. '.repeat(2).trim();
  const CONTINUED = 'Then run the tests; this sentence, however long it grows, belongs to step 1 and to no other step.';
  // Each item: its text from the marker to the end of the continuation after its fence (CommonMark:
  // a line indented at least to the item's content column continues the item).
  const shapes: Array<[string, string]> = [
    ['numbered, 3 spaces, backticks', '1. Install the CLI:\n\n   ```sh\n   npm ci\n   ```\n\n   ' + CONTINUED],
    ['dash, 2 spaces, tildes', '- Install the CLI:\n\n  ~~~sh\n  npm ci\n  ~~~\n\n  ' + CONTINUED],
    ['star, 4 spaces', '*   Install the CLI:\n\n    ```sh\n    npm ci\n    ```\n\n    ' + CONTINUED],
    ['tight, no blank lines', '1. Install the CLI:\n   ```sh\n   npm ci\n   ```\n   ' + CONTINUED],
    [
      'nested under a numbered step',
      '1. Prepare the machine:\n   - Install the CLI:\n\n     ```sh\n     npm ci\n     ```\n\n     ' + CONTINUED,
    ],
    ['tab after the marker and tab indents', '-\tInstall the CLI:\n\n\t```sh\n\tnpm ci\n\t```\n\n\t' + CONTINUED],
    ['dash with tab indents', '- Install the CLI:\n\n\t```sh\n\tnpm ci\n\t```\n\n\t' + CONTINUED],
    ['fence on the item line', '- ```bash\n  npm ci\n  ```\n\n  ' + CONTINUED],
  ];

  it.each(shapes)('keeps the continuation with its item and fence (%s)', (_name, item) => {
    const next = /^\s*\d/.test(item) ? '2. Start the server.' : '- Start the server.';
    const body = `# Setup\n\n${filler}\n\n${item}\n${next}\n\nNot in the list: the server listens on port 8080.\n\n# Next\n\nText.`;
    const opts = { targetChars: 120, maxChars: 400 };
    const chunks = chunked(body, opts);
    const own = chunks.filter((c) => c.text.includes(item));
    expect(own).toHaveLength(1);
    // The next item, written right under the continuation, and the paragraph back at the margin are no continuation:
    // with the item they would pass targetChars, so they go on in a chunk of their own.
    expect(own[0]?.text).not.toContain('Start the server');
    expect(own[0]?.text).not.toContain('Not in the list');
    expect(chunks.some((c) => c.text.startsWith(next))).toBe(true);
    expect(chunks.at(-1)).toMatchObject({ text: '# Next\n\nText.', heading_path: ['Next'] });
  });

  it('still cuts an item too long for one chunk the way an oversized block is cut, and an unclosed fence in an item reads to the end as one at the margin does', () => {
    const listing = Array.from({ length: 60 }, (_, i) => `   echo step ${i}`).join('\n');
    const item = `1. Run the script:\n\n   \`\`\`sh\n${listing}\n   \`\`\`\n\n   Then check the log. It names each step.`;
    const body = `# Run\n\n${filler}\n\n${item}\n\n2. Done.`;
    const opts = { targetChars: 120, maxChars: 400 };
    const chunks = chunked(body, opts);
    const fence = chunks.find((c) => c.text.includes('echo step 0'));
    expect(fence?.text).toContain('echo step 59\n   ```');
    expect(chunks.some((c) => c.text.includes('Then check the log. It names each step.'))).toBe(true);
    // A continuation that fits goes with its item and fence up to maxChars, not past it.
    const small = `# Run\n\n${filler}\n\n1. Install the CLI:\n\n   \`\`\`sh\n   npm ci\n   \`\`\`\n\n   ${'Then run the tests. '.repeat(20).trim()}`;
    for (const c of chunked(small, opts)) expect(c.text.length).toBeLessThanOrEqual(400);
    // Unclosed: the fence runs to the end of the document, as an unclosed fence at the margin does, and no further.
    const unclosed = '# Setup\n\n- Install:\n\n  ```sh\n  npm ci\n\nNot in the list.\n\n# Next\n\nText.';
    expect(chunked(unclosed).map((c) => c.text)).toEqual([unclosed]);
    // A fence on the item line is a fence, and never closed it reads to the end as one at the margin does.
    const openItem = '- ```bash\n  npm ci\n\n# Next\n\nText.';
    const openMargin = '```bash\nnpm ci\n\n# Next\n\nText.';
    expect(chunkMarkdown(openItem).map((c) => [c.heading_path, c.text])).toEqual([[[], openItem]]);
    expect(chunked(openMargin).map((c) => [c.heading_path, c.text])).toEqual([[[], openMargin]]);
  });
});

describe('chunkMarkdown: a lead-in to a list item whose content goes on past a blank line', () => {
  const opts = { targetChars: 120, maxChars: 400 };
  const lead = 'The scraper works in two stages:';
  const item = '1. It fetches the catalog and reads the module names.\n\n   - `./models-data/`\n   - `./snapshots-data/`';

  it('keeps heading, lead-in and the item with its continuation in one chunk while they fit in maxChars', () => {
    const body = `## Node pipeline\n\n${lead}\n\n${item}\n\n2. It parses them.`;
    const chunks = chunked(body, opts);
    // The heading and its lead-in were a chunk of their own, the item and its nested list the next.
    expect(chunks[0]?.text).toBe(`## Node pipeline\n\n${lead}\n\n${item}`);
  });

  it('moves a lead-in later in a chunk to the next chunk with the item and its continuation', () => {
    const filler = 'The service reads its settings from the environment at start, and the scraper runs nightly.';
    const body = `## Node pipeline\n\n${filler}\n\n${lead}\n\n${item}\n\n2. It parses them.`;
    const chunks = chunked(body, opts);
    // The lead-in was left as a chunk of its own between the filler and its item.
    expect(chunks.map((c) => c.text)).toContain(`${lead}\n\n${item}`);
    expect(chunks.some((c) => c.text === lead)).toBe(false);
  });
});

describe('chunkMarkdown: the next list item written right under a continuation paragraph', () => {
  const opts = { targetChars: 60, maxChars: 400 };
  const intro = '# Steps\n\nSome intro sentence that is here.\n\n';
  const CONT = 'It lives in the tools folder and needs Node 20.';
  const REST = 'Configure it by hand with the file in your home folder.';
  // Each shape: the list with `{gap}` between the continuation and the next item; CommonMark reads it the same with or
  // without a blank line there (an item's marker at the list's indentation starts a new item).
  const shapes: Array<[string, string]> = [
    ['numbered', `1. Install the CLI.\n\n   ${CONT}{gap}2. ${REST}\n3. Run it against staging first.\n4. Check the logs.`],
    ['dash', `- Install the CLI.\n\n  ${CONT}{gap}- ${REST}\n- Run it against staging first.\n- Check the logs.`],
    ['star, 4 spaces', `*   Install the CLI.\n\n    ${CONT}{gap}*   ${REST}\n*   Run it against staging first.`],
  ];
  const nested = `- Prepare:\n  - Install the CLI.\n\n    ${CONT}{gap}  - ${REST}\n  - Run it against staging first.\n- Check the logs.`;
  const texts = (list: string, gap: string) =>
    chunked(intro + list.replace('{gap}', gap), opts).map((c) => c.text.replace(`${CONT}\n\n`, `${CONT}\n`));

  it.each(shapes)('chunks it as when a blank line comes first (%s)', (_name, list) => {
    const tight = texts(list, '\n');
    expect(tight).toEqual(texts(list, '\n\n'));
    // The next item opens a chunk of its own: it was kept in the continuation's chunk, with the items after it.
    const own = tight.find((text) => text.includes(CONT));
    expect(own).toBeDefined();
    expect(own).not.toContain(REST);
  });

  it('chunks a nested list as when a blank line comes first: the next item stays in the outer item it belongs to', () => {
    const tight = texts(nested, '\n');
    expect(tight).toEqual(texts(nested, '\n\n'));
    expect(tight.find((text) => text.includes(CONT))).toContain(REST);
    expect(tight.at(-1)).toBe('- Check the logs.');
  });
});

describe('chunkMarkdown: a lazy continuation line in a list item', () => {
  const opts = { targetChars: 60, maxChars: 400 };
  const intro = '# Steps\n\nSome intro sentence that is here.\n\n';
  const LAZY = 'which needs Node 20 to run at all:';
  const AFTER = 'Then run the tests; this sentence belongs to the step above.';
  // Each shape: `{lazy}` is the second line of the item's paragraph, written at the margin or indented to the item's
  // content column. CommonMark reads both alike: text right under a paragraph line goes on with the paragraph.
  const shapes: Array<[string, string, string]> = [
    [
      'numbered, fence and text after',
      `1. Install the CLI from the tools folder\n{lazy}\n\n   \`\`\`sh\n   npm ci\n   \`\`\`\n\n   ${AFTER}\n\n2. Next.`,
      '   ',
    ],
    ['dash, text after', `- Install the CLI from the tools folder\n{lazy}\n\n  ${AFTER}\n- Next.`, '  '],
    [
      'nested',
      `- Prepare the machine.\n  - Install the CLI from the tools folder\n{lazy}\n\n    \`\`\`sh\n    npm ci\n    \`\`\`\n\n    ${AFTER}\n- Next.`,
      '    ',
    ],
  ];

  it.each(shapes)('keeps what the item holds after it with the item, as when the line is indented (%s)', (_name, list, indent) => {
    const lazy = chunked(intro + list.replace('{lazy}', LAZY), opts).map((c) => c.text);
    const indented = chunked(intro + list.replace('{lazy}', indent + LAZY), opts).map((c) =>
      c.text.replace(`\n${indent}${LAZY}`, `\n${LAZY}`),
    );
    expect(lazy).toEqual(indented);
    // The text after the item's fence or blank line belongs to the item: the lazy line closed it, so that text was cut off.
    expect(lazy.find((text) => text.includes(AFTER))).toContain(LAZY);
  });
});

describe('chunkMarkdown: a --- under a list item continuation paragraph', () => {
  it('is a rule after the list, not an underline making the continuation a heading; a paragraph at the margin or in the item is underlined', () => {
    const opts = { targetChars: 60, maxChars: 400 };
    const body = '# Runbook\n\n1. Drain the node.\n\n   Wait for the pods to move\n---\n\nAfter the rule: the node is empty.';
    const chunks = chunked(body, opts);
    // It was a Setext heading 'Wait for the pods to move', filing the text after the rule under it.
    expect(chunks.map((c) => c.heading_path)).toEqual(chunks.map(() => ['Runbook']));
    expect(chunks.map((c) => c.text).join('\n\n')).toBe(body);
    // Under a paragraph back at the margin, or one indented as far as the item holding it, `---` still underlines.
    const margin = chunked('# Runbook\n\n- Drain the node.\n\nWait for the pods\n---\n\nText.', opts);
    expect(margin.at(-1)?.heading_path).toEqual(['Runbook', 'Wait for the pods']);
    const inItem = chunked('# Runbook\n\n- Drain the node.\n\n  Wait for the pods\n  ---\n\n  Text.', opts);
    expect(inItem.at(-1)?.heading_path).toEqual(['Runbook', 'Wait for the pods']);
  });
});

describe('chunkMarkdown: a list item whose text starts on the line after its marker', () => {
  const opts = { targetChars: 60, maxChars: 400 };
  const intro = '# Setup\n\nIntro paragraph is here, long enough.\n\n';
  const AFTER = 'Then run the tests; it belongs to step one.';
  const shapes: Array<[string, string]> = [
    ['numbered, fence', `1.{sp}\n   \`\`\`sh\n   npm ci\n   \`\`\`\n\n   ${AFTER}\n2.{sp}\n   Next step text.`],
    ['dash, paragraph', `-{sp}\n  Install the CLI from the tools folder.\n\n  ${AFTER}\n-{sp}\n  Next step text.`],
  ];

  it.each(shapes)('chunks it as when a space follows the marker (%s)', (_name, list) => {
    const bare = chunked(intro + list.replaceAll('{sp}', ''), opts).map((c) => c.text);
    const spaced = chunked(intro + list.replaceAll('{sp}', ' '), opts).map((c) => c.text.replaceAll(/^(1\.|2\.|-) $/gm, '$1'));
    expect(bare).toEqual(spaced);
    // The marker line was no item: it ended the intro's chunk, and the item's text after a blank line was cut from it.
    expect(bare.find((text) => text.includes(AFTER))).toMatch(/^(1\.|-)\n/);
    // Right under a paragraph line `1.` is no item (CommonMark: an empty item does not interrupt a paragraph; `-` there is an underline).
    const under = '# Setup\n\nThe steps below come from\n1.\n\n   Indented text, in no item.';
    expect(chunked(under, opts).map((c) => c.text)).toEqual(
      chunked(under.replace('from\n1.', 'from\nmore'), opts).map((c) => c.text.replace('from\nmore', 'from\n1.')),
    );
  });
});

describe('chunkMarkdown: a === or --- line right under a list item text (CommonMark 0.31, setext headings)', () => {
  const opts = { targetChars: 60, maxChars: 400 };
  const intro = '# Runbook\n\nSome intro sentence that is here.\n\n';
  const AFTER = 'Then run the tests; this sentence belongs to the step above.';
  const list = (second: string) => `${intro}- Install the CLI from the tools folder\n${second}\n\n  ${AFTER}\n- Next.`;

  it('reads === at the margin as the item text going on (an underline is never a lazy line), so the item keeps what follows it', () => {
    const underline = chunked(list('==='), opts).map((c) => [c.text, c.heading_path]);
    // It closed the item: the text after the blank line fell out of the item and the next item was glued to it.
    expect(underline).toEqual(chunked(list('zzz'), opts).map((c) => [c.text.replace('folder\nzzz', 'folder\n==='), c.heading_path]));
    expect(underline.map(([, path]) => path)).toEqual(underline.map(() => ['Runbook']));
    expect(underline.at(-1)?.[0]).toBe('- Next.');
  });

  it('reads === or --- indented to the item text as a heading inside the item, titled by the text past the marker, and no less indented one', () => {
    const h1 = chunked(list('  ==='), opts);
    expect(h1.map((c) => [c.text, c.heading_path])).toEqual([
      ['# Runbook\n\nSome intro sentence that is here.', ['Runbook']],
      [`- Install the CLI from the tools folder\n  ===\n\n  ${AFTER}`, ['Install the CLI from the tools folder']],
      ['- Next.', ['Install the CLI from the tools folder']],
    ]);
    const h2 = chunked(`${intro}1. Install the CLI\n   ---\n\n   ${AFTER}\n2. Next.`, opts);
    expect(h2.map((c) => c.heading_path)).toEqual([['Runbook'], ['Runbook', 'Install the CLI'], ['Runbook', 'Install the CLI']]);
    expect(h2[1]?.text).toBe(`1. Install the CLI\n   ---\n\n   ${AFTER}`);
    // Less indented than the item text, --- is a rule after the list, and === under a nested item at the outer item its text.
    for (const rule of ['---', ' ---']) expect(chunked(list(rule), opts).map((c) => c.heading_path)).toEqual([['Runbook'], ['Runbook']]);
    const nested = chunked(`${intro}- Outer\n\n  - Install the CLI\n  ===\n\n  ${AFTER}`, opts);
    expect(nested.map((c) => c.heading_path)).toEqual(nested.map(() => ['Runbook']));
  });
});

describe('chunkMarkdown: an ATX heading inside a list item (CommonMark 0.31: `- ## x` is an h2 in the item)', () => {
  const opts = { targetChars: 60, maxChars: 400 };
  const intro = '# Runbook\n\nSome intro sentence that is here.\n\n';

  it('opens a chunk and the heading path at a heading on an item marker line, and the item keeps what follows it', () => {
    const body = `${intro}1. ## Install\n\n   Run the installer.\n\n2. ### Configure ###\n\n   Set the flags.\n\nAfter the list.`;
    expect(chunked(body, opts).map((c) => [c.text, c.heading_path])).toEqual([
      ['# Runbook\n\nSome intro sentence that is here.', ['Runbook']],
      ['1. ## Install\n\n   Run the installer.', ['Runbook', 'Install']],
      ['2. ### Configure ###\n\n   Set the flags.\n\nAfter the list.', ['Runbook', 'Install', 'Configure']],
    ]);
  });

  it('measures a heading inside an item from its content column, as a fence is', () => {
    // Four spaces in an item whose text starts at column 3 is one column in: a heading, not indented code.
    const indented = chunked(`${intro}1. Step one of the procedure.\n\n    ## Notes\n\n    Keep the logs.`, opts);
    expect(indented.map((c) => [c.text, c.heading_path])).toEqual([
      ['# Runbook\n\nSome intro sentence that is here.', ['Runbook']],
      ['1. Step one of the procedure.', ['Runbook']],
      ['    ## Notes\n\n    Keep the logs.', ['Runbook', 'Notes']],
    ]);
    // Four columns past the item's text it is indented code, and five spaces after the marker open indented code in the item:
    // no heading there, and no fence either (the `## x` after it is a heading at the margin, no code line).
    const code = `${intro}- Step.\n\n      ## not a heading\n\n-      ## nor this\n\n-      \`\`\`\n## Real`;
    const chunks = chunked(code, opts);
    expect(chunks.map((c) => c.heading_path)).toEqual([...chunks.slice(0, -1).map(() => ['Runbook']), ['Runbook', 'Real']]);
    expect(chunks.at(-1)?.text).toBe('## Real');
  });
});

describe('chunkMarkdown: link reference definitions and badges, as READMEs hold them', () => {
  const opts = { targetChars: 60, maxChars: 120 };
  const prose = '# Proxy agent\n\nThe agent tunnels every request through the configured HTTP proxy.';

  it('leaves out a chunk of nothing but link reference definitions, and keeps positions in order', () => {
    const body = `${prose}\n\n[http-proxy-agent]: ../http-proxy-agent\n[socks]: <https://example.com/socks> "SOCKS"\n> [pac]: ../pac-proxy-agent\n\n## Usage\n\nCall the agent once per host.`;
    const chunks = chunkMarkdown(body, opts);
    expect(chunks.map((c) => c.text)).toEqual([
      '# Proxy agent\n\nThe agent tunnels every request through the configured HTTP proxy.',
      '## Usage\n\nCall the agent once per host.',
    ]);
    expect(chunks.map((c) => c.position)).toEqual([0, 1]);
  });

  it('leaves out a chunk of badge lines, several badges on a line or one each', () => {
    const badges =
      '[![Build Status](https://github.com/o/r/workflows/CI/badge.svg)](https://github.com/o/r/actions?query=workflow%3ACI) [![npm](https://img.shields.io/npm/v/r.svg)](https://npm.im/r)\n[![Slack](https://img.shields.io/badge/slack-chat-green.svg)](https://join.slack.com/t/r)';
    const chunks = chunkMarkdown(`${badges}\n\n${prose}`, { targetChars: 400, maxChars: 800 });
    expect(chunks.some((c) => c.text.includes('badge.svg'))).toBe(false);
    expect(chunks.some((c) => c.text.includes('tunnels every request'))).toBe(true);
  });

  it('keeps a chunk with a heading, prose, a bare image or a definition broken over lines beside the definitions', () => {
    const kept = [
      '## License\n\n[mit]: https://opensource.org/licenses/MIT',
      'Released under the [MIT licence][mit].\n\n[mit]: https://opensource.org/licenses/MIT',
      '![Architecture of the settlement engine](docs/arch.png)',
      '[mit]:\n  https://opensource.org/licenses/MIT',
    ];
    for (const text of kept)
      expect(
        chunkMarkdown(text, { targetChars: 400, maxChars: 800 }).map((c) => c.text),
        text,
      ).toEqual([text]);
  });
});
