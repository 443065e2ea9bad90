import { execFileSync, spawn } from 'node:child_process';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { dispatch } from '../../../electron/api/api-dispatch';
import { createLensHandlers } from '../../../electron/api/lens-handlers';
import { EnvironmentVault } from '../../../electron/secrets/secret-vault';
import { ServiceHub } from '../../../electron/services/service-hub';
import { wordCore } from '../../../shared/core-catalogues';
import { useTempFolders } from '../../support/temp-folders';

const GOOD = '---\ntitle: Use Postgres\nvisibility: public\nworkspace_id: ws-a\n---\n# Use Postgres\n\nWe use Postgres.\n';

describe('demo.load refuses bad input with a coded error before anything starts', () => {
  const { tempDir, folderWith } = useTempFolders('lens-demo-load-op-');
  let hub: ServiceHub | null = null;
  afterEach(async () => {
    await hub?.close();
    hub = null;
  });

  /** `demo.load` called the way every door calls it, over a hub whose environment is `env` (LENS_HOME a temp folder). */
  async function load(input: unknown, env: NodeJS.ProcessEnv = {}) {
    const fullEnv = { LENS_HOME: path.join(tempDir(), 'home'), ...env };
    hub = new ServiceHub(fullEnv, new EnvironmentVault(fullEnv));
    const answer = await dispatch(createLensHandlers(hub, 'http', '9.9.9'), 'demo.load', input);
    if (answer.ok) throw new Error(`expected a refusal, got ${JSON.stringify(answer.value)}`);
    return answer.error;
  }

  it('is refused when NEO4J_URI names a graph, even for a good folder: only the local demo server is written to', async () => {
    const error = await load({ docs: folderWith({ 'a.md': GOOD }) }, { NEO4J_URI: 'bolt://db.example.com:7687', NEO4J_PASSWORD: 'x' });
    expect(error).toMatchObject({ kind: 'refused', message_code: 'error_server:demo_load_with_uri' });
    expect(error.hint).toMatch(/Unset NEO4J_URI/);
    expect(wordCore({ code: error.message_code ?? '', params: error.message_params ?? {} }, 'ko')).toMatch(/로컬 데모 데이터베이스에만/);
  });

  it('names a folder that does not exist, and says what to give', async () => {
    const missing = path.join(tempDir(), 'no-such-adrs');
    const error = await load({ docs: missing });
    expect(error).toMatchObject({
      kind: 'invalid_input',
      message_code: 'error_retrieval:no_such_folder',
      message_params: { folder: missing },
    });
    expect(error.message).toBe(`${missing} does not exist.`);
    expect(error.hint).toMatch(/full path of a folder of markdown files/);
  });

  it('names a path that is a file, not a folder', async () => {
    const file = path.join(folderWith({ 'a.md': GOOD }), 'a.md');
    const error = await load({ docs: file });
    expect(error).toMatchObject({ kind: 'invalid_input', message_code: 'error_retrieval:not_a_folder', message_params: { folder: file } });
  });

  it('refuses a relative path, which would be read against a folder the user never sees', async () => {
    const error = await load({ docs: 'docs/adr' });
    expect(error).toMatchObject({ kind: 'invalid_input', message_code: 'error_server:docs_path_not_absolute' });
    expect(error.message).toBe('docs/adr is not a full path, so it is not clear which folder is meant.');
    expect(error.hint).toMatch(/~\/ stands for your home folder/);
  });

  it.each([
    ['docs', 'folder', '폴더'],
    ['acl', 'ACL mapping file', 'ACL 매핑 파일'],
  ] as const)('refuses a %s path holding a NUL character, which no path can hold, showing where it is', async (field, what, koWhat) => {
    const docs = folderWith({ 'a.md': GOOD });
    const typed = field === 'docs' ? `${docs}\0/x` : `${docs}/acl\0.yaml`;
    const error = await load(field === 'docs' ? { docs: typed } : { docs, acl: typed });
    const shown = typed.replace('\0', '␀');
    expect(error).toMatchObject({ kind: 'invalid_input', message_code: 'error_server:docs_path_nul' });
    expect(error.message).toBe(`The ${what} path ${shown} holds a NUL character (shown as ␀), which no file or folder name can hold.`);
    expect(error.hint).toBe('Type the path again, or paste it from the file manager’s address bar.');
    expect(wordCore({ code: error.message_code ?? '', params: error.message_params ?? {} }, 'ko')).toBe(
      `${koWhat} 경로 ${shown}에 NUL 문자(␀로 표시)가 있습니다. 파일이나 폴더 이름에는 이 문자가 들어갈 수 없습니다.`,
    );
  });

  it('names an ACL mapping file that cannot be read, apart from one that is not YAML', async () => {
    const docs = folderWith({ 'a.md': GOOD });
    const missingAcl = path.join(docs, 'acl.yaml');
    expect(await load({ docs, acl: missingAcl })).toMatchObject({
      kind: 'invalid_input',
      message_code: 'error_retrieval:acl_mapping_not_read',
      message_params: { file: missingAcl, reason: [{ code: 'error_retrieval:file_no_such_file_part' }] },
    });
    const brokenAcl = path.join(folderWith({ 'acl.yaml': 'files: [unclosed\n' }), 'acl.yaml');
    expect(await load({ docs, acl: brokenAcl })).toMatchObject({
      kind: 'invalid_input',
      message_code: 'error_retrieval:acl_mapping_unreadable',
    });
  });

  it('refuses a pipe, a device or a folder as the ACL mapping file without reading it, naming it', async () => {
    const docs = folderWith({ 'a.md': GOOD });
    const pipe = path.join(tempDir(), 'acl.yaml');
    execFileSync('mkfifo', [pipe]);
    // Something writes into the pipe, as a shell's <(…) would; read, its text would be judged as the file's (here: not YAML).
    const writer = spawn('sh', ['-c', `printf 'files: [unclosed\\n' > '${pipe}'`], { stdio: 'ignore' });
    try {
      for (const acl of [pipe, '/dev/zero', tempDir()]) {
        const error = await load({ docs, acl });
        expect(error).toMatchObject({
          kind: 'invalid_input',
          message_code: 'error_retrieval:input_not_a_file',
          message_params: { file: acl },
        });
        expect(error.hint).toBe('Check the path of the ACL mapping file, or load without one to use front matter only.');
      }
    } finally {
      writer.kill();
    }
  });

  it('refuses a folder with nothing to load, naming its failed files, so the graph is never emptied', async () => {
    const empty = await load({ docs: tempDir() });
    expect(empty).toMatchObject({ kind: 'invalid_input', message_code: 'error_server:docs_folder_nothing_to_load' });
    const broken = await load({ docs: folderWith({ 'bad.md': '---\ntitle: [unclosed\n---\nBody\n' }) });
    expect(broken).toMatchObject({
      kind: 'invalid_input',
      message_code: 'error_server:docs_folder_nothing_to_load',
      message_params: { failed: 1 },
    });
    expect(broken.detail).toMatch(/bad\.md/);
  });

  it('names the files it skipped when a folder has nothing else, with the option that reads each (a folder of .adoc and .rst records)', async () => {
    const skippedOnly = await load({
      docs: folderWith({ 'adr/0001-use-postgres.adoc': '= ADR-0001\n', 'adr/0002-use-cockroach.rst': 'ADR-0002\n========\n' }),
    });
    expect(skippedOnly).toMatchObject({
      message_code: 'error_server:docs_folder_nothing_to_load',
      message_params: { failed: 0, skipped: 2 },
    });
    const named = (skippedOnly.more_problems ?? []).map((line) => [line.code, line.params?.['file'], line.params?.['extension']]);
    expect(named).toEqual([
      ['demo_load:skip_markdown_like_screen', 'adr/0001-use-postgres.adoc', 'adoc'],
      ['demo_load:skip_markdown_like_screen', 'adr/0002-use-cockroach.rst', 'rst'],
    ]);
    expect(skippedOnly.detail).toMatch(/0001-use-postgres\.adoc/);
  });

  it('names at most 20 skipped files and counts the rest', async () => {
    const files = Object.fromEntries(Array.from({ length: 23 }, (_, i) => [`n${String(i).padStart(2, '0')}.adoc`, '= A\n']));
    const error = await load({ docs: folderWith(files) });
    const lines = error.more_problems ?? [];
    expect(lines.filter((line) => line.code === 'demo_load:skip_markdown_like_screen')).toHaveLength(20);
    expect(lines.at(-1)).toMatchObject({ code: 'error_server:more_files_not_named', params: { count: 3 } });
  });

  it('refuses an extension that is not one, and input fields it does not know', async () => {
    const docs = folderWith({ 'a.md': GOOD });
    expect(await load({ docs, ext: ['md/erb'] })).toMatchObject({
      kind: 'invalid_input',
      message_code: 'error_retrieval:not_an_extension_screen',
    });
    expect(await load({ docs, folder: docs })).toMatchObject({ kind: 'invalid_input', message_code: 'error_server:input_schema' });
  });

  it('refuses demo.reload too when NEO4J_URI names a graph: the demo corpus goes only into the local demo server', async () => {
    const env = { LENS_HOME: path.join(tempDir(), 'home'), NEO4J_URI: 'bolt://db.example.com:7687', NEO4J_PASSWORD: 'x' };
    hub = new ServiceHub(env, new EnvironmentVault(env));
    const answer = await dispatch(createLensHandlers(hub, 'http', '9.9.9'), 'demo.reload', {});
    expect(answer.ok ? answer.value : answer.error).toMatchObject({ kind: 'refused', message_code: 'error_server:demo_load_with_uri' });
  });
});
