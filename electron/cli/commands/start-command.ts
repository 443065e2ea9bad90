import { Command } from 'commander';
import type { ProgressSink } from '../../../shared/progress-event';
import type { CliDoor } from '../cli-door';
import { terminalProgress } from '../cli-output';
import { formatConnectReport } from './connect-command';
import { formatLoadSummary } from './demo-command';
import { wordCliMessage } from '../../../shared/cli-messages';

/**
 * Starts the demo server through `demo.start` (loading the demo graph on first run) and prints what
 * it did, then the connect report.
 */
export async function startDemo(door: Pick<CliDoor, 'call' | 'waitForJob'>, progress: ProgressSink & { done(): void }): Promise<void> {
  const { job_id } = await door.call('demo.start', {});
  const { result } = await door.waitForJob(job_id, progress);
  progress.done();
  if (!result || !('server' in result)) return;
  const { server, loaded } = result;
  process.stdout.write(
    `${wordCliMessage(server.reused ? 'demo_reusing' : 'demo_started', { version: server.version, uri: server.bolt_uri })}\n`,
  );
  // The progress above said why it loaded (a first run, or a load that had stopped part way); the summary says what it loaded.
  if (loaded) process.stdout.write(formatLoadSummary(loaded));
}

/**
 * `lens start` (what `npm start` runs): with no NEO4J_URI configured, start the demo server and load
 * the demo on first run; print the connect report; then open the desktop app, or browser mode when
 * Electron cannot run here.
 */
export function startCommand(): Command {
  return new Command('start')
    .description('start the app on the demo: the local Neo4j, the demo graph on first run, then the connect report')
    .action(async () => {
      const { withCliDoor } = await import('../cli-door');
      const report = await withCliDoor(async (door) => {
        if (!process.env.NEO4J_URI) await startDemo(door, terminalProgress());
        return door.call('connect.report', {});
      });
      process.stdout.write(formatConnectReport(report));
      const { electronAvailability, launchElectron } = await import('../shell-launcher');
      const electron = electronAvailability();
      if (electron.available) {
        process.exitCode = await launchElectron(electron.binary);
        return;
      }
      process.stdout.write(`\n${wordCliMessage('browser_instead', { reason: electron.reason })}\n`);
      const { serveBrowserMode } = await import('./web-command');
      const host = await serveBrowserMode();
      process.stdout.write(`${wordCliMessage('browser_mode_at', { url: host.url })}\n`);
      await new Promise(() => undefined);
    });
}
