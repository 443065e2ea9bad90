import type { KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';

/** True on macOS, where the run shortcut is Cmd+Enter rather than Ctrl+Enter (false where there is no browser, as in a static render). */
export const isMac = (): boolean => typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.userAgent);

/**
 * Whether a key press is the shortcut that submits a screen's form (the Workbench's Run, Compare's
 * Compare): Ctrl+Enter, or Cmd+Enter on a Mac (both are accepted everywhere). Enter alone starts a
 * new line in a question.
 */
export function isRunShortcut(event: KeyboardEvent): boolean {
  return event.key === 'Enter' && (event.ctrlKey || event.metaKey) && !event.altKey && !event.shiftKey;
}

/** The shortcut as the button beside it names it (⌘+Enter on a Mac, else Ctrl+Enter), and as `aria-keyshortcuts` says it. */
export function useRunShortcut(): { readonly label: string; readonly aria: string } {
  const { t } = useTranslation();
  return isMac() ? { label: t('shortcut_mac'), aria: 'Meta+Enter' } : { label: t('shortcut_other'), aria: 'Control+Enter' };
}
