import { describe, expect, it } from 'vitest';
import { adrPathFacts, fileNumber, namesDecisionLog } from '../../../electron/corpus/adr-path';

describe('adrPathFacts: the folder', () => {
  it.each([
    'adr/0001-x.md',
    'adrs/0001-x.md',
    'decisions/0001-x.md',
    'doc/architecture/decisions/0001-x.md',
    'docs/adr/0001-x.md',
    'architecture-decision-record/0001-x.md',
    'architecture-decision-records/0001-x.md',
    'Architecture_Decision_Records/0001-x.md',
    'decision-records/0001-x.md',
    'govuk-aws-adr/0001-x.md',
  ])('sees an ADR folder on %s', (file) => {
    expect(adrPathFacts(file).inAdrFolder).toBe(true);
  });

  it.each(['notes/0001-x.md', '0001-x.md', 'adr-notes/0001-x.md', 'readers/0001-x.md'])('sees no ADR folder on %s', (file) => {
    expect(adrPathFacts(file).inAdrFolder).toBe(false);
  });

  it('counts the loaded folder itself, whose name no relative path holds', () => {
    expect(adrPathFacts('0001-x.md', 'architecture-decision-record').inAdrFolder).toBe(true);
    expect(adrPathFacts('0001-x.md', 'notes').inAdrFolder).toBe(false);
  });
});

describe('adrPathFacts: the file name', () => {
  it.each([
    ['0003-use-x.md', '0003', false],
    ['003-Use-X.md', '003', false],
    ['adr-007-x.md', '007', true],
    ['ADR_12 use x.md', '12', true],
    ['12.md', '12', false],
  ])('reads the record number of %s', (name, digits, adrNamed) => {
    expect(fileNumber(name)).toEqual({ digits, adrNamed });
    expect(adrPathFacts(`x/${name}`)).toMatchObject({ number: digits, adrNamed });
  });

  it.each(['use-x.md', 'v2-notes.md', '12b-x.md', 'adr-template.md', 'adrs-x.md'])('reads no record number in %s', (name) => {
    expect(fileNumber(name)).toBeNull();
  });

  it.each([
    'README.md',
    'readme.markdown',
    'index.md',
    'index.html.md.erb',
    '_index.md',
    'TOC.md',
    'template.md',
    'adr-template.md',
    '0000-template.md',
    'template-minimal.md',
    // Numbered to sort first, named only with words about the records.
    '000-index.md',
    '000-sample-example.md',
    'adr-000-sample.md',
    '0000_ADR_Example.md',
    // Templates named in other languages.
    '0000-plantilla.md',
    '0000-modele-adr.md',
    'adr-vorlage.md',
    '0000-템플릿.md',
  ])('calls %s an index, README or template, not a record', (name) => {
    expect(adrPathFacts(`adr/${name}`).notARecord).toBe(true);
  });

  it.each([
    '0001-indexing-strategy.md',
    '0002-use-templates-for-emails.md',
    'summary-of-x.md',
    '0000-example-driven-tests.md',
    '0006-record-sample-rates.md',
    '0005-example.md',
    '0007.md',
    '0005-modelo-de-datos.md',
    '0003-modele-de-donnees.md',
  ])('calls %s a possible record', (name) => {
    expect(adrPathFacts(`adr/${name}`).notARecord).toBe(false);
  });
});

describe('adrPathFacts: a file name that opens with a date', () => {
  it.each([
    ['20200926-use-log4brains.md', '2020-09-26'],
    ['2021-02-03-use-kafka.md', '2021-02-03'],
    ['2019_12_31 year end.md', '2019-12-31'],
    ['20210101-use-x.md', '2021-01-01'],
  ])('reads %s as dated %s, with no record number', (name, date) => {
    expect(adrPathFacts(`docs/adr/${name}`)).toMatchObject({ nameDate: date, number: null, inAdrFolder: true });
  });

  it.each(['20201332-x.md', '2020-02-30-x.md', '0001-x.md', '2020-x.md', '20200926x.md', '2020-0926-x.md'])(
    'reads %s as no date',
    (name) => {
      expect(adrPathFacts(`adr/${name}`).nameDate).toBeNull();
    },
  );
});

describe('adrPathFacts: a record kept as the README of its own folder', () => {
  it('knows the record by its folder, dated or numbered, inside a folder of records', () => {
    expect(adrPathFacts('docs/developer/decision-records/2022-08-01-entity-timestamp/README.md')).toMatchObject({
      notARecord: false,
      nameDate: '2022-08-01',
      number: null,
      inAdrFolder: true,
      recordName: '2022-08-01-entity-timestamp',
    });
    expect(adrPathFacts('adr/0004-use-x/index.md')).toMatchObject({ notARecord: false, number: '0004', recordName: '0004-use-x' });
    expect(adrPathFacts('0004-use-x/README.md', 'decisions')).toMatchObject({ notARecord: false, number: '0004' });
  });

  it('still takes the README of the folder of records, or of a folder outside one, for an index', () => {
    expect(adrPathFacts('docs/developer/decision-records/README.md').notARecord).toBe(true);
    expect(adrPathFacts('docs/2022-08-01-release/README.md').notARecord).toBe(true);
    expect(adrPathFacts('adr/overview/README.md').notARecord).toBe(true);
  });
});

