// ADR sweep 22: a supersession that says when or how between the verb and "by" ("Superseded for now by ADR-0020",
// "Superseded, for the time being, by ADR-0020", "Superseded temporarily by …") names its successor after "by" and no
// title before it, and replaces the whole record.
// Fixtures are written here in the shapes real folders use, in words of our own.
import { describe, expect, it } from 'vitest';
import { parseAdr } from '../../../electron/corpus/adr-record';

/** The status and the successors a record's `## Status` section gives. */
function statusOf(status: string) {
  const facts = parseAdr({
    fileName: 'docs/adr/0003-self-hosted-queue.md',
    body: `# 3. Self-hosted queue\n\n## Status\n\n${status}\n\n## Context\n\nWhy.\n`,
    frontMatter: {},
  });
  return {
    status: facts?.status,
    successors: facts?.links
      .filter((link) => link.relation === 'superseded_by')
      .map((link) => `${link.target}${link.partial ? ' (partial)' : ''}`),
  };
}

describe('a qualifier of when or how before "by"', () => {
  it.each([
    'Superseded for now by ADR-0020',
    'Superseded, for the time being, by ADR-0020',
    'Superseded for the time being by ADR-0020',
    'Superseded in full by ADR-0020',
    'Superseded temporarily by ADR-0020',
    'Superseded completely by ADR-0020',
    'Superseded for the moment by ADR-0020',
    'Superseded until further notice by ADR-0020',
  ])('%s: superseded whole by ADR-0020, and no title', (written) => {
    expect(statusOf(written)).toEqual({ status: 'superseded', successors: ['ADR-0020'] });
  });

  it('reads a link or a title after "by", not the words before it', () => {
    expect(statusOf('Superseded for now by [Managed queue](0020-managed-queue.md)')).toEqual({
      status: 'superseded',
      successors: ['0020-managed-queue.md'],
    });
    expect(statusOf('Superseded for now by Managed queue')).toEqual({ status: 'superseded', successors: ['Managed queue'] });
    expect(statusOf('Superseded for the time being by "Managed queue"')).toEqual({ status: 'superseded', successors: ['Managed queue'] });
  });

  it('keeps a qualifier that names the part partial (round 10), with a title after "by" too', () => {
    expect(statusOf('Superseded for the EU region by ADR-0020')).toEqual({
      status: 'partly_superseded',
      successors: ['ADR-0020 (partial)'],
    });
    expect(statusOf('Superseded in part by ADR-0020')).toEqual({ status: 'partly_superseded', successors: ['ADR-0020 (partial)'] });
    expect(statusOf('Superseded for the managed path by Managed queue')).toEqual({
      status: 'partly_superseded',
      successors: ['Managed queue (partial)'],
    });
    // "by hand" names nothing.
    expect(statusOf('Replaced in the build by hand')).toEqual({ status: 'superseded', successors: [] });
  });
});
