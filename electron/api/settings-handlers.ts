import { problemFields } from '../../shared/coded-error';
import { isLensError } from '../../shared/lens-error';
import type { ProfileCheck } from '../../shared/settings-state';
import { createHashingEmbedder } from '../corpus/hashing-embedder';
import { buildConnectReport } from '../graph/connect-report';
import { parseProfileText, profileState, saveProfileFile } from '../services/profile-source';
import type { ServiceHub } from '../services/service-hub';
import { readRetention, saveRetention } from '../trace-store/retention';
import type { LensHandlers } from './api-dispatch';
import { llmSettingsState, saveLlmSettings, saveOpenAiKey } from './llm-settings';
import { readUiSettings, saveUiSettings } from './ui-prefs';

type SettingsOperations =
  | 'settings.get'
  | 'settings.set'
  | 'llm.get'
  | 'llm.save'
  | 'llm.key.save'
  | 'retention.get'
  | 'retention.save'
  | 'profile.get'
  | 'profile.validate'
  | 'profile.load';

/** How long checking a profile against the graph may take before the check says the graph could not be read. */
const PROFILE_CHECK_TIMEOUT_MS = 15_000;

/**
 * Checks a profile's text: valid or the problem, then how the connected graph fits it. A graph that
 * cannot be read leaves the mismatches unknown (null, with the reason): it says nothing about the file.
 */
async function checkProfile(hub: ServiceHub, content: string, fileName: string): Promise<ProfileCheck> {
  let profile;
  try {
    profile = parseProfileText(content, { name: fileName, source: 'checked' });
  } catch (error) {
    if (!isLensError(error) || error.kind !== 'invalid_input') throw error;
    return { valid: false, ...problemFields(error), profile_name: null, mismatches: null, graph_problem: null };
  }
  const valid = { valid: true, problem: null, profile_name: profile.schema.name };
  try {
    const report = await buildConnectReport(
      hub.gateway(),
      profile.schema,
      createHashingEmbedder(),
      PROFILE_CHECK_TIMEOUT_MS,
      profile.accessPolicy,
    );
    return { ...valid, mismatches: report.mismatches, capabilities: report.capabilities, graph_problem: null };
  } catch (error) {
    // No graph, or it did not answer: the file is still valid; the fit is unknown, and the screen says why.
    if (!isLensError(error)) throw error;
    const { problem, problem_code, problem_params } = problemFields(error);
    const said = problem_code === undefined ? {} : { graph_problem_code: problem_code, graph_problem_params: problem_params ?? {} };
    return { ...valid, mismatches: null, graph_problem: problem, ...said };
  }
}

/** The Settings screen's operations: UI preferences, language models and the OpenAI key, trace retention, the schema profile. */
export function settingsHandlers(hub: ServiceHub): Pick<LensHandlers, SettingsOperations> {
  return {
    'settings.get': async () => readUiSettings(hub.store()),
    'settings.set': async (patch) => saveUiSettings(hub.store(), patch),
    'llm.get': async () => llmSettingsState(hub),
    'llm.save': async (settings) => saveLlmSettings(hub, settings),
    'llm.key.save': async ({ api_key }) => saveOpenAiKey(hub, api_key),
    'retention.get': async () => readRetention(hub.store()),
    'retention.save': async (retention) => saveRetention(hub.store(), retention),
    'profile.get': async () => profileState(hub.environment()),
    'profile.validate': async ({ content, file_name }) => checkProfile(hub, content, file_name ?? 'the chosen file'),
    'profile.load': async ({ content, file_name }) => {
      saveProfileFile(hub.environment(), content, file_name);
      // The services read the profile when they open: reopen them so the next run uses this one.
      await hub.reset();
      return profileState(hub.environment());
    },
  };
}
