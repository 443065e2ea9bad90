import { codedError } from '../../shared/coded-error';
import { storeError } from '../../shared/errors/store-error-messages';
import { coreEnglish } from '../../shared/core-catalogues';
import type { CoreParam } from '../../shared/core-message';
import { connectReportMessage, type ConnectReportMessageCode } from '../../shared/connect-report-messages';

/** A vault's note: its English sentence and its code (`connect_report:secrets_…`). */
export function vaultNote(
  code: ConnectReportMessageCode,
  params: Record<string, string> = {},
): { note: string; note_code: string; note_params: Record<string, string> } {
  const message = connectReportMessage(code, params);
  return { note: coreEnglish(message), note_code: message.code, note_params: params };
}

/** Where passwords and API keys live: never in the trace store, never sent to the renderer. */
export interface SecretVault {
  /** Whether secrets can be stored here, and if not, the sentence that says why. */
  status(): {
    readonly canStore: boolean;
    readonly backend: string;
    readonly note: string;
    readonly note_code?: string;
    readonly note_params?: Readonly<Record<string, string>>;
  };
  get(name: string): string | null;
  set(name: string, value: string): void;
  delete(name: string): void;
}

/** A vault's note as the API carries it: the English sentence, and its code where the vault gives one. */
export function vaultNoteFields(status: ReturnType<SecretVault['status']>): {
  note: string;
  note_code?: string;
  note_params?: Record<string, string>;
} {
  return {
    note: status.note,
    ...(status.note_code === undefined ? {} : { note_code: status.note_code, note_params: { ...status.note_params } }),
  };
}

/** A vault's note as a parameter of another sentence: its code where it has one, else its English sentence. */
export function vaultNoteWords(status: ReturnType<SecretVault['status']>): CoreParam {
  return status.note_code === undefined ? status.note : [{ code: status.note_code, params: { ...status.note_params } }];
}

/**
 * The CLI's and browser mode's vault: secrets come from environment variables only
 * (NEO4J_PASSWORD, OPENAI_API_KEY) and nothing is ever written.
 */
export class EnvironmentVault implements SecretVault {
  constructor(private readonly env: NodeJS.ProcessEnv = process.env) {}

  status() {
    return {
      canStore: false,
      backend: 'environment',
      ...vaultNote('secrets_environment'),
    };
  }

  get(name: string): string | null {
    const variable = { 'neo4j-password': 'NEO4J_PASSWORD', 'openai-api-key': 'OPENAI_API_KEY', 'provider-token': 'LENS_PROVIDER_TOKEN' }[
      name
    ];
    return variable ? (this.env[variable] ?? null) : null;
  }

  set(name: string): void {
    throw codedError('refused', storeError('secrets_not_kept', { name }), { hint: storeError('secrets_not_kept_hint') });
  }

  delete(): void {
    // Nothing is stored, so there is nothing to delete.
  }
}
