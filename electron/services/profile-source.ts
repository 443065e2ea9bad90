import fs from 'node:fs';
import path from 'node:path';
import { codedError, problemFields } from '../../shared/coded-error';
import { serverError } from '../../shared/errors/server-error-messages';
import { isLensError, LensError } from '../../shared/lens-error';
import type { CoreParam } from '../../shared/core-message';
import { nestedDeeperThan } from '../../shared/json-depth';
import { jsonDuplicateKeyProblem, jsonProblem } from '../../shared/json-syntax';
import { DEFAULT_PROFILE, parseLensProfile, type ResolvedProfile } from '../../shared/lens-profile';
import type { ProfileState } from '../../shared/settings-state';
import { lensHome } from '../app-home';
import { readInputFile, unreadableReason } from '../input-file';

/**
 * Where the schema profile and access policy come from: the JSON file LENS_PROFILE names, else a
 * profile loaded in Settings (kept as `profile.json` in LENS_HOME), else the default. The variable
 * wins so a script or CI run gets exactly the profile it names.
 */

/** The file name of a profile loaded in Settings, inside LENS_HOME. */
export const SAVED_PROFILE_FILE = 'profile.json';

/** Where a profile loaded in Settings is kept. */
export function savedProfilePath(env: NodeJS.ProcessEnv): string {
  return path.join(lensHome(env), SAVED_PROFILE_FILE);
}

/** The profile file in use and where it comes from; `file` is null for the default profile. */
export function profileFileInUse(env: NodeJS.ProcessEnv): { source: ProfileState['source']; file: string | null } {
  const named = env.LENS_PROFILE?.trim();
  if (named) return { source: 'environment', file: named };
  const saved = savedProfilePath(env);
  return fs.existsSync(saved) ? { source: 'saved', file: saved } : { source: 'default', file: null };
}

/** Where a profile's text comes from, as errors name it: the file, and whether LENS_PROFILE names it, Settings loaded it before, checks it or loads it now. */
export interface ProfileOrigin {
  readonly name: string;
  readonly source: 'environment' | 'saved' | 'checked' | 'loaded';
}

/** Parses a profile's JSON text; bad JSON or a bad field is `invalid_input` naming the file and the problem. */
export function parseProfileText(text: string, origin: ProfileOrigin): ResolvedProfile {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (error) {
    throw unreadableProfile(origin, [jsonProblem(text)], error);
  }
  // An access policy or schema given twice: JSON.parse would keep the last without a word.
  // It is JSON, so it is said as its own problem (the key and the object it is in), not as JSON that cannot be read.
  const duplicate = jsonDuplicateKeyProblem(text);
  if (duplicate) {
    const [, , message, hint] = PROFILE_PROBLEMS[origin.source];
    throw codedError('invalid_input', serverError(message, { file: origin.name, problem: [duplicate] }), { hint: serverError(hint) });
  }
  // The policy's conditions nest, and its schema checks them recursively: thousands of levels overflowed the stack (an internal error).
  if (nestedDeeperThan(raw, MAX_PROFILE_DEPTH))
    throw codedError('invalid_input', serverError('profile_too_deep', { file: origin.name, max: MAX_PROFILE_DEPTH }), {
      hint: serverError(PROFILE_PROBLEMS[origin.source][1]),
    });
  return parseLensProfile(raw, origin.name);
}

/** How deep a profile's JSON may nest: a real one goes a few levels, its access policy's conditions included. */
export const MAX_PROFILE_DEPTH = 64;

function originOf(source: ProfileState['source'], file: string): ProfileOrigin {
  return { name: file, source: source === 'environment' ? 'environment' : 'saved' };
}

/** Per origin: the sentence for a file that cannot be read as JSON and its hint, then those for JSON that gives a key twice. */
const PROFILE_PROBLEMS = {
  environment: ['env_profile_unreadable', 'env_profile_unreadable_hint', 'env_profile_duplicate_key', 'env_profile_duplicate_key_hint'],
  saved: ['saved_profile_unreadable', 'saved_profile_unreadable_hint', 'saved_profile_duplicate_key', 'saved_profile_duplicate_key_hint'],
  checked: [
    'chosen_profile_unreadable',
    'checked_profile_unreadable_hint',
    'chosen_profile_duplicate_key',
    'checked_profile_duplicate_key_hint',
  ],
  loaded: [
    'chosen_profile_unreadable',
    'loaded_profile_unreadable_hint',
    'chosen_profile_duplicate_key',
    'loaded_profile_duplicate_key_hint',
  ],
} as const;

/**
 * A profile that cannot be read or is not JSON: `invalid_input` naming the file and the problem (the
 * system's error for a read, worded by its code, where the text stops being JSON for a parse), and what to do for where it comes from.
 */
function unreadableProfile(origin: ProfileOrigin, problem: CoreParam, error: unknown): LensError {
  const [message, hint] = PROFILE_PROBLEMS[origin.source];
  return codedError('invalid_input', serverError(message, { file: origin.name, problem }), {
    hint: serverError(hint),
    cause: error,
  });
}

/** The profile the services use (see the top of this file); a file that cannot be used is `invalid_input` naming it. */
export function profileInUse(env: NodeJS.ProcessEnv): ResolvedProfile {
  const { source, file } = profileFileInUse(env);
  if (!file) return DEFAULT_PROFILE;
  const origin = originOf(source, file);
  let text: string;
  try {
    text = readInputFile(file);
  } catch (error) {
    if (error instanceof LensError) throw error;
    // The system's error by its code, what is wrong and what to do ("… (there is no such file; check the path …)"), not Node's English.
    throw unreadableProfile(origin, [unreadableReason(error)], error);
  }
  return parseProfileText(text, origin);
}

/**
 * Keeps a profile loaded in Settings after validating it (nothing is written for an invalid one), or
 * forgets the kept one with null. The file is replaced whole (written aside, then renamed), so a
 * reader never sees half of it.
 */
export function saveProfileFile(env: NodeJS.ProcessEnv, content: string | null, fileName = 'the chosen file'): void {
  const target = savedProfilePath(env);
  if (content === null) {
    fs.rmSync(target, { force: true });
    return;
  }
  parseProfileText(content, { name: fileName, source: 'loaded' });
  fs.mkdirSync(path.dirname(target), { recursive: true });
  const aside = `${target}.${process.pid}.tmp`;
  fs.writeFileSync(aside, content);
  fs.renameSync(aside, target);
}

/** The profile in use for reading on the Settings screen, or the problem with its file. */
export function profileState(env: NodeJS.ProcessEnv): ProfileState {
  const { source, file } = profileFileInUse(env);
  const saved = savedProfilePath(env);
  const savedFile = fs.existsSync(saved) ? saved : null;
  try {
    const profile = profileInUse(env);
    return { source, file, saved_file: savedFile, profile: { schema: profile.schema, access_policy: profile.accessPolicy }, problem: null };
  } catch (error) {
    // A broken file is shown as the problem it is, so the screen can say what to fix.
    if (!isLensError(error) || error.kind !== 'invalid_input') throw error;
    return { source, file, saved_file: savedFile, profile: null, ...problemFields(error) };
  }
}
