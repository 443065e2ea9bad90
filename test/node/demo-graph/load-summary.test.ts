import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { summaryOfPlan } from '../../support/load-summary';
import type { CliDoor } from '../../../electron/cli/cli-door';
import { startDemo } from '../../../electron/cli/commands/start-command';
import { DEMO_CORPUS_SOURCE } from '../../../shared/demo-load-messages';
import { formatLoadSummary } from '../../../electron/cli/commands/demo-command';
import type { LoadPlan } from '../../../electron/corpus/corpus-model';
import { buildLoadPlan, type DemoLoadSummary } from '../../../electron/demo-graph/demo-loader';
import { REPO_ROOT } from '../../support/test-env';
import { useTempFolders } from '../../support/temp-folders';
import { EDGE_CASES } from '../../support/loader-edge-cases';

const { folderWith } = useTempFolders('lens-load-summary-');

const CONVENTIONS = path.join(REPO_ROOT, 'test', 'fixtures', 'adr-conventions');
const GOVUK = path.resolve(REPO_ROOT, '..', 'shared', 'data', 'govuk-aws-adr');

/** A summary as `loadDemo` returns it for this plan (the counts are the plan's, as the writer counts them). */
function summaryOf(plan: LoadPlan, source = EDGE_CASES): DemoLoadSummary {
  return summaryOfPlan(plan, source, {
    documents: plan.documents.length,
    adrs: plan.documents.filter((d) => d.adr).length,
    chunks: plan.documents.reduce((n, d) => n + d.chunks.length, 0),
    supersessions: plan.supersessions.length,
    claims: plan.claims.length,
    entities: plan.entities.length,
    principals: plan.principals.length,
    groups: plan.groups.length,
  });
}

