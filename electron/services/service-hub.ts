import { ConnectionProfile, type ConnectionState } from '../../shared/api/lens-api';
import { vaultNoteFields, vaultNoteWords } from '../secrets/secret-vault';
import { codedError } from '../../shared/coded-error';
import { serverError } from '../../shared/errors/server-error-messages';
import { redactUri } from '../../shared/redact-uri';
import { z } from 'zod';
import { lensHome } from '../app-home';
import { openAppServices, type AppServices } from './app-services';
import type { LlmSettings } from '../../shared/llm-config';
import type { Embedder } from '../corpus/embedder';
import { configuredEmbedder, resolveLlmSettings, savedLlmSettings, type ResolvedLlmSettings } from '../llm/llm-settings-source';
import { storedLlmSettings } from './stored-llm-settings';
import { connectionSettings, type ConnectionSettings } from '../graph/connection-settings';
import { connectionSettingsFromEnv } from './connection-from-env';
import { warmConnection, type WarmupReport } from './connection-warmup';
import { GraphGateway } from '../graph/read-gateway';
import { EnvironmentVault, type SecretVault } from '../secrets/secret-vault';
import { applyRetention } from '../trace-store/retention';
import { TraceStore } from '../trace-store/trace-store';
import { traceStorePath } from '../trace-store/trace-store-location';
import { requestCancellation } from '../graph/request-cancellation';

/**
 * Holds the trace store (always available) and opens the graph services on first use and again
 * after a reset (the demo server was started), so the app can start with nothing configured and
 * show the Connect screen instead of failing.
 */
export class ServiceHub {
  private current: AppServices | null = null;
  private graph: GraphGateway | null = null;
  private traceStore: TraceStore | null = null;

  private activeProfile: string | null = null;
  private warming: { readonly report: Promise<WarmupReport>; readonly abort: AbortController } | null = null;

  constructor(
    private readonly env: NodeJS.ProcessEnv = process.env,
    /** Passwords and keys: the OS key store in the desktop app, environment variables elsewhere. */
    readonly vault: SecretVault = new EnvironmentVault(env),
    /** Told once when the trace store opens (the CLI warns about a damaged store there). */
    private readonly onStoreOpened: (store: TraceStore) => void = () => undefined,
    /** Warm each new connection in the background when its services open (the desktop app and browser mode; not a one-shot CLI command). */
    private readonly options: { readonly warmOnConnect?: boolean } = {},
  ) {}

  /** The local trace store; it needs no graph. */
  store(): TraceStore {
    if (!this.traceStore) {
      this.traceStore = TraceStore.open(traceStorePath(lensHome(this.env)));
      this.onStoreOpened(this.traceStore);
      // The retention rule (Settings) applies from the moment the store opens.
      applyRetention(this.traceStore);
    }
    return this.traceStore;
  }

  /** The read-only gateway of the connection in use, without the trace store (the connect report needs no more). */
  gateway(): GraphGateway {
    this.graph ??= GraphGateway.open(this.connection());
    return this.graph;
  }

  /** The graph services; an unreachable or unconfigured graph is an `unavailable` error. */
  services(): AppServices {
    if (!this.current) {
      this.current = openAppServices({ env: this.env, store: this.store(), gateway: () => this.gateway(), vault: this.vault });
      if (this.options.warmOnConnect && !this.warming) this.warming = startWarmup(this.current);
    }
    return this.current;
  }

  /**
   * Call when a demo job has (re)started the connection in use or replaced its graph: a load creates
   * indexes, which drops the server's query plans, and may bring other principals, so the warm-up runs
   * now instead of in the user's first query (4.7 s of 10 once, after a load). A warm-up started while
   * the load went on (a screen opened the services meanwhile) stops first. Nothing where the hub is not
   * told to warm (a one-shot CLI command).
   */
  warmAfterLoad(): void {
    if (!this.options.warmOnConnect) return;
    const running = this.warming;
    this.warming = null;
    running?.abort.abort();
    try {
      // Opening the services starts a warm-up when they were closed; when they were open, one starts here.
      const services = this.services();
      this.warming ??= startWarmup(services);
    } catch {
      // Services that cannot open now are said to be so by the next operation that needs them; the load itself is done.
    }
  }

  /** The running or finished warm-up of the connection in use, or null when none was started. */
  warmup(): Promise<WarmupReport> | null {
    return this.warming?.report ?? null;
  }

  /**
   * Call after the saved LLM settings or the OpenAI key change (the Settings screen): the next
   * `services()` builds its embedder from them, on the same graph connection and trace store.
   */
  llmSettingsChanged(): void {
    // The services own neither the store nor the gateway (both are the hub's), so there is nothing to close.
    this.current = null;
  }

  /** The LLM settings in use and where each came from (environment, saved, default), the key only as present or not. */
  llmSettings(): ResolvedLlmSettings {
    return resolveLlmSettings(this.env, this.savedLlm(), this.vault);
  }

