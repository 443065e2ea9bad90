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
