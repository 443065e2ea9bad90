import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { dispatch } from '../../../electron/api/api-dispatch';
import { createLensHandlers } from '../../../electron/api/lens-handlers';
import { ServiceHub } from '../../../electron/services/service-hub';
import { buildRunRecord } from '../../support/run-record-factory';
import { useTempFolders } from '../../support/temp-folders';

describe('traces.delete at the IPC/HTTP door', () => {
  const { tempDir } = useTempFolders('lens-traces-delete-');
  let hub: ServiceHub | null = null;
  afterEach(async () => {
    await hub?.close();
    hub = null;
  });

  it('deletes the kept runs and names the ids no kept run has, each once, rather than answer a smaller count', async () => {
    hub = new ServiceHub({ LENS_HOME: path.join(tempDir(), 'home') });
    const [kept, gone] = [buildRunRecord(), buildRunRecord()];
    hub.store().recordRun(kept);
    hub.store().recordRun(gone);
    const handlers = createLensHandlers(hub, 'http', '9.9.9');
    const answer = await dispatch(handlers, 'traces.delete', { trace_ids: [gone.trace_id, 'tr-typo', gone.trace_id, 'tr-typo'] });
    expect(answer).toEqual({ ok: true, value: { deleted: 1, not_found: ['tr-typo'] } });
    expect(hub.store().getRun(gone.trace_id)).toBeNull();
    expect(hub.store().getRun(kept.trace_id)).not.toBeNull();
    expect(await dispatch(handlers, 'traces.delete', { trace_ids: [gone.trace_id] })).toEqual({
      ok: true,
      value: { deleted: 0, not_found: [gone.trace_id] },
    });
  });
});
