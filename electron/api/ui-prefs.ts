import { z } from 'zod';
import { UiSettings } from '../../shared/api/lens-api';
import type { TraceStore } from '../trace-store/trace-store';

/**
 * The UI preferences, each kept under its own key (`ui.language`, `ui.theme`), so saving one never
 * writes the other: a window still holding an old language cannot put it back by changing the theme.
 * Stores written before this split kept both under `ui`; that value is read as the fallback.
 */

const LEGACY_KEY = 'ui';
const KEYS = { language: 'ui.language', theme: 'ui.theme' } as const;
const Language = UiSettings.shape.language.unwrap();
const Theme = UiSettings.shape.theme.unwrap();
const Legacy = z.object({ language: Language.optional(), theme: Theme.optional() });

/** The preferences as saved, with the defaults for any never saved. */
export function readUiSettings(store: TraceStore): UiSettings {
  const legacy = store.getSetting(LEGACY_KEY, Legacy) ?? {};
  return UiSettings.parse({
    language: store.getSetting(KEYS.language, Language) ?? legacy.language,
    theme: store.getSetting(KEYS.theme, Theme) ?? legacy.theme,
  });
}

/** Saves the preferences the patch names, each on its own key, and returns all of them as now saved. */
export function saveUiSettings(store: TraceStore, patch: Partial<UiSettings>): UiSettings {
  if (patch.language !== undefined) store.setSetting(KEYS.language, patch.language);
  if (patch.theme !== undefined) store.setSetting(KEYS.theme, patch.theme);
  return readUiSettings(store);
}
