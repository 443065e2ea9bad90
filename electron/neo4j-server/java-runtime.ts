import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { codedError } from '../../shared/coded-error';
import type { CoreParam } from '../../shared/core-message';
import { serverError } from '../../shared/errors/server-error-messages';
import { supportedJavaVersions, type Neo4jVersion } from './neo4j-versions';

const run = promisify(execFile);

/** A JDK found on this machine. */
export interface JavaRuntime {
  readonly home: string;
  readonly java: string;
  readonly javac: string;
  /** The feature version, e.g. 17 or 25. */
  readonly feature: number;
  readonly versionText: string;
}

/** Reads the feature version out of `java -version` output (`openjdk version "17.0.15"`, `"1.8.0_392"`). */
export function parseJavaVersion(output: string): { feature: number; text: string } | null {
  const match = /version "([^"]+)"/.exec(output);
  if (!match || match[1] === undefined) return null;
  const text = match[1];
  const parts = text.split(/[.+_-]/).map((part) => Number.parseInt(part, 10));
  const feature = parts[0] === 1 ? parts[1] : parts[0];
  return feature === undefined || Number.isNaN(feature) ? null : { feature, text };
}

/** Folders that hold JDKs side by side; LENS_JVM_ROOTS (path-separated) replaces the list. */
const DEFAULT_JVM_ROOTS = ['/usr/lib/jvm', '/usr/local/lib/jvm', '/opt/java', '/Library/Java/JavaVirtualMachines'];

/** Where to look, best first: LENS_JAVA_HOME, JAVA_HOME, the `java` on PATH, then the JVM folders. */
function candidateHomes(env: NodeJS.ProcessEnv): string[] {
  const homes: string[] = [];
  for (const variable of ['LENS_JAVA_HOME', 'JAVA_HOME']) {
    const value = env[variable]?.trim();
    if (value) homes.push(value);
  }
  for (const dir of (env.PATH ?? '').split(path.delimiter)) {
    const java = path.join(dir, 'java');
    if (dir && fs.existsSync(java)) homes.push(path.dirname(path.dirname(fs.realpathSync(java))));
  }
  const roots = env.LENS_JVM_ROOTS !== undefined ? env.LENS_JVM_ROOTS.split(path.delimiter).filter(Boolean) : DEFAULT_JVM_ROOTS;
  for (const root of roots) {
    if (!fs.existsSync(root)) continue;
    for (const entry of fs.readdirSync(root).sort()) {
      const home = path.join(root, entry);
      homes.push(fs.existsSync(path.join(home, 'Contents', 'Home')) ? path.join(home, 'Contents', 'Home') : home);
    }
  }
  return [...new Set(homes.map((home) => path.resolve(home)))];
}

async function probe(home: string): Promise<JavaRuntime | null> {
  const java = path.join(home, 'bin', 'java');
  if (!fs.existsSync(java)) return null;
  try {
    const { stdout, stderr } = await run(java, ['-version'], { timeout: 15_000 });
    const parsed = parseJavaVersion(`${stderr}\n${stdout}`);
    if (!parsed) return null;
    return { home, java, javac: path.join(home, 'bin', 'javac'), feature: parsed.feature, versionText: parsed.text };
  } catch {
    // A broken or foreign `java` in one folder is no reason to stop looking in the others.
    return null;
  }
}

/** All JDKs and JREs found, in preference order, each probed once. */
export async function findJavaRuntimes(env: NodeJS.ProcessEnv = process.env): Promise<JavaRuntime[]> {
  const found = await Promise.all(candidateHomes(env).map(probe));
  const seen = new Set<string>();
  return found.filter((runtime): runtime is JavaRuntime => {
    if (!runtime) return false;
    const key = fs.realpathSync(runtime.java);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** The Java versions a release runs on, in words ("Java 21 or Java 25"); Neo4j's matrix names one or two per release. */
function wantedJava(wanted: readonly number[]): CoreParam {
  const [first = 0, second] = wanted;
  return [second === undefined ? serverError('java_one_part', { feature: first }) : serverError('java_either_part', { first, second })];
}

/**
 * Picks the first JDK that can run `version`. Errors name what was found, the versions that work,
 * and what to do, because "Java is wrong" is the most common first-run failure.
 */
export async function selectJavaFor(version: Neo4jVersion, env: NodeJS.ProcessEnv = process.env): Promise<JavaRuntime> {
  const wanted = supportedJavaVersions(version);
  const runtimes = await findJavaRuntimes(env);
  const java = wantedJava(wanted);
  if (runtimes.length === 0) {
    throw codedError('environment', serverError('no_java', { version: version.text, java }), {
      hint: serverError('no_java_hint', { java }),
    });
  }
  const fitting = runtimes.filter((runtime) => wanted.includes(runtime.feature));
  const jdk = fitting.find((runtime) => fs.existsSync(runtime.javac));
  if (jdk) return jdk;
  // Each found Java is a clause of its own; a list of them is joined with "; ".
  const seen = runtimes.map((runtime) => serverError('java_at_part', { feature: runtime.feature, home: runtime.home }));
  if (fitting.length > 0) {
    throw codedError('environment', serverError('jre_only', { java, seen }), { hint: serverError('jre_only_hint', { java }) });
  }
  const older = runtimes.every((runtime) => runtime.feature < Math.min(...wanted));
  throw codedError('environment', serverError('java_unfit', { version: version.text, java, seen }), {
    hint: serverError(older ? 'java_too_old_hint' : 'java_other_hint', { java }),
  });
}
