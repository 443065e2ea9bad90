// ADR sweep 11: stale decision records as real teams write them, read as `lens demo load --docs` reads
// its folder: an all-numeric date that reads both ways wherever a record writes its date, a successor
// named in a sentence of the body, and more conventions of real ADR folders.
import { describe, expect, it } from 'vitest';
import { readMarkdownFolder } from '../../../electron/corpus/markdown-folder';
import { useTempFolders } from '../../support/temp-folders';

const { folderWith } = useTempFolders('lens-adr-sweep11-');

const nygard = (title: string, status: string, decision = 'What.') =>
  `# ${title}\n\n## Status\n\n${status}\n\n## Context\n\nWhy.\n\n## Decision\n\n${decision}\n`;

describe('an all-numeric date that reads both ways, wherever the record writes it', () => {
  // Each way a record dates itself other than a `Date:` line, with the ambiguous 3 January / 1 March.
  const written: Record<string, string> = {
    'beside the status in brackets': nygard('T', 'Accepted (03/01/2024)'),
    'after "on"': nygard('T', 'Accepted on 03/01/2024'),
    'before the status': nygard('T', '03/01/2024: Accepted'),
    'beside a status line above the first heading': '# T\n\nStatus: Accepted (03/01/2024)\n\n## Context\n\nWhy.\n',
    'in the status heading': '# T\n\n## Status (03/01/2024)\n\nAccepted\n\n## Context\n\nWhy.\n',
    'in a history table': '# T\n\n## Status\n\n| Date | Status |\n|---|---|\n| 03/01/2024 | Accepted |\n\n## Context\n\nWhy.\n',
    'in a `## Date` section': '# T\n\n## Status\n\nAccepted\n\n## Date\n\n03/01/2024\n\n## Context\n\nWhy.\n',
    'on a date line under the status': '# T\n\n## Status\n\nAccepted\n\nDate: 03/01/2024\n\n## Context\n\nWhy.\n',
  };
  const forms = Object.entries(written);
  const files = (folder: string, neighbour: string | null) =>
    Object.fromEntries([
      ...forms.map(([, text], k) => [`${folder}/f${k}/adr/0001-a.md`, text]),
      ...(neighbour === null ? [] : forms.map((_, k) => [`${folder}/f${k}/adr/0002-b.md`, nygard('B', `Accepted (${neighbour})`)])),
    ]);
  const datesOfFirst = (folder: ReturnType<typeof readMarkdownFolder>) =>
    folder.documents.filter((d) => d.file.endsWith('0001-a.md')).map((d) => [d.file.split('/')[1], d.adr?.decided_at]);
  const where = forms.map((_, k) => `f${k}`);

  it('is not guessed day first: the record loads undated and a warning names the file and the two dates', () => {
    const folder = readMarkdownFolder(folderWith(files('x', null)));
    expect(datesOfFirst(folder)).toEqual(where.map((f) => [f, null]));
    const warned = folder.warningMessages.filter((m) => m.code === 'demo_load:adr_date_ambiguous').map((m) => m.params);
    expect(warned).toEqual(
      where.map((f) => ({ file: `x/${f}/adr/0001-a.md`, text: '03/01/2024', day_first: '2024-01-03', month_first: '2024-03-01' })),
    );
  });

  it('takes the order its folder writes unambiguous dates in, beside a status too', () => {
    const monthFirst = readMarkdownFolder(folderWith(files('us', '01/13/2024')));
    expect(datesOfFirst(monthFirst)).toEqual(where.map((f) => [f, '2024-03-01']));
    const dayFirst = readMarkdownFolder(folderWith(files('uk', '13/01/2024')));
    expect(datesOfFirst(dayFirst)).toEqual(where.map((f) => [f, '2024-01-03']));
    expect(dayFirst.warningMessages.filter((m) => m.code === 'demo_load:adr_date_ambiguous')).toEqual([]);
  });
});
