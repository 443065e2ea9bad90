import { z } from 'zod';
import { schemaIssueText } from './errors/schema-issue-messages';
import { GraphCapabilities, SchemaMismatch } from './connect-report';
import { CoreParamsSchema } from './core-message';
import { LensProfile } from './lens-profile';
import { LlmSettings } from './llm-config';

/**
 * What the Settings screen reads and saves, besides the UI preferences: the language-model
 * settings with where each effective value comes from, whether an OpenAI key is kept (never the
 * key), the trace retention, and the schema profile with its access policy.
 */

/** A problem's sentence as a message code and its parameters, so the UI words it in its language; absent when it has none. */
const ProblemCode = { problem_code: z.string().optional(), problem_params: CoreParamsSchema.optional() };

/** Where a value in effect comes from: an environment variable, the saved settings, or the default. */
export const SettingSource = z.enum(['environment', 'stored', 'default']);
export type SettingSource = z.infer<typeof SettingSource>;

/** The vault's name for the OpenAI key (the OS key store in the app; OPENAI_API_KEY in the CLI and browser mode). */
export const OPENAI_KEY_SECRET = 'openai-api-key';

/** The environment variables that override the stored language-model settings (CLI and browser mode). */
export const LLM_ENV_VARIABLES = ['LENS_EMBEDDER', 'LENS_CHAT_MODEL', 'OPENAI_BASE_URL'] as const;

/**
 * Whether an OpenAI key is available and whether one can be kept here (and if not, why). The key
 * itself never leaves the main process: the renderer learns only `has_key`.
 */
export const ApiKeyState = z.object({
  has_key: z.boolean(),
  /** True when OPENAI_API_KEY is set in the environment the app runs in. */
  from_environment: z.boolean(),
  can_store: z.boolean(),
  backend: z.string(),
  note: z.string(),
  /** The note as a message code (`connect_report:secrets_…`) with parameters; absent before codes existed. */
  note_code: z.string().optional(),
  note_params: z.record(z.string(), z.string()).optional(),
});
export type ApiKeyState = z.infer<typeof ApiKeyState>;

/**
 * The language-model settings as saved (`stored`), as the services run on them (`effective`:
 * environment variables over the stored values), where the embedder and the chat model come from,
 * which override variables are set, and the problem when the environment's value cannot be used.
 */
export const LlmSettingsState = z.object({
  stored: LlmSettings,
  effective: LlmSettings.nullable(),
  sources: z.object({ embedder: SettingSource, chat_model: SettingSource }),
  env_overrides: z.array(z.enum(LLM_ENV_VARIABLES)),
  problem: z.string().nullable(),
  ...ProblemCode,
  key: ApiKeyState,
});
export type LlmSettingsState = z.infer<typeof LlmSettingsState>;

/** A new OpenAI key to keep in the OS key store, or null to forget the kept one. */
export const ApiKeySave = z.object({ api_key: z.string().trim().min(1, schemaIssueText('api_key_empty')).nullable() }).strict();

/**
 * How long runs are kept: at most `max_runs` (the newest), and none older than `max_days`. Both
 * absent keeps every run. Applied when the trace store opens and after every recorded run.
 */
export const Retention = z
  .object({
    max_runs: z.number().int().min(1, schemaIssueText('retention_runs_too_few')).max(10_000_000).optional(),
    max_days: z.number().int().min(1, schemaIssueText('retention_days_too_few')).max(36_500).optional(),
  })
  .strict();
export type Retention = z.infer<typeof Retention>;

/** What saving a retention did: the rule now in force and how many runs it removed at once. */
export const RetentionSaved = z.object({ retention: Retention, pruned: z.number().int().min(0) });

/** Where the schema profile in use comes from: LENS_PROFILE, a profile loaded in Settings, or the default. */
export const ProfileSource = z.enum(['environment', 'saved', 'default']);

/**
 * The schema profile and access policy the services use, for reading: its source, its file (when
 * one), the profile with its access policy filled in, and the problem when the configured file
 * cannot be used (then `profile` is null). `saved_file` is set when a loaded profile exists, even
 * while LENS_PROFILE takes precedence over it.
 */
export const ProfileState = z.object({
  source: ProfileSource,
  file: z.string().nullable(),
  saved_file: z.string().nullable(),
  profile: LensProfile.nullable(),
  problem: z.string().nullable(),
  ...ProblemCode,
});
export type ProfileState = z.infer<typeof ProfileState>;

/** A profile file's text, as the user picked it; `file_name` only names it in messages. */
export const ProfileContent = z
  .object({ content: z.string().min(1, schemaIssueText('file_empty')), file_name: z.string().max(300).optional() })
  .strict();

/**
 * A profile file checked before loading: valid or the problem in words, and how the connected graph
 * fits it (null with `graph_problem` when the graph could not be read, which is not a fault of the file).
 */
export const ProfileCheck = z.object({
  valid: z.boolean(),
  problem: z.string().nullable(),
  ...ProblemCode,
  profile_name: z.string().nullable(),
  mismatches: z.array(SchemaMismatch).nullable(),
  /** What the connected graph supports under this profile, as Connect reports it; absent when the graph could not be read. */
  capabilities: GraphCapabilities.optional(),
  graph_problem: z.string().nullable(),
  /** `graph_problem` as a message code and its parameters; absent when it has none. */
  graph_problem_code: z.string().optional(),
  graph_problem_params: CoreParamsSchema.optional(),
});
export type ProfileCheck = z.infer<typeof ProfileCheck>;
