import { Command } from 'commander';
import { loadDemo } from '../../demo-graph/demo-loader';
import { connectionSettingsFromEnv } from '../../services/connection-from-env';
import { NODE_COUNT } from '../../graph/introspection-queries';
import { GraphGateway } from '../../graph/read-gateway';
import { startLocalServer } from '../../neo4j-server/local-server';
import { Deadline } from '../../../shared/deadline';
import { electronAvailability, launchElectron } from '../shell-launcher';
import { terminalProgress } from '../cli-output';
import { connectReportFromEnv, formatConnectReport } from './connect-command';
import { formatLoadSummary } from './demo-command';
import { serveBrowserMode } from './web-command';

/** True when the configured graph holds no nodes yet (a fresh demo server). */
async function graphIsEmpty(): Promise<boolean> {
  const gateway = GraphGateway.open(connectionSettingsFromEnv());
  try {
    const result = await gateway.read(NODE_COUNT, {}, { deadline: Deadline.after(15_000), stage: 'start' });
    return Number(result.rows[0]?.count ?? 0) === 0;
  } finally {
    await gateway.close();
  }
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
      if (!process.env.NEO4J_URI) {
        const progress = terminalProgress();
        const server = await startLocalServer({ progress });
        progress.done();
        process.stdout.write(`${server.reused ? 'Reusing' : 'Started'} the demo Neo4j ${server.version} on ${server.boltUri}\n`);
        if (await graphIsEmpty()) {
          process.stdout.write('First run: loading the demo knowledge graph…\n');
          const summary = await loadDemo({ progress });
          progress.done();
          process.stdout.write(formatLoadSummary(summary));
        }
      }
      process.stdout.write(formatConnectReport(await connectReportFromEnv()));
      const electron = electronAvailability();
      if (electron.available) {
        process.exitCode = await launchElectron(electron.binary);
        return;
      }
      process.stdout.write(`\n${electron.reason} Opening browser mode instead.\n`);
      const host = await serveBrowserMode();
      process.stdout.write(`Provenance Lens (browser mode): ${host.url}\n`);
      await new Promise(() => undefined);
    });
}