describe('adrPathFacts: a project-prefixed record id', () => {
  it.each([
    ['ODH-ADR-0003-use-x.md', '0003', 'ODH-ADR-'],
    ['ODH-ADR-MS-0005-retain.md', '0005', 'ODH-ADR-MS-'],
    ['acme_adr_12 use x.md', '12', 'acme_adr_'],
  ])('reads %s as record %s with the prefix %s', (name, number, idPrefix) => {
    expect(adrPathFacts(`docs/${name}`)).toMatchObject({ number, idPrefix, adrNamed: true });
  });

  it.each(['0003-use-x.md', 'adr-0003-x.md', 'road-map-2024.md', 'my-adrs-0003.md'])('reads no prefix in %s', (name) => {
    expect(adrPathFacts(`docs/${name}`).idPrefix).toBeNull();
  });
});

describe('namesDecisionLog: a file named as a log of records, not as one record', () => {
  it.each(['docs/arc42/09_architecture_decisions.md', 'DECISIONS.md', 'docs/decision-log.md', 'docs/team-decisions.md', 'adr.md'])(
    '%s is named as a decision log',
    (file) => {
      expect(namesDecisionLog(file)).toBe(true);
    },
  );

  it.each([
    'docs/adr/0005-revisit-earlier-decisions.md',
    'docs/adr/0003-use-adrs.md',
    'docs/adr/README.md',
    'docs/notes.md',
    '09_deployment_view.md',
  ])('%s is not', (file) => {
    expect(namesDecisionLog(file)).toBe(false);
  });
});

describe('adrPathFacts: a folder of records no longer in force', () => {
  it.each([
    ['docs/adr/superseded/0003-x.md', undefined, { folder: 'superseded', status: 'superseded' }],
    ['adr/Obsolete_Archive/0003-x.md', undefined, { folder: 'Obsolete_Archive', status: 'superseded' }],
    ['decisions/archive/2019/0003-x.md', undefined, { folder: 'archive', status: 'deprecated' }],
    ['deprecated/0003-x.md', 'adr', { folder: 'deprecated', status: 'deprecated' }],
    // Folders of open or decided records: the status they give stands in only for one the text does not state.
    ['docs/decisions/accepted/0001-x.md', undefined, { folder: 'accepted', status: 'accepted' }],
    ['adr/Drafts/0004-x.md', undefined, { folder: 'Drafts', status: 'proposed' }],
    ['adr/proposals/0006-x.md', undefined, { folder: 'proposals', status: 'proposed' }],
    ['adr/rejected/0003-x.md', undefined, { folder: 'rejected', status: 'rejected' }],
  ] as const)('reads %s (loaded folder %s) as kept in a folder named for its state', (file, root, expected) => {
    expect(adrPathFacts(file, root).lifecycleFolder).toEqual(expected);
  });

  it('reads no such folder outside a folder of records, nor one above it', () => {
    expect(adrPathFacts('docs/archive/0003-x.md').lifecycleFolder).toBeNull();
    expect(adrPathFacts('archive/adr/0003-x.md').lifecycleFolder).toBeNull();
    expect(adrPathFacts('adr/0003-superseded.md').lifecycleFolder).toBeNull();
  });
});

describe('adrPathFacts: a folder of records no longer in force whose name opens with a mark that sorts it apart', () => {
  it.each([
    ['docs/adr/_superseded/0227-x.md', { folder: '_superseded', status: 'superseded' }],
    ['decisions/_archive/0003-x.md', { folder: '_archive', status: 'deprecated' }],
  ] as const)('reads %s as kept in a folder named for its state', (file, expected) => {
    expect(adrPathFacts(file).lifecycleFolder).toEqual(expected);
  });
});

describe('adrPathFacts: a package of a log4brains multi-package project', () => {
  it('names the package of a record under packages/<package>/ in a folder of records of its own', () => {
    expect(adrPathFacts('packages/backend/adr/20200115-x.md').packageName).toBe('backend');
    expect(adrPathFacts('packages/web-app/docs/adr/20200115-x.md').packageName).toBe('web-app');
  });

  it('names none for docs/adr, nor for a package whose file is in no folder of records of its own', () => {
    expect(adrPathFacts('docs/adr/20200115-x.md').packageName).toBeNull();
    expect(adrPathFacts('packages/backend/notes/20200115-x.md').packageName).toBeNull();
  });
});
