import { describe, expect, it } from 'vitest';
import { JobStatus } from '../../shared/api/lens-api';
import { wordCore } from '../../shared/core-catalogues';
import { ProgressEvent } from '../../shared/progress-event';
import { progressEvent } from '../../shared/progress-messages';

describe('a progress event worded from its code', () => {
  it('keeps the English message each step printed before it had a code', () => {
    // The sentences as the producers built them by hand, with the same figures.
    const before: [ReturnType<typeof progressEvent>, string][] = [
      [
        progressEvent('resolve', 'resolving', { version: '5.26.30' }),
        'Resolving Neo4j 5.26.30 from Maven Central (first run downloads over 100 MB)…',
      ],
      [progressEvent('resolve', 'downloaded', { files: 3, megabytes: '1.2' }), 'Downloaded 3 files, 1.2 MB'],
      [progressEvent('resolve', 'resolved', { version: '5.26.30', jars: 214 }, 1), 'Neo4j 5.26.30 resolved: 214 jars'],
      [
        progressEvent('start', 'starting', { version: '5.26.30', java: 21, home: '/opt/jdk' }),
        'Starting Neo4j 5.26.30 on Java 21 (/opt/jdk)…',
      ],
      [progressEvent('start', 'waiting', { version: '5.26.30', seconds: 4 }), 'Starting Neo4j 5.26.30… 4 s'],
      [
        progressEvent('start', 'server_ready', { version: '5.26.30', uri: 'bolt://127.0.0.1:7687' }, 1),
        'Neo4j 5.26.30 is ready on bolt://127.0.0.1:7687',
      ],
      [progressEvent('load', 'first_run_load'), 'First run: loading the demo knowledge graph…'],
      [progressEvent('done', 'demo_ready', {}, 1), 'The demo database is ready.'],
      [progressEvent('read', 'read_demo'), 'Reading the demo corpus…'],
      [progressEvent('read', 'read_folder', { folder: 'docs/adr' }), 'Reading docs/adr…'],
      [progressEvent('generate', 'generate', { chunks: 1000 }), 'Generating 1000 synthetic chunks…'],
    ];
    for (const [event, english] of before) expect(event.message).toBe(english);
  });

  it('carries the code beside the message through the job status, and words it in Korean', () => {
    const event = progressEvent('chunks', 'chunks_written', { written: 200, total: 456 }, 200 / 456);
    expect(event).toEqual({
      phase: 'chunks',
      message: 'Wrote 200 of 456 chunks',
      said: { code: 'progress:chunks_written', params: { written: 200, total: 456 } },
      fraction: 200 / 456,
    });
    const status = JobStatus.parse({ job_id: 'j', state: 'running', events: [event] });
    expect(status.events[0]).toEqual(event);
    expect(wordCore(status.events[0]!.said!, 'ko')).toBe('청크 456개 중 200개를 썼습니다');
  });

  it('reads an event of a build before codes, without said', () => {
    const old = ProgressEvent.parse({ phase: 'start', message: 'Starting Neo4j 5.26.30… 4 s' });
    expect(old.said).toBeUndefined();
    expect(ProgressEvent.safeParse({ phase: 'start', message: 'x', said: { code: '' } }).success).toBe(false);
  });
});
