import { describe, expect, it } from 'vitest';
import { asMarkdown, lightMarkupOf } from '../../../electron/corpus/light-markup';

const adoc = (...lines: string[]) => asMarkdown(lines.join('\n'), 'asciidoc').split('\n');
const rst = (...lines: string[]) => asMarkdown(lines.join('\n'), 'rst').split('\n');

describe('lightMarkupOf', () => {
  it('knows AsciiDoc and reStructuredText by the last part of the extension, and nothing else', () => {
    expect(['adoc', 'ADOC', 'asciidoc', 'rst', 'md.rst', 'md', 'markdown', 'mdx', 'txt', 'asc'].map(lightMarkupOf)).toEqual([
      'asciidoc',
      'asciidoc',
      'asciidoc',
      'rst',
      'rst',
      null,
      null,
      null,
      null,
      null,
    ]);
  });
});

describe('AsciiDoc as markdown', () => {
  it('turns the document title and section titles into ATX headings, one level per =', () => {
    expect(adoc('= ADR-0003: Use Kafka', '', '== Status', '', 'Accepted', '', '=== Notes ===', '====== Deep')).toEqual([
      '# ADR-0003: Use Kafka',
      '',
      '## Status',
      '',
      'Accepted',
      '',
      '### Notes',
      '###### Deep',
    ]);
  });

  it('reads header attributes with a value as metadata lines, :revdate: as the Date', () => {
    expect(adoc('= T', ':status: Superseded', ':revdate: 2021-03-04', ':toc:', ':Superseded-By: ADR-0007')).toEqual([
      '# T',
      'status: Superseded',
      'Date: 2021-03-04',
      ':toc:',
      'Superseded-By: ADR-0007',
    ]);
  });

  // The lines under `= Use Kafka` → what is read of them.
  it.each([
    [
      ['Mina Park <mina@example.org>', 'v1.1, 2022-06-14: after review', ':status: Accepted', '', 'Text'],
      ['Date: 2022-06-14', 'status: Accepted', '', 'Text'],
    ],
    [
      ['Mina Park; Leo Grant', 'June 14, 2022', '', 'Text'],
      ['Date: June 14, 2022', '', 'Text'],
    ],
    [['Mina Park', 'v2.0, 2022-06-14', ':revdate: 2023-01-09'], ['Date: 2023-01-09']],
    [['Mina Park', 'v2.0'], []],
    // No author: a status word; a `Key: value` line; lines after a blank line. No revision after the author.
    [
      ['Accepted', '', 'Mina Park', '2022-06-14'],
      ['Accepted', '', 'Mina Park', '2022-06-14'],
    ],
    [['Status: Accepted'], ['Status: Accepted']],
    [['Mina Park', 'Superseded by ADR 3'], ['Superseded by ADR 3']],
  ])(
    'reads the author and revision lines under a title as its header, the revision date as the Date unless :revdate: gives one: %j',
    (under, read) => {
      expect(adoc('= Use Kafka', ...under)).toEqual(['# Use Kafka', ...read]);
    },
  );

  it('makes cross references and links markdown links, and a bare <<id>> its id', () => {
    expect(
      adoc(
        'Superseded by <<0007-use-kafka.adoc#,ADR-0007>> and <<0008-x.adoc#decision, ADR 8 >>.',
        'See xref:decisions/0002-db.adoc#status[the database record], xref:0003.adoc[] and <<adr-0004>>.',
        'Read link:https://example.com/spec[the spec] or https://example.com/faq[the FAQ].',
      ),
    ).toEqual([
      'Superseded by [ADR-0007](0007-use-kafka.adoc) and [ADR 8](0008-x.adoc).',
      'See [the database record](decisions/0002-db.adoc), [0003.adoc](0003.adoc) and adr-0004.',
      'Read [the spec](https://example.com/spec) or [the FAQ](https://example.com/faq).',
    ]);
  });

  it('leaves listing blocks as markdown fences with their lines as written, and drops comments', () => {
    expect(
      adoc(
        '[source,yaml]',
        '----',
        '== Status',
        'status: x',
        '----',
        '// a note',
        '////',
        'Status: Rejected',
        '////',
        '....',
        '= literal',
        '....',
        'after',
      ),
    ).toEqual(['[source,yaml]', '```', '== Status', 'status: x', '```', '```', '= literal', '```', 'after']);
  });
});

describe('reStructuredText as markdown', () => {
  it('turns overlined and underlined titles into headings, levels in the order their styles first appear', () => {
    expect(
      rst(
        '.. _adr-0002:',
        '',
        '=======',
        'ADR-0002: Use requests',
        '=======',
        '',
        'Context',
        '=======',
        '',
        'Text.',
        '',
        'Detail',
        '------',
        'Again',
        '=====',
        'Second',
        '~~~',
      ),
    ).toEqual(['', '# ADR-0002: Use requests', '', '## Context', '', 'Text.', '', '### Detail', '## Again', '#### Second']);
  });

  it('reads the field list as metadata lines, roles and hyperlinks inside them as markdown', () => {
    expect(
      rst(
        ':Status: Superseded by :doc:`0003-httpx`',
        ':Date: 2020-03-15',
        ':Supersedes: :ref:`ADR-0001 <adr-0001>`, :doc:`the old client <old/0000-urllib.rst>`',
        'See `httpx <https://www.python-httpx.org/>`_ and :ref:`adr-0005`.',
      ),
    ).toEqual([
      'Status: Superseded by [0003-httpx](0003-httpx.rst)',
      'Date: 2020-03-15',
      'Supersedes: ADR-0001, [the old client](old/0000-urllib.rst)',
      'See [httpx](https://www.python-httpx.org/) and adr-0005.',
    ]);
  });

  it('never reads an indented line as a title, a field or a link (literal blocks and directives stay as written)', () => {
    expect(rst('An example::', '', '    Status', '    ------', '    :Status: Accepted', '', '.. note::', '   `x <y>`_')).toEqual([
      'An example::',
      '',
      '    Status',
      '    ------',
      '    :Status: Accepted',
      '',
      '.. note::',
      '   `x <y>`_',
    ]);
  });

  it('leaves a transition between paragraphs and CRLF line ends alone', () => {
    expect(asMarkdown('One.\r\n\r\n----\r\n\r\nTwo.', 'rst')).toBe('One.\n\n----\n\nTwo.');
  });
});
