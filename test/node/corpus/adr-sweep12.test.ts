// ADR sweep 12: real teams' ADR folders (adr-tools, arachne-framework, backstage, log4brains,
// decentraland, ministryofjustice/cloud-platform, alphagov/govuk-infrastructure) read as a person
// reads them. Statuses, successors and dates agreed on every folder; what did not was the stale-ADR
// suggestions, which took a record a newer one cites as the decision that replaced something for a
// record it replaces. Each fixture is a few lines written in the shape of the real record.
import { describe, expect, it } from 'vitest';
import { suggestStaleness, type SuggestionRecord } from '../../../electron/adr/adr-suggestions';
import { readMarkdownFolder } from '../../../electron/corpus/markdown-folder';
import { useTempFolders } from '../../support/temp-folders';

const ACCEPTED = { status: 'accepted', status_text: 'Accepted', entities: [], successors: [], marked: false } as const;

/** An accepted record at `path`, numbered `n`, decided on `date`, whose context is `text`. */
function record(path: string, n: number, title: string, date: string, text: string): SuggestionRecord {
  const body = `# ${n}. ${title}\n\nDate: ${date}\n\n## Status\n\nAccepted\n\n## Context\n\n${text}`;
  return { ...ACCEPTED, document_id: `adr-${n}`, adr_id: `ADR-${String(n).padStart(4, '0')}`, title, decided_at: date, path, text: body };
}

/** The ids of the records given any suggestion. */
const suggested = (records: SuggestionRecord[]) => [...suggestStaleness(records)].filter(([, list]) => list.length > 0).map(([id]) => id);

describe('a record cited as the decision that replaced something is not suggested as replaced (govuk-infrastructure)', () => {
  const folder = 'docs/architecture/decisions';
  const terraform = record(
    `${folder}/0014-replace-terraform-cloud.md`,
    14,
    'Replace Terraform Cloud backend with AWS S3',
    '2025-06-10',
    'Terraform state moves to S3 buckets.',
  );
  const concourse = (sentence: string) => record(`${folder}/0018-use-concourse-ci.md`, 18, 'Use Concourse CI', '2025-08-12', sentence);

  it('reads "[ADR 0014](…), in which we decided we would move away from X" as ADR 0014 deciding, not being left', () => {
    const sentence =
      'An additional, contributing factor for making the decision was [ADR 0014](./0014-replace-terraform-cloud.md), in which we decided we would move away from Terraform Cloud.';
    expect(suggested([terraform, concourse(sentence)])).toEqual([]);
  });

  it('reads "our decision to [replace X](0014-…)" as ADR 0014 being that decision: its own link text and file name are no wording about it', () => {
    const sentence =
      'Between those two data points and our decision to [replace Terraform Cloud](./0014-replace-terraform-cloud.md) we felt that a total rework would be the most advantageous option.';
    expect(suggested([terraform, concourse(sentence)])).toEqual([]);
    // A file name holding a replacement word says nothing either.
    expect(suggested([terraform, concourse('The S3 buckets of [ADR 0014](./0014-replace-terraform-cloud.md) hold the state.')])).toEqual(
      [],
    );
  });

  it('still suggests ADR 0014 where the newer record says it replaces it', () => {
    for (const sentence of [
      'This ADR replaces [ADR 0014](./0014-replace-terraform-cloud.md).',
      'We move away from the S3 backend of [ADR 0014](./0014-replace-terraform-cloud.md).',
      '[Replace Terraform Cloud](./0014-replace-terraform-cloud.md) is superseded by this ADR.',
    ])
      expect([sentence, suggested([terraform, concourse(sentence)])]).toEqual([sentence, ['adr-14']]);
  });
});

describe('a record cited for what a change was made in favour of is not suggested as replaced (ministryofjustice/cloud-platform)', () => {
  const folder = 'architecture-decision-record';
  const eks = record(
    `${folder}/022-EKS.md`,
    22,
    'EKS',
    '2021-05-02',
    'Use Amazon EKS for running the main cluster. This replaces usage of kOps.',
  );
  const multiCluster = (sentence: string) => record(`${folder}/036-multi-cluster.md`, 36, 'Multi-cluster', '2022-09-16', sentence);

  it('reads "we decommissioned X in favour of utilising EKS (see [ADR-022 - EKS](022-EKS.md))" as ADR-022 being the side chosen', () => {
    const sentence =
      'On 12th April, 2022, we decommissioned the [old kOps cluster](https://github.com/o/r/commit/2a36ba4) in favour of utilising EKS (see [ADR-022 - EKS](022-EKS.md)).';
    expect(suggested([eks, multiCluster(sentence)])).toEqual([]);
  });

  it('still suggests ADR-022 where it is the side left behind', () => {
    for (const sentence of [
      'We drop the single cluster of [ADR-022](022-EKS.md) in favour of one cluster per environment.',
      'In favour of one cluster per environment, this ADR replaces [ADR-022](022-EKS.md).',
    ])
      expect([sentence, suggested([eks, multiCluster(sentence)])]).toEqual([sentence, ['adr-22']]);
  });
});

