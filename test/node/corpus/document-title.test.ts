import { describe, expect, it } from 'vitest';
import { bodyTitle, fileTitle } from '../../../electron/corpus/document-title';
import { readMarkdownFolder } from '../../../electron/corpus/markdown-folder';
import { useTempFolders } from '../../support/temp-folders';

const { folderWith } = useTempFolders();

describe('bodyTitle', () => {
  it.each([
    ['# Real Title\n\nText.', 'Real Title'],
    ['Intro.\n\n# Real Title #\n', 'Real Title'],
    ['```bash\n# install deps\nnpm ci\n```\n\n# Real Title\n', 'Real Title'],
    ['~~~\n# not this\n~~~\n# Real Title\n', 'Real Title'],
    ['<!--\n# Template guidance\n-->\n# Real Title\n', 'Real Title'],
    // VitePress pages open with <script setup>; a `#` line inside it is JavaScript, not the title (docs sweep 3, L2).
    ['<script setup>\nimport x from "./x"\n\n# not a heading in JS either\n</script>\n\n# Team\n', 'Team'],
    ['<pre>\n# shell prompt\n</pre>\n# Real Title\n', 'Real Title'],
    ['Operations Runbook\n==================\n\nStability gate\n--------------\n', 'Operations Runbook'],
    ['## Only a section\n\nText.', null],
    // Level one used for sections, as every Rust RFC does: `# Summary` is no title (docs sweep 3, L8).
    ['- Feature Name: `box_error_alias`\n\n# Summary\n[summary]: #summary\n\nAdd.\n\n# Motivation\n\nBecause.\n', null],
    ['# Summary\n\nOne section only, so it is the title.\n', 'Summary'],
    ['Some text\nstill the paragraph\n===\n', null],
    ['- item\n===\n', null],
    ['```\n# only in code\n```\n', null],
  ])('reads %j as %j', (body, title) => {
    expect(bodyTitle(body)).toBe(title);
  });
});

describe('fileTitle', () => {
  it.each([
    ['docs/ops/setext.md', 'md', 'setext'],
    ['content/runbooks/etcd/_index.md', 'md', 'etcd'],
    ['guides/README.markdown', 'markdown', 'guides'],
    ['index.md', 'md', 'index'],
    ['notes.html.md.erb', 'md.erb', 'notes.html'],
    // A Notion export: the page's id after its title, on pages and on folders.
    ['Export/Incident review 8c14a3b7b53f4b908b0f8db1eaa2fb87.md', 'md', 'Incident review'],
    ['Runbooks 0123456789abcdef0123456789abcdef/index.md', 'md', 'Runbooks'],
    ['0123456789abcdef0123456789abcdef.md', 'md', '0123456789abcdef0123456789abcdef'],
    ['Release 2024 notes.md', 'md', 'Release 2024 notes'],
    // A GitHub wiki writes a page's spaces as hyphens; one before a digit, or in a name with spaces, is the name's own (docs sweep 3, L22).
    ['wiki/Deploying-to-Staging.md', 'md', 'Deploying to Staging'],
    ['wiki/Using-HTTP-2-with-the-Gateway.md', 'md', 'Using HTTP-2 with the Gateway'],
    ['posts/2024-01-15-release-notes.md', 'md', '2024-01-15 release notes'],
    ['services/payments-api/README.md', 'md', 'payments api'],
    ['Export/Post-mortem review 8c14a3b7b53f4b908b0f8db1eaa2fb87.md', 'md', 'Post-mortem review'],
    ['ADR-0001.md', 'md', 'ADR-0001'],
  ])('names %s %j', (relative, extension, title) => {
    expect(fileTitle(relative, extension)).toBe(title);
  });
});

describe('document titles through a folder load', () => {
  it('takes the title outside fenced code, a Setext title, and the folder of an index page without one', () => {
    const folder = readMarkdownFolder(
      folderWith({
        'runbook.md': '```bash\n# install deps\n```\n\n# Payments runbook\n\nSteps.\n',
        'ops.md': 'Operations Runbook\n==================\n\nText.\n',
        'etcd/_index.md': 'Runbooks for etcd.\n',
        'front.md': '---\ntitle: From front matter\n---\n# Heading\n',
        'anchor.md': '# <a name="top"></a>Restart the [worker](https://example.com)\n',
        'bom.md': '\uFEFF# Saved with a byte-order mark\n\nText.\n',
        'list.md': '- Not a title\n===\n',
      }),
      { acl: { defaults: { workspace_id: 'ws-a', visibility: 'public' }, files: {} } },
    );
    expect(Object.fromEntries(folder.documents.map((d) => [d.file, d.title]))).toEqual({
      'runbook.md': 'Payments runbook',
      'ops.md': 'Operations Runbook',
      'etcd/_index.md': 'etcd',
      'front.md': 'From front matter',
      'anchor.md': 'Restart the worker',
      'bom.md': 'Saved with a byte-order mark',
      'list.md': 'list',
    });
  });
});
