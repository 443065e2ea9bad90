import path from 'node:path';
import { Command } from 'commander';
import type { WebHost } from '../../web/web-host';
import { wholeNumber } from './neo4j-command';
import { wordCliMessage } from '../../../shared/cli-messages';

/** Serves browser mode (the HTTP door onto the handler table) until the process is stopped. */
export async function serveBrowserMode(options: { port?: number } = {}): Promise<WebHost> {
  const [{ appRoot, appVersion }, { createLensHandlers }, { ServiceHub }, { startWebHost }] = await Promise.all([
    import('../../app-home'),
    import('../../api/lens-handlers'),
    import('../../services/service-hub'),
    import('../../web/web-host'),
  ]);
  // A long-lived host: each connection is warmed in the background when its services open.
  const hub = new ServiceHub(process.env, undefined, undefined, { warmOnConnect: true });
  const host = await startWebHost({
    handlers: createLensHandlers(hub, 'http', appVersion()),
    rendererDir: path.join(appRoot(), 'dist', 'renderer'),
    ...(options.port ? { port: options.port } : {}),
  });
  const stop = () => {
    void host
      .close()
      .then(() => hub.close())
      .finally(() => process.exit(0));
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  return host;
}

/** `lens web [--port N]`: the app in a browser, on 127.0.0.1 only, with a per-launch token. */
export function webCommand(): Command {
  return new Command('web')
    .description('serve the app to a browser on 127.0.0.1 (browser mode); prints the URL with its per-launch token')
    .option('--port <port>', 'port on 127.0.0.1 (default: a free one)', wholeNumber(1024, 65535))
    .action(async (options: { port?: number }) => {
      const host = await serveBrowserMode(options);
      process.stdout.write(`${wordCliMessage('browser_mode_at', { url: host.url })}\n`);
      await new Promise(() => undefined);
    });
}
