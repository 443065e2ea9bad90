import { describe, expect, it } from 'vitest';
import { AdrTargetIndex, titleKey } from '../../../electron/corpus/adr-target-index';

interface Rec {
  fileName: string;
  facts: { adr_id: string; number: number | null; title: string | null };
}

const rec = (fileName: string, adr_id: string, number: number | null, title: string | null): Rec => ({
  fileName,
  facts: { adr_id, number, title },
});
const RECORDS = [
  rec('architecture-decision-record/0004-use-bash.md', 'ADR-0004', 4, 'Use bash, node and python'),
  rec('architecture-decision-record/0019-use-go.md', 'ADR-0019', 19, 'Use bash and go as core languages'),
  rec('docs/adr/0019-other.md', 'ADR-0019', 19, 'Another nineteen'),
  rec('docs/adr/0022-EKS.md', 'ADR-0022', 22, 'EKS'),
];
const index = new AdrTargetIndex(RECORDS);
const from = { fileName: 'architecture-decision-record/0001-x.md' };
const fileOf = (found: ReturnType<typeof index.resolve>) =>
  found && 'record' in found ? found.record.fileName : found && 'ambiguous' in found ? found.ambiguous.map((r) => r.fileName) : null;

describe('AdrTargetIndex: links', () => {
  it.each([
    ['0004-use-bash.md', 'architecture-decision-record/0004-use-bash.md'],
    ['./0019-use-go.md#decision', 'architecture-decision-record/0019-use-go.md'],
    ['../docs/adr/0019-other.md', 'docs/adr/0019-other.md'],
    ['0004-use-bash.html', 'architecture-decision-record/0004-use-bash.md'],
    ['0004-use-bash', 'architecture-decision-record/0004-use-bash.md'],
    ['0022-eks.md', 'docs/adr/0022-EKS.md'],
    ['0004-use%2Dbash.md', 'architecture-decision-record/0004-use-bash.md'],
  ])('resolves the relative link %s', (target, file) => {
    expect(fileOf(index.resolve({ target, form: 'link' }, from))).toBe(file);
  });

  it('resolves an absolute repository URL by the file its path ends in', () => {
    const target = 'https://github.com/example-org/platform/blob/main/architecture-decision-record/0004-use-bash.md';
    expect(fileOf(index.resolve({ target, form: 'link' }, from))).toBe('architecture-decision-record/0004-use-bash.md');
  });

  it('narrows two records with the same file name to the one whose path the URL ends in', () => {
    const many = new AdrTargetIndex([rec('a/adr/0001-x.md', 'ADR-0001', 1, 'X'), rec('b/adr/0001-x.md', 'ADR-0001', 1, 'X')]);
    const found = many.resolve({ target: 'https://github.com/o/r/blob/main/b/adr/0001-x.md', form: 'link' }, { fileName: 'c.md' });
    expect(found && 'record' in found ? found.record.fileName : null).toBe('b/adr/0001-x.md');
  });

  it('resolves nothing for a URL whose file is not in the corpus', () => {
    expect(index.resolve({ target: 'https://github.com/o/r/blob/main/adr/0099-missing.md', form: 'link' }, from)).toBeNull();
  });
});

describe('AdrTargetIndex: references and titles', () => {
  it.each([
    ['ADR-0004', 'architecture-decision-record/0004-use-bash.md'],
    ['#4', 'architecture-decision-record/0004-use-bash.md'],
    ['4', 'architecture-decision-record/0004-use-bash.md'],
    ['0022', 'docs/adr/0022-EKS.md'],
  ])('resolves the reference %s by id or number', (target, file) => {
    expect(fileOf(index.resolve({ target, form: 'reference' }, from))).toBe(file);
  });

  it("reports a number two records share as ambiguous when neither is in the referring record's folder", () => {
    expect(fileOf(index.resolve({ target: 'ADR 19', form: 'reference' }, { fileName: 'elsewhere/x.md' }))).toEqual([
      'architecture-decision-record/0019-use-go.md',
      'docs/adr/0019-other.md',
    ]);
  });

  it.each([
    ['Use bash and go as core languages', 'architecture-decision-record/0019-use-go.md'],
    ['use Bash and Go as core languages.', 'architecture-decision-record/0019-use-go.md'],
    ['19. Use bash and go as core languages', 'architecture-decision-record/0019-use-go.md'],
    ['ADR-022: EKS', 'docs/adr/0022-EKS.md'],
  ])('resolves the title %j whatever its case, punctuation or leading number', (target, file) => {
    expect(fileOf(index.resolve({ target, form: 'title' }, from))).toBe(file);
  });

  it('resolves no title that no record has', () => {
    expect(index.resolve({ target: 'Use rust', form: 'title' }, from)).toBeNull();
  });

  it('keys titles by their words', () => {
    expect(titleKey('  19.  Use  “bash”, and go! ')).toBe('use bash and go');
  });
});

describe('AdrTargetIndex: several ADR folders in one corpus', () => {
  const two = new AdrTargetIndex([rec('team-a/adr/0007-x.md', 'ADR-0007', 7, 'X'), rec('team-b/adr/0007-y.md', 'ADR-0007', 7, 'Y')]);

  it("reads a number two folders share as the record of the referring record's own folder", () => {
    const found = two.resolve({ target: '#7', form: 'reference' }, { fileName: 'team-b/adr/0006-z.md' });
    expect(found && 'record' in found ? found.record.fileName : null).toBe('team-b/adr/0007-y.md');
  });

  it("reads an id only another folder has as written (a decision log's ADR-4) as the own folder's record of that number", () => {
    const mixed = new AdrTargetIndex([
      rec('docs/architecture/ADR-4.md', 'ADR-4', 4, 'Split out the checkout service'),
      rec('docs/adr/0004-nightly-exports.md', 'ADR-0004', 4, 'Nightly exports'),
      rec('docs/adr/0005-hourly-exports.md', 'ADR-0005', 5, 'Hourly exports'),
    ]);
    const resolved = (target: string, fileName: string) => fileOf(mixed.resolve({ target, form: 'reference' }, { fileName }));
    expect(resolved('ADR-4', 'docs/adr/0005-hourly-exports.md')).toBe('docs/adr/0004-nightly-exports.md');
    // In the log's own folder, and where no record of the folder has the number, the id as written still wins.
    expect(resolved('ADR-4', 'docs/architecture/ADR-1.md')).toBe('docs/architecture/ADR-4.md');
    expect(resolved('ADR-4', 'notes/plan.md')).toBe('docs/architecture/ADR-4.md');
  });

  it('keeps it ambiguous when the referring record is in neither folder', () => {
    const found = two.resolve({ target: '#7', form: 'reference' }, { fileName: 'team-c/adr/0006-z.md' });
    expect(found && 'ambiguous' in found ? found.ambiguous.length : 0).toBe(2);
  });
});
