import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { dispatch } from '../../../electron/api/api-dispatch';
import { createLensHandlers } from '../../../electron/api/lens-handlers';
import { EnvironmentVault } from '../../../electron/secrets/secret-vault';
import { ServiceHub } from '../../../electron/services/service-hub';
import { useTempFolders } from '../../support/temp-folders';

const MISSING = '00000000-0000-4000-8000-000000000000';

/** Every operation that looks a stored run up by its trace id, with an input naming one that is not kept. */
const LOOKUPS: readonly [string, unknown][] = [
  ['traces.get', { trace_id: MISSING }],
  ['traces.replay', { trace_id: MISSING }],
  ['traces.explain', { trace_id: MISSING, target: { kind: 'chunk', id: 'c#0' } }],
  ['cypher.explain', { trace_id: MISSING, index: 0 }],
  ['preview.get', { trace_id: MISSING }],
  ['compare.run', { source: 'runs', trace_a: MISSING, trace_b: MISSING }],
  ['traces.export', { trace_ids: [MISSING] }],
];

describe('a trace id that is not kept is said with where the door’s user finds the kept ones', () => {
  const { tempDir } = useTempFolders('lens-run-not-found-');
  let hub: ServiceHub | null = null;
  afterEach(async () => {
    await hub?.close();
    hub = null;
  });

  async function refusal(door: 'cli' | 'http', name: string, input: unknown) {
    const env = { LENS_HOME: path.join(tempDir(), `home-${door}`), NEO4J_URI: 'bolt://127.0.0.1:1', NEO4J_PASSWORD: 'x' };
    hub ??= new ServiceHub(env, new EnvironmentVault(env));
    const answer = await dispatch(createLensHandlers(hub, door, '9.9.9'), name, input);
    if (answer.ok) throw new Error(`${name}: expected not_found, got an answer`);
    return answer.error;
  }

  it.each(LOOKUPS)('%s: `lens traces list` from the CLI, the Traces screen from the app', async (name, input) => {
    const fromCli = await refusal('cli', name, input);
    expect(fromCli).toMatchObject({ kind: 'not_found', message_code: 'error_store:run_not_found_command' });
    expect(fromCli.message).toContain('`lens traces list` shows the ids');
    await hub?.close();
    hub = null;
    const fromApp = await refusal('http', name, input);
    expect(fromApp).toMatchObject({ kind: 'not_found', message_code: 'error_store:run_not_found' });
    expect(fromApp.hint).toBe('The Traces screen lists the runs that are kept.');
  });
});
