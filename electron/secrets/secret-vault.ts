import { LensError } from '../../shared/lens-error';

/** Where passwords and API keys live: never in the trace store, never sent to the renderer. */
export interface SecretVault {
  /** Whether secrets can be stored here, and if not, the sentence that says why. */
  status(): { readonly canStore: boolean; readonly backend: string; readonly note: string };
  get(name: string): string | null;
  set(name: string, value: string): void;
  delete(name: string): void;
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
      note: 'Secrets come from environment variables (NEO4J_PASSWORD, OPENAI_API_KEY, LENS_PROVIDER_TOKEN); this mode stores none.',
    };
  }

  get(name: string): string | null {
    const variable = { 'neo4j-password': 'NEO4J_PASSWORD', 'openai-api-key': 'OPENAI_API_KEY', 'provider-token': 'LENS_PROVIDER_TOKEN' }[
      name
    ];
    return variable ? (this.env[variable] ?? null) : null;
  }

  set(name: string): void {
    throw new LensError('refused', `This mode keeps no secrets, so ${name} was not stored.`, {
      hint: 'Set it as an environment variable (NEO4J_PASSWORD, OPENAI_API_KEY), or use the desktop app, which stores it with the OS key store.',
    });
  }

  delete(): void {
    // Nothing is stored, so there is nothing to delete.
  }
}
