import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { codedError } from '../../shared/coded-error';
import { serverError } from '../../shared/errors/server-error-messages';
import type { LensError } from '../../shared/lens-error';
import type { ProgressSink } from '../../shared/progress-event';
import type { Neo4jVersion } from './neo4j-versions';
import { progressEvent } from '../../shared/progress-messages';

/**
 * The plugin goal by its full coordinates: a bare `dependency:` prefix makes a first run look up
 * plugin metadata, and when the registry is unreachable Maven then says only "No plugin found".
 */
const DEPENDENCY_PLUGIN_GOAL = 'org.apache.maven.plugins:maven-dependency-plugin:3.8.1:build-classpath';

/** The two artifacts of an embedded Neo4j with Bolt: the DBMS and its Bolt server. */
export function neo4jPom(version: Neo4jVersion): string {
  const dependency = (artifact: string) =>
    `    <dependency><groupId>org.neo4j</groupId><artifactId>${artifact}</artifactId><version>${version.text}</version></dependency>`;
  return [
    '<project xmlns="http://maven.apache.org/POM/4.0.0">',
    '  <modelVersion>4.0.0</modelVersion>',
    '  <groupId>provenance-lens</groupId>',
    `  <artifactId>neo4j-server-${version.text}</artifactId>`,
    '  <version>1</version>',
    '  <dependencies>',
    dependency('neo4j'),
    dependency('neo4j-bolt'),
    '  </dependencies>',
    '</project>',
    '',
  ].join('\n');
}

/** What a Maven failure means, read from its output, as an error a user can act on. */
export function explainMavenFailure(output: string, version: Neo4jVersion): LensError {
  const tail =
    output
      .split('\n')
      .filter((line) => line.includes('ERROR'))
      .slice(-8)
      .join('\n') || output.slice(-2000);
  if (
    /UnknownHost|Connection refused|Network is unreachable|Connect timed out|Could not transfer (artifact|metadata)|transfer failed for|No plugin found for prefix|No route to host/i.test(
      output,
    )
  ) {
    return codedError('unavailable', serverError('maven_offline'), {
      hint: serverError('maven_offline_hint'),
      detail: tail,
    });
  }
  if (
    /Could not find artifact org\.neo4j|Failure to find org\.neo4j|was not found in|Failed to collect dependencies.*org\.neo4j/i.test(
      output,
    )
  ) {
    return codedError('not_found', serverError('not_on_maven', { version: version.text }), {
      hint: serverError('not_on_maven_hint'),
      detail: tail,
    });
  }
  return codedError('environment', serverError('maven_failed', { version: version.text }), {
    hint: serverError('maven_failed_hint'),
    detail: tail,
  });
}

/** Finds `mvn`: LENS_MVN, else on PATH. */
export function findMaven(env: NodeJS.ProcessEnv = process.env): string {
  const configured = env.LENS_MVN?.trim();
  if (configured) {
    if (fs.existsSync(configured)) return configured;
    throw codedError('environment', serverError('lens_mvn_missing', { path: configured }), { hint: serverError('lens_mvn_missing_hint') });
  }
  for (const dir of (env.PATH ?? '').split(path.delimiter)) {
    const candidate = path.join(dir, process.platform === 'win32' ? 'mvn.cmd' : 'mvn');
    if (dir && fs.existsSync(candidate)) return candidate;
  }
  throw codedError('environment', serverError('no_maven'), { hint: serverError('no_maven_hint') });
}

/**
 * Resolves the Neo4j server's classpath with Maven into `distDir` and returns it. The result is cached
 * in `classpath.txt`; the first run downloads well over 100 MB, reported through `progress`.
 */
export async function resolveNeo4jClasspath(
  version: Neo4jVersion,
  distDir: string,
  progress: ProgressSink,
  env: NodeJS.ProcessEnv = process.env,
): Promise<string[]> {
  const classpathFile = path.join(distDir, 'classpath.txt');
  const cached = readClasspath(classpathFile);
  if (cached) return cached;

  const mvn = findMaven(env);
  fs.mkdirSync(distDir, { recursive: true });
  fs.writeFileSync(path.join(distDir, 'pom.xml'), neo4jPom(version));
  const partial = `${classpathFile}.partial`;
  // LENS_MAVEN_SETTINGS names a settings.xml (a company mirror or proxy) for this download only.
  const settings = env.LENS_MAVEN_SETTINGS?.trim();
  const args = [
    '-B',
    ...(settings ? ['-s', settings] : []),
    '-f',
    path.join(distDir, 'pom.xml'),
    DEPENDENCY_PLUGIN_GOAL,
    `-Dmdep.outputFile=${partial}`,
  ];

  progress(progressEvent('resolve', 'resolving', { version: version.text }));
  const output = await new Promise<string>((resolve, reject) => {
    const child = spawn(mvn, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let log = '';
    let artifacts = 0;
    let kilobytes = 0;
    const onData = (chunk: Buffer) => {
      const text = chunk.toString('utf8');
      log += text;
      for (const match of text.matchAll(/Downloaded from [^:]+: \S+ \(([\d.,]+) (kB|MB|B)/g)) {
        artifacts += 1;
        const size = Number.parseFloat((match[1] ?? '0').replace(',', ''));
        kilobytes += match[2] === 'MB' ? size * 1024 : match[2] === 'B' ? size / 1024 : size;
        progress(progressEvent('resolve', 'downloaded', { files: artifacts, megabytes: (kilobytes / 1024).toFixed(1) }));
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.on('error', (error) =>
      reject(
        codedError('environment', serverError('maven_not_run', { mvn, reason: error.message }), {
          hint: serverError('maven_not_run_hint'),
          cause: error,
        }),
      ),
    );
    child.on('close', (code) => (code === 0 ? resolve(log) : reject(explainMavenFailure(log, version))));
  });
  const resolved = readClasspath(partial);
  if (!resolved) throw explainMavenFailure(output, version);
  fs.renameSync(partial, classpathFile);
  progress(progressEvent('resolve', 'resolved', { version: version.text, jars: resolved.length }, 1));
  return resolved;
}

function readClasspath(file: string): string[] | null {
  if (!fs.existsSync(file)) return null;
  const entries = fs.readFileSync(file, 'utf8').trim().split(path.delimiter).filter(Boolean);
  // A cache whose jars were removed (a cleaned ~/.m2) must be resolved again, not trusted.
  if (entries.length === 0 || !entries.every((entry) => fs.existsSync(entry))) return null;
  return entries;
}
