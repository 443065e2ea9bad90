import type { KeyboardEvent } from 'react';

/** True on macOS, where the run shortcut is Cmd+Enter rather than Ctrl+Enter. */
export const isMac = (): boolean => /Mac|iPhone|iPad/.test(navigator.userAgent);

/** Whether a key press is the run shortcut: Ctrl+Enter, or Cmd+Enter on a Mac (both are accepted everywhere). */
export function isRunShortcut(event: KeyboardEvent): boolean {
  return event.key === 'Enter' && (event.ctrlKey || event.metaKey) && !event.altKey && !event.shiftKey;
}

/** The parts of a key press `isReopenKey` reads (a DOM KeyboardEvent has them). */
interface KeyPress {
  readonly key: string;
  readonly ctrlKey: boolean;
  readonly metaKey: boolean;
  readonly altKey: boolean;
  readonly target: EventTarget | null;
}

/** Whether the key goes to a control that takes typing (a text field, a select, editable content). */
function typesText(target: EventTarget | null): boolean {
  const element = target as { tagName?: string; isContentEditable?: boolean } | null;
  return element?.isContentEditable === true || ['INPUT', 'TEXTAREA', 'SELECT'].includes(element?.tagName ?? '');
}

/** Whether a key press re-opens the collapsed request form: "/" or "E", alone, outside a control that takes typing. */
export function isReopenKey(event: KeyPress): boolean {
  if (event.ctrlKey || event.metaKey || event.altKey || typesText(event.target)) return false;
  return event.key === '/' || event.key === 'e' || event.key === 'E';
}
