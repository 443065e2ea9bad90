// renderer/shell/ composes the UI: it imports the screens, which import renderer/app/ (state, client,
// hooks); app/ imports neither, so the renderer's folders point one way.
import { useEffect, useRef, useState, type MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { UiSettings } from '../../shared/api/lens-api';
import { ConnectScreen } from '../screens/connect/ConnectScreen';
import { useAppState, type Screen } from '../app/app-state';
import { useLensClient } from '../app/lens-client-context';
import { focusElement, focusWhenShown, SCREEN_HEADING, takeFocusRequest } from '../app/focus-target';
import {
  CompareScreen,
  EvaluationsScreen,
  ProvenanceGraphScreen,
  SettingsScreen,
  StaleAdrsScreen,
  TracesScreen,
  WorkbenchScreen,
} from './lazy-screens';
import { ScreenFrame } from './ScreenFrame';

const SCREENS: { id: Screen; label: string }[] = [
  { id: 'connect', label: 'nav_connect' },
  { id: 'workbench', label: 'nav_workbench' },
  { id: 'graph', label: 'nav_graph' },
  { id: 'traces', label: 'nav_traces' },
  { id: 'compare', label: 'nav_compare' },
  { id: 'evaluations', label: 'nav_evaluations' },
  { id: 'adrs', label: 'nav_adrs' },
  { id: 'settings', label: 'nav_settings' },
];

/** The skip link moves focus into the main region (a hash change alone would leave it in the header). */
function skipToContent(event: MouseEvent<HTMLAnchorElement>): void {
  event.preventDefault();
  const main = document.getElementById('main-content');
  const heading = main?.querySelector<HTMLElement>('h1, h2');
  if (heading) focusElement(heading);
  else main?.focus();
}

/** The shell of the UI: navigation, language and theme, and the current screen. */
export function App({ door, initialSettings }: { door: 'ipc' | 'http'; initialSettings: UiSettings }) {
  const { t, i18n } = useTranslation();
  const client = useLensClient();
  const { screen, setScreen } = useAppState();
  const [settings, setSettings] = useState<UiSettings>(initialSettings);

  useEffect(() => {
    document.documentElement.dataset.theme = settings.theme;
    document.documentElement.lang = settings.language;
    void i18n.changeLanguage(settings.language);
  }, [settings, i18n]);

  // After a switch (not on the first view, where the skip link is the first stop), focus goes to what
  // the action opened, or to the new screen's heading, never to the page body.
  const shownScreen = useRef(screen);
  useEffect(() => {
    if (shownScreen.current === screen) return undefined;
    shownScreen.current = screen;
    return focusWhenShown(takeFocusRequest() ?? SCREEN_HEADING);
  }, [screen]);

  const update = (patch: Partial<UiSettings>) => {
    setSettings((current) => ({ ...current, ...patch }));
    // The choice applies at once; keeping it is best effort (it needs the trace store). Only the
    // field that changed is sent, and the store keeps each on its own key, so no other is overwritten.
    client['settings.set'](patch).catch(() => undefined);
  };

  return (
    <div className="app">
      <a className="skip-link" href="#main-content" data-testid="skip-link" onClick={skipToContent}>
        {t('skip_to_content', { ns: 'a11y' })}
      </a>
      <header className="app-header">
        <h1>{t('app_title')}</h1>
        <nav aria-label={t('screens_nav', { ns: 'a11y' })}>
          {SCREENS.map((entry) => (
            <button
              key={entry.id}
              type="button"
              className={screen === entry.id ? 'tab active' : 'tab'}
              aria-current={screen === entry.id ? 'page' : undefined}
              onClick={() => setScreen(entry.id)}
              data-testid={`nav-${entry.id}`}
            >
              {t(entry.label)}
            </button>
          ))}
        </nav>
        <div className="header-tools">
          <span className="door">{t(door === 'ipc' ? 'door_ipc' : 'door_http')}</span>
          <label>
            <span className="header-label">{t('language')}</span>{' '}
            <select
              value={settings.language}
              onChange={(event) => update({ language: event.target.value as UiSettings['language'] })}
              data-testid="language-select"
            >
              <option value="en">English</option>
              <option value="ko">한국어</option>
            </select>
          </label>
          <label>
            <span className="header-label">{t('theme')}</span>{' '}
            <select
              value={settings.theme}
              onChange={(event) => update({ theme: event.target.value as UiSettings['theme'] })}
              data-testid="theme-select"
            >
              <option value="light">{t('theme_light')}</option>
              <option value="dark">{t('theme_dark')}</option>
            </select>
          </label>
        </div>
      </header>
      <main className="app-main" id="main-content" tabIndex={-1}>
        <ScreenFrame key={screen}>
          {screen === 'connect' ? <ConnectScreen /> : null}
          {screen === 'workbench' ? <WorkbenchScreen /> : null}
          {screen === 'graph' ? <ProvenanceGraphScreen /> : null}
          {screen === 'traces' ? <TracesScreen /> : null}
          {screen === 'compare' ? <CompareScreen /> : null}
          {screen === 'evaluations' ? <EvaluationsScreen /> : null}
          {screen === 'adrs' ? <StaleAdrsScreen /> : null}
          {screen === 'settings' ? <SettingsScreen prefs={settings} onPrefs={update} /> : null}
        </ScreenFrame>
      </main>
    </div>
  );
}
