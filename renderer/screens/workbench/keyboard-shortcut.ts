import type { KeyboardEvent } from 'react';

/** True on macOS, where the run shortcut is Cmd+Enter rather than Ctrl+Enter. */
export const isMac = (): boolean => /Mac|iPhone|iPad/.test(navigator.userAgent);

/** Whether a key press is the run shortcut: Ctrl+Enter, or Cmd+Enter on a Mac (both are accepted everywhere). */
export function isRunShortcut(event: KeyboardEvent): boolean {
  return event.key === 'Enter' && (event.ctrlKey || event.metaKey) && !event.altKey && !event.shiftKey;
}
