import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parseAdr, type AdrFacts, type AdrStatus } from '../../../electron/corpus/adr-record';
import { resolveSupersessions, type AdrRecord } from '../../../electron/corpus/adr-supersession';
import { parseFrontMatter } from '../../../electron/corpus/front-matter';
import { readMarkdownFolder } from '../../../electron/corpus/markdown-folder';

// The corpus sits beside the checkout (../shared/data), locally and in CI; it is read, never copied.
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
const corpusDir = path.resolve(repoRoot, '..', 'shared', 'data', 'govuk-aws-adr');
const exists = existsSync(corpusDir);

describe.skipIf(!exists)(
  exists
    ? 'ADR parsing on the real govuk-aws-adr corpus'
    : `ADR parsing on the govuk-aws-adr corpus is skipped: the folder ${corpusDir} is missing`,
  () => {
    const adrFiles = exists
      ? readdirSync(corpusDir)
          .filter((f) => /^\d{4}-.*\.md$/.test(f))
          .sort()
      : [];
    const texts = new Map(adrFiles.map((f) => [f, readFileSync(path.join(corpusDir, f), 'utf8')]));
    const parsed = new Map<string, AdrFacts | null>(
      adrFiles.map((f) => {
        const { data, body } = parseFrontMatter(texts.get(f) as string, f);
        return [f, parseAdr({ fileName: f, body, frontMatter: data })];
      }),
    );
    const facts = (prefix: string): AdrFacts => {
      const entry = [...parsed].find(([f]) => f.startsWith(prefix));
      if (!entry?.[1]) throw new Error(`no parsed ADR for ${prefix}`);
      return entry[1];
    };
    const records: AdrRecord[] = [...parsed].map(([f, v]) => ({ document_id: f.slice(0, 4), fileName: f, facts: v as AdrFacts }));

    it('parses every one of the 38 ADR files to facts', () => {
      expect(adrFiles).toHaveLength(38);
      for (const [file, value] of parsed) expect(value, file).not.toBeNull();
    });

    it('does not take the folder provenance note SOURCE.md for an ADR', () => {
      const text = readFileSync(path.join(corpusDir, 'SOURCE.md'), 'utf8');
      expect(parseAdr({ fileName: 'SOURCE.md', body: text, frontMatter: {} })).toBeNull();
    });

    it('keeps the status word of each file verbatim and maps it', () => {
      // Independent reading: the first non-blank line after "## Status", as adr-tools writes it.
      const rawCounts: Record<string, number> = {};
      for (const [file, text] of texts) {
        const raw = /^## Status\s*\n(?:[ \t]*\n)*([^\n]+)/m.exec(text)?.[1]?.trim() ?? '';
        expect(parsed.get(file)?.status_raw, file).toBe(raw);
        const word = raw.replace(/ by .*/, '');
        rawCounts[word] = (rawCounts[word] ?? 0) + 1;
      }
      expect(rawCounts).toEqual({ Accepted: 28, Approved: 1, Pending: 6, Proposed: 1, Superseded: 1, 'Partly superseded': 1 });

      const statusCounts: Partial<Record<AdrStatus, number>> = {};
      for (const value of parsed.values()) if (value) statusCounts[value.status] = (statusCounts[value.status] ?? 0) + 1;
      expect(statusCounts).toEqual({ accepted: 29, pending: 6, proposed: 1, superseded: 1, partly_superseded: 1 });
      expect([...parsed.values()].every((v) => v?.status_source === 'nygard')).toBe(true);
    });

    it('reads the Date line of every file as decided_at', () => {
      for (const [file, text] of texts) {
        const date = /^Date: (\d{4}-\d{2}-\d{2})/m.exec(text)?.[1] ?? null;
        expect(date, `${file} has a Date line`).not.toBeNull();
        expect(parsed.get(file)?.decided_at, file).toBe(date);
      }
    });

    it('reads 0001 as accepted, with id, number and title', () => {
      expect(facts('0001')).toMatchObject({
        adr_id: 'ADR-0001',
        number: 1,
        title: 'Record architecture decisions',
        status: 'accepted',
        decided_at: '2017-06-30',
        links: [],
      });
    });

    it('takes the id of 0033 from its file name although its title says "3."', () => {
      expect(facts('0033')).toMatchObject({ adr_id: 'ADR-0033', number: 33, title: 'Networking Outline', status: 'pending' });
    });

    it('keeps 0010 accepted and reads its "Amended by" line, and 0017\'s "Amends", as a partial supersession', () => {
      expect(facts('0010')).toMatchObject({ status: 'accepted', status_raw: 'Accepted' });
      expect(facts('0010').links).toEqual([
        { relation: 'superseded_by', partial: true, target: '0017-terraform-data-structure.md', form: 'link', stated_in: 'status' },
      ]);
      expect(facts('0017').links).toEqual([
        { relation: 'supersedes', partial: true, target: '0010-terraform-directory-structure.md', form: 'link', stated_in: 'status' },
      ]);
      const { edges } = resolveSupersessions(records);
      expect(edges.find((e) => e.from_document_id === '0010')).toEqual({
        from_document_id: '0010',
        to_document_id: '0017',
        partial: true,
        stated_in: ['old_status', 'new_status'],
        drift: false,
      });
    });

    it('resolves 0004 → 0015 as a full supersession stated in the old status', () => {
      expect(facts('0004').status).toBe('superseded');
      const { edges } = resolveSupersessions(records);
      expect(edges.find((e) => e.from_document_id === '0004')).toEqual({
        from_document_id: '0004',
        to_document_id: '0015',
        partial: false,
        stated_in: ['old_status'],
        drift: false,
      });
    });

    it('resolves 0003 → 0033 as partial, stated in the bodies of both records', () => {
      expect(facts('0003').status).toBe('partly_superseded');
      const { edges } = resolveSupersessions(records);
      expect(edges.find((e) => e.from_document_id === '0003')).toEqual({
        from_document_id: '0003',
        to_document_id: '0033',
        partial: true,
        stated_in: ['old_body', 'new_body'],
        drift: false,
      });
    });

    it('finds exactly those three edges and no problems', () => {
      const { edges, problems } = resolveSupersessions(records);
      expect(edges.map((e) => `${e.from_document_id}->${e.to_document_id}`)).toEqual(['0003->0033', '0004->0015', '0010->0017']);
      expect(problems).toEqual([]);
    });

    it('recognises all 38 records when the folder itself is loaded, and only SOURCE.md stays a plain document', () => {
      const folder = readMarkdownFolder(corpusDir);
      expect(folder.documents.filter((d) => d.adr === null).map((d) => d.file)).toEqual(['SOURCE.md']);
      expect(folder.adrs).toMatchObject({
        recognised: 38,
        statuses: { accepted: 29, pending: 6, proposed: 1, superseded: 1, partly_superseded: 1, rejected: 0, deprecated: 0, unknown: 0 },
        statuses_not_understood: [],
        unresolved_references: [],
        supersessions: { total: 3, partial: 2, drift: 0 },
      });
    });
  },
);
