// The design tokens and base styles come first, so each screen's own CSS refines them.
import './styles/app.css';
import { createRoot } from 'react-dom/client';
import { UiSettings } from '../shared/api/lens-api';
import { createLensClient } from '../shared/api/lens-client';
import { App } from './shell/App';
import { AppStateProvider } from './app/app-state';
import { LensClientProvider } from './app/lens-client-context';
import { detectTransport } from './app/lens-transport';
import { initI18n } from './shell/i18n';
import { connectionKey } from './app/stored-state';

async function boot(): Promise<void> {
  const { door, transport } = detectTransport();
  const client = createLensClient(transport);
  // Settings live in the trace store; without one the defaults apply and the app still starts.
  const settings = await client['settings.get']({}).catch(() => UiSettings.parse({}));
  // The graph in use names the state remembered for it (screen, workbench form); unknown, nothing is restored.
  const connection = await client['connections.get']({}).then(
    (state) => (state.active.uri ? connectionKey(state.active.uri, state.active.database) : null),
    () => null,
  );
  await initI18n(settings.language);
  const root = document.getElementById('root');
  if (!root) throw new Error('index.html has no #root');
  createRoot(root).render(
    <LensClientProvider client={client}>
      <AppStateProvider connection={connection}>
        <App door={door} initialSettings={settings} />
      </AppStateProvider>
    </LensClientProvider>,
  );
}

void boot();
