import { describe, expect, it } from 'vitest';
import { Deadline } from '../../../shared/deadline';
import { DEFAULT_SCHEMA_PROFILE } from '../../../shared/schema-profile';
import { noteScriptAbsentFromSample } from '../../../electron/retrieval/script-sample';
import type { RetrievalRun } from '../../../electron/retrieval/retrieval-run';

/** A full-text run without hits whose sample read takes `takesMs` on a fake clock and then fails as a timeout would. */
function runWhoseSampleTimesOut(budgetMs: number, takesMs: number) {
  let clock = 0;
  const now = () => clock;
  const log = {
    scriptAbsentRead: null as number | null,
    reads: 0,
    read: async () => {
      log.reads += 1;
      clock += takesMs;
      throw new Error('the read ran out of time');
    },
  };
  const run = {
    request: { query: '부분 환불은 어떻게 하나요' },
    profile: DEFAULT_SCHEMA_PROFILE,
    accessRule: { document: 'true', chunk: null },
    filters: { cypher: null },
    aclParams: {},
    deadline: Deadline.after(budgetMs, now),
    log,
  } as unknown as RetrievalRun;
  return { run, log };
}

describe('the script sample of a full-text run without hits', () => {
  it('leaves the reason unsaid when the sample runs out of its own share of the time, and the run goes on', async () => {
    const { run, log } = runWhoseSampleTimesOut(1_000, 400);
    await expect(noteScriptAbsentFromSample(run, 'fulltext')).resolves.toBeUndefined();
    expect(log.reads).toBe(1);
    expect(log.scriptAbsentRead).toBeNull();
  });

  it('still fails the run when the run itself is out of time', async () => {
    const { run } = runWhoseSampleTimesOut(1_000, 1_100);
    await expect(noteScriptAbsentFromSample(run, 'fulltext')).rejects.toThrow('ran out of time');
  });
});