  /** The embedder the settings name now (for a load or the connect report; queries use `services().deps.embedder`). */
  embedder(): Embedder {
    return configuredEmbedder(this.env, this.savedLlm(), this.vault);
  }

  /** The saved LLM settings, read without creating a trace store where there is none. */
  private savedLlm(): LlmSettings | null {
    return this.traceStore ? savedLlmSettings(this.traceStore) : storedLlmSettings(this.env);
  }

  /** The connection in use: a chosen saved profile, else NEO4J_*, else the demo server. */
  private connection(): ConnectionSettings {
    if (this.activeProfile) {
      const profile = this.profiles().find((entry) => entry.id === this.activeProfile);
      if (!profile) throw codedError('not_found', serverError('connection_profile_gone', { id: this.activeProfile }));
      return connectionSettings({
        uri: profile.uri,
        user: profile.user,
        password: this.vault.get(`neo4j-password:${profile.id}`) ?? (this.env.NEO4J_PASSWORD || undefined),
        database: profile.database,
        source: 'profile',
      });
    }
    return connectionSettingsFromEnv(this.env);
  }

  /** Saved connection profiles (no passwords: those are in the vault). */
  profiles(): ConnectionProfile[] {
    return this.store().getSetting('connections', z.array(ConnectionProfile)) ?? [];
  }

  /**
   * Saves a profile and, when one is given, its password in the vault: both or neither. A vault that
   * cannot keep secrets (browser mode, the CLI, a desktop without a key store) refuses before
   * anything is written, and a vault that fails while storing puts the profile list back.
   */
  saveProfile(profile: ConnectionProfile, password: string | undefined): void {
    const withPassword = password !== undefined && password.length > 0;
    const vault = this.vault.status();
    if (withPassword && !vault.canStore) {
      throw codedError('refused', serverError('connection_password_not_kept', { id: profile.id, note: vaultNoteWords(vault) }), {
        hint: serverError('connection_password_not_kept_hint'),
      });
    }
    const before = this.profiles();
    this.store().setSetting('connections', [...before.filter((entry) => entry.id !== profile.id), profile]);
    if (!withPassword) return;
    try {
      this.vault.set(`neo4j-password:${profile.id}`, password);
    } catch (error) {
      // The password was not kept, so neither is the profile: the list is what it was before.
      this.store().setSetting('connections', before);
      throw error;
    }
  }

  /** Switches to a saved profile (or back to NEO4J_* / the demo with null). */
  async useProfile(profileId: string | null): Promise<void> {
    if (profileId !== null && !this.profiles().some((entry) => entry.id === profileId)) {
      throw codedError('not_found', serverError('no_connection_profile', { id: profileId }));
    }
    this.activeProfile = profileId;
    await this.reset();
  }

  /** The state the Connect screen shows. */
  connectionState(): ConnectionState {
    const vault = this.vault.status();
    let active: ConnectionState['active'] = { source: 'none', profile_id: null, uri: null };
    try {
      const settings = this.connection();
      active = {
        source: settings.source,
        profile_id: this.activeProfile,
        uri: redactUri(settings.uri),
        database: settings.database ?? null,
      };
    } catch {
      // No connection configured yet (no NEO4J_URI, demo server not started): the screen offers both.
    }
    return {
      active,
      profiles: this.profiles().map((profile) => ({ ...profile, has_password: this.vault.get(`neo4j-password:${profile.id}`) !== null })),
      secrets: { can_store: vault.canStore, backend: vault.backend, ...vaultNoteFields(vault) },
    };
  }

  /** The environment the services read (NEO4J_*, LENS_HOME, LENS_PROFILE). */
  environment(): NodeJS.ProcessEnv {
    return this.env;
  }

  /** The graph URI when the services are open, without opening them. */
  graphUri(): string | null {
    return this.graph ? redactUri(this.graph.settings.uri) : null;
  }

  /** Closes the graph services; the next call opens them again. */
  async reset(): Promise<void> {
    const open = this.current;
    const graph = this.graph;
    const warming = this.warming;
    this.current = null;
    this.graph = null;
    this.warming = null;
    // The old connection's warm-up stops before its driver closes.
    warming?.abort.abort();
    await warming?.report;
    await open?.close();
    await graph?.close();
  }

  /** Closes everything. */
  async close(): Promise<void> {
    await this.reset();
    this.traceStore?.close();
    this.traceStore = null;
  }
}

/** Starts warming a connection on the next turn of the event loop, so the call that opened it is not delayed. */
function startWarmup(services: AppServices): { report: Promise<WarmupReport>; abort: AbortController } {
  const abort = requestCancellation();
  const report = new Promise<void>((resolve) => setImmediate(resolve)).then(() => warmConnection(services.deps, abort.signal));
  return { report, abort };
}