describe('the real folders as read: each convention in a few lines of its shape', () => {
  const { folderWith } = useTempFolders('lens-adr-sweep12-');
  const nygard = (title: string, date: string, status: string) =>
    `# ${title}\n\n${date}\n\n## Status\n\n${status}\n\n## Context\n\nWhy.\n\n## Decision\n\nWhat.\n`;

  it('reads each record as a person does: status, date and successor', () => {
    const folder = readMarkdownFolder(
      folderWith({
        // ministryofjustice/cloud-platform: emoji statuses, a Date line without its colon, day-first dates.
        'moj/architecture-decision-record/003-Use-Concourse-CI.md': nygard('Use Concourse CI', 'Date: 28/03/2018', 'Pending'),
        'moj/architecture-decision-record/006-Use-github.md': nygard('Use GitHub', 'Date 09/04/2018', '✅ Accepted'),
        'moj/architecture-decision-record/018-Dedicated-Ingress.md': nygard('Dedicated Ingress', 'Date: 02/09/2020', '🤔 Proposed'),
        'moj/architecture-decision-record/034-EKS-Fargate.md': nygard('34 EKS Fargate', 'Date: 2022-01-21', '🤔 Incomplete'),
        // backstage: a `| Created | Status |` table over the first heading.
        'backstage/docs/architecture-decisions/adr002-format.md':
          '# ADR002: Format\n\n| Created    | Status |\n| ---------- | ------ |\n| 2020-05-17 | Open   |\n\n## Background\n\nWhy.\n',
        // alphagov/govuk-infrastructure: deprecated, saying there is no successor.
        'govuk/docs/architecture/decisions/0007-use-fluentbit.md': nygard(
          '7. Use fluentbit',
          'Date: 2021-08-16',
          'Deprecated (no superseding ADR)',
        ),
        // decentraland: EIP-style front matter, a comment and trailing spaces, an example notice in a fence.
        'dcl/content/ADR-16-data-store.md':
          '---\nadr: 16\ndate: 2020-11-05\ntitle: Unity data store architecture\nstatus: Deprecated\n---\n\n## Decision Outcome\n\nWhat.\n',
        'dcl/content/ADR-277-deprecated-state.md':
          '---\nlayout: adr  \nadr: 277 # replace this number with the PR or ISSUE number  \ntitle: Introducing the "Deprecated" State  \ndate: 2024-11-15  \nstatus: Review  \n---\n\n## Specification\n\n```markdown\n**Notice**: This ADR has been marked as **Deprecated** as of 2024-11-15.\n```\n',
        // log4brains: a successor named by its slug in a link.
        'l4b/docs/adr/20200926-use-the-adr-number.md':
          '# Use the ADR number\n\n- Status: superseded by [20201016-use-the-adr-slug](20201016-use-the-adr-slug.md)\n- Date: 2020-09-26\n\n## Decision Outcome\n\nWhat.\n',
        'l4b/docs/adr/20201016-use-the-adr-slug.md':
          '# Use the ADR slug\n\n- Status: accepted\n- Date: 2020-10-16\n\n## Links\n\n- Supersedes [20200926-use-the-adr-number](20200926-use-the-adr-number.md)\n',
      }),
    );
    const read = folder.documents.map((d) => [d.file.split('/').pop(), d.adr?.status, d.adr?.decided_at]).sort();
    expect(read).toEqual(
      [
        ['003-Use-Concourse-CI.md', 'pending', '2018-03-28'],
        ['006-Use-github.md', 'accepted', '2018-04-09'],
        ['018-Dedicated-Ingress.md', 'proposed', '2020-09-02'],
        ['034-EKS-Fargate.md', 'pending', '2022-01-21'],
        ['adr002-format.md', 'proposed', null],
        ['0007-use-fluentbit.md', 'deprecated', '2021-08-16'],
        ['ADR-16-data-store.md', 'deprecated', '2020-11-05'],
        ['ADR-277-deprecated-state.md', 'proposed', '2024-11-15'],
        ['20200926-use-the-adr-number.md', 'superseded', '2020-09-26'],
        ['20201016-use-the-adr-slug.md', 'accepted', '2020-10-16'],
      ].sort(),
    );
    expect(folder.supersessions.map((e) => `${e.from_document_id} -> ${e.to_document_id}`)).toEqual([
      'l4b--docs--adr--20200926-use-the-adr-number -> l4b--docs--adr--20201016-use-the-adr-slug',
    ]);
  });
});
