import { z } from 'zod';

/** What the app keeps in the browser's storage: localStorage, or anything with its two methods (tests). */
export interface KeyValueStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}

/** Bump when the stored shape changes; a state stored under another version is ignored, never misread. */
export const STATE_VERSION = 1;
const STATE_PREFIX = `lens.state.v${STATE_VERSION}:`;
const VIEW_KEY = `lens.workbench-view.v${STATE_VERSION}`;

export const SCREENS = ['connect', 'workbench', 'graph', 'traces', 'compare', 'evaluations', 'adrs', 'settings'] as const;
/** The screens of the app. */
export type Screen = (typeof SCREENS)[number];

/**
 * The state kept per connection: the open screen, the workbench form, the run on display (its trace
 * id) and the results table's sort and filter. The form and the table are kept as plain fields only; the workbench reads each field back
 * defensively (`storedForm`, `storedTableChoice`), so a field renamed or removed later is dropped, not
 * trusted.
 */
const StoredState = z.object({
  screen: z.enum(SCREENS).optional().catch(undefined),
  form: z.record(z.string(), z.string()).optional().catch(undefined),
  table: z.record(z.string(), z.unknown()).optional().catch(undefined),
  /** The trace id of the run on display, reopened from the trace store after a reload. */
  run: z.string().min(1).max(200).optional().catch(undefined),
});
export type StoredState = z.infer<typeof StoredState>;

export const RESULT_VIEWS = ['cards', 'table'] as const;
export type ResultView = (typeof RESULT_VIEWS)[number];

/**
 * The identity of a connection: its URI without credentials or query parameters, and its database
 * ('' for the server's default), so each graph keeps its own state and no secret is written.
 */
export function connectionKey(uri: string, database: string | null | undefined): string {
  const withoutQuery = uri.split(/[?#]/, 1)[0] ?? '';
  const withoutUser = withoutQuery.replace(/^([a-z][a-z0-9+.-]*:\/\/)?[^/@]*@/i, '$1');
  return `${withoutUser.replace(/\/+$/, '')}|${database ?? ''}`;
}

/** The storage key of a connection's state. */
export const stateKey = (connection: string): string => `${STATE_PREFIX}${connection}`;

/** Parses stored JSON; anything unreadable is no state at all. */
function parseJson(text: string | null): unknown {
  if (text === null) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    // Damaged or foreign content under our key: ignored, the defaults apply.
    return undefined;
  }
}

/** The state stored for a connection; missing, damaged or invalid state reads as empty. */
export function readStoredState(storage: KeyValueStorage | null, connection: string | null): StoredState {
  if (!storage || connection === null) return {};
  const parsed = StoredState.safeParse(parseJson(safeGet(storage, stateKey(connection))));
  return parsed.success ? parsed.data : {};
}

/** Merges a change into a connection's stored state; a full or refusing storage only loses the remembering. */
export function writeStoredState(storage: KeyValueStorage | null, connection: string | null, change: Partial<StoredState>): void {
  if (!storage || connection === null) return;
  const next = { ...readStoredState(storage, connection), ...change };
  safeSet(storage, stateKey(connection), JSON.stringify(next));
}

/** The results view last chosen (for every connection); cards when none was chosen. */
export function readResultView(storage: KeyValueStorage | null): ResultView {
  const stored = storage ? safeGet(storage, VIEW_KEY) : null;
  return RESULT_VIEWS.find((view) => view === stored) ?? 'cards';
}

export function writeResultView(storage: KeyValueStorage | null, view: ResultView): void {
  if (storage) safeSet(storage, VIEW_KEY, view);
}

function safeGet(storage: KeyValueStorage, key: string): string | null {
  try {
    return storage.getItem(key);
  } catch {
    // Storage denied (privacy mode, a sandboxed frame): nothing is remembered.
    return null;
  }
}

function safeSet(storage: KeyValueStorage, key: string, value: string): void {
  try {
    storage.setItem(key, value);
  } catch {
    // Quota exceeded or storage denied: the app works on, it only does not remember.
  }
}

/** The browser's localStorage where there is one. */
export function browserStorage(): KeyValueStorage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    // Accessing localStorage itself can throw where storage is disabled.
    return null;
  }
}