describe('the load summary', () => {
  it('prints a count for each access default applied, the skipped files by name, and the failures', () => {
    const text = formatLoadSummary(summaryOf(buildLoadPlan({ docsDir: EDGE_CASES })));
    const lines = text.split('\n');
    const defaults = lines.indexOf('Access defaults applied, counted in files (--json names them):');
    expect(lines.slice(defaults, defaults + 5)).toEqual([
      'Access defaults applied, counted in files (--json names them):',
      '  visibility defaulted to restricted: 2 files',
      '  visibility defaulted to private (owner only): 1 file',
      '  workspace defaulted to "default": 1 file',
      '  no ACL at all → public in workspace "default": 3 files',
    ]);
    expect(text).toContain(
      'Skipped (1; left out on purpose, the rest loaded):\n  - image.md: starts like a PNG image; skipped as binary.\n',
    );
    expect(text).toMatch(/Failed \(2; everything else loaded\):\n {2}- groups-string\.md line 5: ACL field allowed_groups/);
  });

  it('says no default was applied when every file gave its access fields, as in the demo corpus', () => {
    const plan = buildLoadPlan();
    expect(Object.values(plan.aclDefaults).map((d) => d.count)).toEqual([0, 0, 0, 0]);
    expect(formatLoadSummary(summaryOf(plan))).toContain('\nAccess defaults applied: none (every file gave its access fields)\n');
  });

  it('counts a decision log without access fields as the one file it is, beside the several documents it loads as', () => {
    const log =
      '# Architecture Decisions\n\n### ADR-005: Tailwind\n\n**Status:** Superseded by ADR-007\n\n### ADR-007: SCSS\n\n**Status:** Accepted\n';
    const folder = folderWith({ 'docs/DECISIONS.md': log, 'docs/guide.md': '# Guide\n\nHow we work.\n' });
    const text = formatLoadSummary(summaryOf(buildLoadPlan({ docsDir: folder }), folder));
    expect(text).toMatch(/^ {2}4 documents \(2 ADRs/m);
    expect(text).toContain('\n  no ACL at all → public in workspace "default": 2 files\n');
  });

  it('counts the ADRs recognised by status, and names each status not understood and each reference not resolved', () => {
    const text = formatLoadSummary(summaryOf(buildLoadPlan({ docsDir: path.join(CONVENTIONS, 'architecture-decision-record') })));
    expect(text).toContain(
      '  ADRs recognised: 16 (8 accepted, 1 proposed, 1 pending (incomplete, on hold), 1 rejected, 3 superseded, 2 no or unknown status); supersessions: 4 (1 partial, 1 drift: the newer record alone says so)\n',
    );
    expect(text).toContain(
      '  Statuses not understood (1; kept verbatim, read as unknown):\n    - 0029-exploratory-work.md: "🌀 Exploratory"\n',
    );
    expect(text).toContain(
      '  Record references not resolved (1; no edge was written for them):\n    - 0030-old-firewall.md: the link to "0031-new-firewall.md", named as its successor, matches no ADR in this corpus; fix the link target or add that ADR to the folder\n',
    );
    expect(text).not.toContain('no ADR is named as its successor');
  });

  it('names the principal each loaded workspace can be queried as', () => {
    const text = formatLoadSummary(summaryOf(buildLoadPlan({ docsDir: EDGE_CASES })));
    expect(text).toContain(
      [
        'Query as (lens query "…" --as <principal>; each sees its workspace\'s public documents):',
        '  default: default-reader (made by the loader; 3 public documents)',
        '  ws-acme: ws-acme-reader (made by the loader; 1 public document)',
      ].join('\n'),
    );
  });

  it('names the markdown-like files it skipped, with the option that reads them', () => {
    const text = formatLoadSummary(summaryOf(buildLoadPlan({ docsDir: path.join(CONVENTIONS, 'templated') })));
    expect(text).toContain('  - guide.html.md.erb: is a markdown-like file (.md.erb) that is not read; pass --ext md.erb to read it.\n');
    expect(text).toContain('  - notes.mdx: is a markdown-like file (.mdx) that is not read; pass --ext mdx to read it.\n');
  });

  it('prints the file names it quotes escaped, so a name cannot retitle the terminal, colour it or start a line of its own', () => {
    const retitle = 'a\x1b]0;pwned\x07.md';
    const folder = folderWith({
      [retitle]: '# A\n\nNo access fields.\n',
      'b\x1b[2Kc.md': new Uint8Array([0x23, 0x20, 0x42, 0x00, 0x0a]),
      'd\ne.md': '---\ntitle: [unclosed\n---\n# D\n',
    });
    const summary = summaryOf(buildLoadPlan({ docsDir: folder }), folder);
    // The loader leaves each such file unread, naming it with the character escaped (it had loaded
    // them, and their names were their documents' files and sources).
    expect([summary.skipped.length, summary.failed.length, summary.warnings.length]).toEqual([3, 0, 0]);
    const text = formatLoadSummary(summary);
    const controls = [...text].filter(
      (character) => character !== '\n' && ((character.codePointAt(0) ?? 0) < 0x20 || character === '\x7f'),
    );
    expect(controls).toEqual([]);
    expect(text).toContain('\n  - b\\u001B[2Kc.md: its name holds U+001B (character 2)');
    expect(text).toContain('\n  - d\\u000Ae.md: its name holds U+000A (character 2)');
    expect(text).toContain('\n  - a\\u001B]0;pwned\\u0007.md: its name holds U+001B (character 2)');
    expect(text.split('\n').filter((line) => line.startsWith('e.md'))).toEqual([]);
  });

  it.skipIf(!fs.existsSync(GOVUK))('summarises govuk-aws-adr: 38 ADRs by status, three supersessions, one ready principal', () => {
    const text = formatLoadSummary(summaryOf(buildLoadPlan({ docsDir: GOVUK }), GOVUK));
    expect(text).toContain(
      '  ADRs recognised: 38 (29 accepted, 1 proposed, 6 pending (incomplete, on hold), 1 superseded, 1 partly superseded); supersessions: 3 (2 partial, 0 drift: the newer record alone says so)\n',
    );
    expect(text).toContain('  default: default-reader (made by the loader; 39 public documents)');
    expect(text).not.toMatch(/Statuses not understood|Record references not resolved/);
  });
});

describe('lens start after it loaded the demo', () => {
  it('prints where the server is, then the summary of what it loaded once, without saying again that it is loading', async () => {
    const loaded = summaryOf(buildLoadPlan(), DEMO_CORPUS_SOURCE);
    const door = {
      call: (async () => ({ job_id: 'job-1' })) as unknown as CliDoor['call'],
      waitForJob: (async () => ({
        job_id: 'job-1',
        state: 'done',
        events: [],
        result: { server: { version: '5.26.30', bolt_uri: 'bolt://127.0.0.1:7687', reused: false }, loaded },
      })) as unknown as CliDoor['waitForJob'],
    };
    const written: string[] = [];
    const stdout = vi.spyOn(process.stdout, 'write').mockImplementation((chunk) => {
      written.push(String(chunk));
      return true;
    });
    try {
      await startDemo(
        door,
        Object.assign(() => undefined, { done: () => undefined }),
      );
    } finally {
      stdout.mockRestore();
    }
    expect(written.join('')).toBe(`Started the demo Neo4j 5.26.30 on bolt://127.0.0.1:7687\n${formatLoadSummary(loaded)}`);
  });
});

describe('the load summary of a folder of many files', () => {
  it('prints the first 50 of a long list and how many more, while the header counts them all and --json keeps every one', () => {
    const files: Record<string, string> = { 'kept.md': '# Kept\n\nText.\n' };
    for (let index = 0; index < 120; index += 1) files[`empty-${String(index).padStart(3, '0')}.md`] = '';
    const summary = summaryOf(buildLoadPlan({ docsDir: folderWith(files) }));
    const lines = formatLoadSummary(summary).split('\n');
    const header = lines.indexOf('Skipped (120; left out on purpose, the rest loaded):');
    expect(header).toBeGreaterThan(-1);
    const listed = lines.slice(header + 1, header + 51);
    expect(listed.every((line) => line.startsWith('  - empty-'))).toBe(true);
    expect(listed[49]).toMatch(/^ {2}- empty-049\.md: is empty/);
    expect(lines[header + 51]).toBe('  … and 70 more (lens demo load --json lists every one)');
    expect(summary.skipped).toHaveLength(120);
  });
});
