import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { dispatch } from '../../../electron/api/api-dispatch';
import { createLensHandlers } from '../../../electron/api/lens-handlers';
import { planFolderLoad } from '../../../electron/demo-graph/demo-loader';
import { EnvironmentVault } from '../../../electron/secrets/secret-vault';
import { ServiceHub } from '../../../electron/services/service-hub';
import { wordCore } from '../../../shared/core-catalogues';
import type { LensErrorData } from '../../../shared/lens-error';
import { useTempFolders } from '../../support/temp-folders';

const GOOD = '---\ntitle: Use Postgres\nvisibility: public\nworkspace_id: ws-a\n---\n# Use Postgres\n\nWe use Postgres.\n';

/** The error's sentence and hint in Korean, from their codes. */
function korean(error: LensErrorData): string {
  const message = wordCore({ code: error.message_code ?? '', params: error.message_params ?? {} }, 'ko') ?? '';
  const hint = error.hint_code ? (wordCore({ code: error.hint_code, params: error.hint_params ?? {} }, 'ko') ?? '') : '';
  return `${message} ${hint}`;
}

describe('a load names its options as the door’s user gives them: --ext/--acl from the CLI, the form’s fields from the app', () => {
  const { tempDir, folderWith } = useTempFolders('lens-load-door-');
  let hub: ServiceHub | null = null;
  afterEach(async () => {
    await hub?.close();
    hub = null;
  });

  /** `demo.load` through the handler table of `door`; every input here is refused before a job starts. */
  async function refusal(door: 'cli' | 'http', input: unknown): Promise<LensErrorData> {
    await hub?.close();
    const env = { LENS_HOME: path.join(tempDir(), 'home') };
    hub = new ServiceHub(env, new EnvironmentVault(env));
    const answer = await dispatch(createLensHandlers(hub, door, '9.9.9'), 'demo.load', input);
    if (answer.ok) throw new Error(`expected a refusal, got ${JSON.stringify(answer.value)}`);
    return answer.error;
  }

  it('an extension that is not one: `--ext` from the CLI, "Also read these extensions" from the app', async () => {
    const docs = folderWith({ 'a.md': GOOD });
    const fromCli = await refusal('cli', { docs, ext: ['md/erb'] });
    expect(fromCli).toMatchObject({ kind: 'invalid_input', message_code: 'error_retrieval:not_an_extension' });
    expect(fromCli.message).toBe('--ext md/erb is not a file extension.');
    const fromApp = await refusal('http', { docs, ext: ['md/erb'] });
    expect(fromApp).toMatchObject({ kind: 'invalid_input', message_code: 'error_retrieval:not_an_extension_screen' });
    expect(fromApp.message).toBe('"md/erb" under "Also read these extensions" is not a file extension.');
    expect(`${fromApp.message} ${fromApp.hint}`).not.toContain('--ext');
    expect(korean(fromApp)).toContain('함께 읽을 확장자');
    expect(korean(fromApp)).not.toContain('--ext');
  });

  it('a folder with nothing to load: its hint names `--ext` from the CLI and the extensions field from the app', async () => {
    const docs = folderWith({ 'guide.mdx': GOOD });
    const fromCli = await refusal('cli', { docs });
    expect(fromCli.hint).toContain('--ext reads other extensions');
    const fromApp = await refusal('http', { docs });
    expect(fromApp).toMatchObject({ message_code: 'error_server:docs_folder_nothing_to_load' });
    expect(fromApp.hint).toContain('"Also read these extensions" reads other extensions');
    expect(fromApp.hint).not.toContain('--ext');
    expect(korean(fromApp)).toContain('함께 읽을 확장자');
    expect(korean(fromApp)).not.toContain('--ext');
  });

  it('an ACL mapping that is not YAML: leave out `--acl` from the CLI, empty the field from the app', async () => {
    const docs = folderWith({ 'a.md': GOOD });
    const acl = path.join(folderWith({ 'acl.yaml': 'files: [unclosed\n' }), 'acl.yaml');
    expect((await refusal('cli', { docs, acl })).hint).toContain('leave out --acl');
    const fromApp = await refusal('http', { docs, acl });
    expect(fromApp).toMatchObject({ message_code: 'error_retrieval:acl_mapping_unreadable' });
    expect(fromApp.hint).toBe('Fix the file, or empty the "ACL mapping file" field to load with front matter only.');
    expect(korean(fromApp)).toContain('"ACL 매핑 파일" 칸');
    expect(korean(fromApp)).not.toContain('--acl');
  });

  it('a folder that does not exist: the app’s hint names its field, not `--docs`', async () => {
    const missing = path.join(tempDir(), 'no-such-adrs');
    expect((await refusal('cli', { docs: missing })).hint).toContain('--docs');
    const fromApp = await refusal('http', { docs: missing });
    expect(fromApp.hint).toBe('Type the full path of a folder of markdown files under "Folder".');
    expect(korean(fromApp)).not.toContain('--docs');
  });

  it('a markdown-like file left out is said with what reads it: `--ext mdx`, or mdx under the extensions field', () => {
    const docs = folderWith({ 'a.md': GOOD, 'guide.mdx': GOOD });
    const fromCli = planFolderLoad({ docsDir: docs }).skipped[0];
    expect(fromCli).toMatchObject({ message_code: 'demo_load:skip_markdown_like', message_params: { extension: 'mdx' } });
    expect(fromCli?.message).toContain('pass --ext mdx to read it');
    const fromApp = planFolderLoad({ docsDir: docs, door: 'screen' }).skipped[0];
    expect(fromApp).toMatchObject({ message_code: 'demo_load:skip_markdown_like_screen', message_params: { extension: 'mdx' } });
    expect(fromApp?.message).toBe(
      'guide.mdx: is a markdown-like file (.mdx) that is not read; add mdx under "Also read these extensions" to read it.',
    );
    const inKorean = wordCore({ code: fromApp?.message_code ?? '', params: fromApp?.message_params ?? {} }, 'ko');
    expect(inKorean).toContain('"함께 읽을 확장자"에 mdx');
    expect(inKorean).not.toContain('--ext');
  });
});
