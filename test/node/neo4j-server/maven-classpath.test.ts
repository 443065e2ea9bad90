import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { wordCore } from '../../../shared/core-catalogues';
import { isLensError, type LensError } from '../../../shared/lens-error';
import type { ProgressEvent } from '../../../shared/progress-event';
import { explainMavenFailure, findMaven, neo4jPom, resolveNeo4jClasspath } from '../../../electron/neo4j-server/maven-classpath';
import { parseNeo4jVersion, type Neo4jVersion } from '../../../electron/neo4j-server/neo4j-versions';
import { errorOf, rejectionOf } from '../../support/lens-error-of';

const FIXTURES = path.resolve(import.meta.dirname, '..', '..', 'fixtures', 'maven');
const V5 = parseNeo4jVersion('5.26.30');
/** A release Maven Central does not have; built directly, since parseNeo4jVersion refuses it before Maven would. */
const V_MISSING: Neo4jVersion = { text: '9.9.9', major: 9, minor: 9, patch: 9 };

/** Maven 3.8 -B output when DNS fails while fetching the Neo4j POM (the plugin was already cached). */
const UNKNOWN_HOST_OUTPUT = `[INFO] Scanning for projects...
[INFO] 
[INFO] ----------------< provenance-lens:neo4j-server-5.26.30 >-----------------
[INFO] Building neo4j-server-5.26.30 1
[INFO] --------------------------------[ jar ]---------------------------------
[INFO] 
[INFO] --- maven-dependency-plugin:2.8:build-classpath (default-cli) @ neo4j-server-5.26.30 ---
[INFO] Downloading from central: https://repo.maven.apache.org/maven2/org/neo4j/neo4j/5.26.30/neo4j-5.26.30.pom
[INFO] ------------------------------------------------------------------------
[INFO] BUILD FAILURE
[INFO] ------------------------------------------------------------------------
[ERROR] Failed to execute goal on project neo4j-server-5.26.30: Could not resolve dependencies for project provenance-lens:neo4j-server-5.26.30:jar:1: Failed to collect dependencies at org.neo4j:neo4j:jar:5.26.30: Failed to read artifact descriptor for org.neo4j:neo4j:jar:5.26.30: Could not transfer artifact org.neo4j:neo4j:pom:5.26.30 from/to central (https://repo.maven.apache.org/maven2): Transfer failed for https://repo.maven.apache.org/maven2/org/neo4j/neo4j/5.26.30/neo4j-5.26.30.pom: Unknown host repo.maven.apache.org: Temporary failure in name resolution -> [Help 1]
[ERROR] 
[ERROR] To see the full stack trace of the errors, re-run Maven with the -e switch.
[ERROR] Re-run Maven using the -X switch to enable full debug logging.
Caused by: java.net.UnknownHostException: repo.maven.apache.org: Temporary failure in name resolution
`;

/** Maven 3.8 -B output when a proxy drops the connection: only "Could not transfer artifact" says so. */
const TRANSFER_FAILED_OUTPUT = `[INFO] Scanning for projects...
[INFO] --- maven-dependency-plugin:2.8:build-classpath (default-cli) @ neo4j-server-5.26.30 ---
[INFO] Downloading from central: https://repo.maven.apache.org/maven2/org/neo4j/neo4j-bolt/5.26.30/neo4j-bolt-5.26.30.jar
[INFO] BUILD FAILURE
[ERROR] Failed to execute goal on project neo4j-server-5.26.30: Could not resolve dependencies for project provenance-lens:neo4j-server-5.26.30:jar:1: Could not transfer artifact org.neo4j:neo4j-bolt:jar:5.26.30 from/to central (https://repo.maven.apache.org/maven2): Premature end of Content-Length delimited message body (expected: 1,234,567; received: 65,536) -> [Help 1]
`;

/** Maven 3.8 -B output for a release that does not exist on Maven Central. */
const NOT_FOUND_OUTPUT = `[INFO] Scanning for projects...
[INFO] --- maven-dependency-plugin:2.8:build-classpath (default-cli) @ neo4j-server-9.9.9 ---
[INFO] Downloading from central: https://repo.maven.apache.org/maven2/org/neo4j/neo4j/9.9.9/neo4j-9.9.9.pom
[WARNING] The POM for org.neo4j:neo4j:jar:9.9.9 is missing, no dependency information available
[INFO] Downloading from central: https://repo.maven.apache.org/maven2/org/neo4j/neo4j/9.9.9/neo4j-9.9.9.jar
[INFO] BUILD FAILURE
[ERROR] Failed to execute goal on project neo4j-server-9.9.9: Could not resolve dependencies for project provenance-lens:neo4j-server-9.9.9:jar:1: The following artifacts could not be resolved: org.neo4j:neo4j:jar:9.9.9, org.neo4j:neo4j-bolt:jar:9.9.9: Could not find artifact org.neo4j:neo4j:jar:9.9.9 in central (https://repo.maven.apache.org/maven2) -> [Help 1]
`;

/** The same missing release asked for again: Maven answers from its cached failure, without a download. */
const NOT_FOUND_CACHED_OUTPUT = `[INFO] Scanning for projects...
[INFO] --- maven-dependency-plugin:2.8:build-classpath (default-cli) @ neo4j-server-9.9.9 ---
[WARNING] The POM for org.neo4j:neo4j:jar:9.9.9 is missing, no dependency information available
[INFO] BUILD FAILURE
[ERROR] Failed to execute goal on project neo4j-server-9.9.9: Could not resolve dependencies for project provenance-lens:neo4j-server-9.9.9:jar:1: Failure to find org.neo4j:neo4j:jar:9.9.9 in https://repo.maven.apache.org/maven2 was cached in the local repository, resolution will not be reattempted until the update interval of central has elapsed or updates are forced -> [Help 1]
`;

/** Maven 3.8 output when its own settings file is broken: neither the network nor the release is at fault. */
const BROKEN_SETTINGS_OUTPUT = `[ERROR] Error executing Maven.
[ERROR] 1 problem was encountered while building the effective settings
[FATAL] Non-parseable settings /home/user/.m2/settings.xml: end tag name </mirror> must match start tag name <mirrors> from line 3 (position: TEXT seen ...</url>\\n</mirror>... @5:10)  @ /home/user/.m2/settings.xml, line 5, column 10
`;

describe('neo4jPom', () => {
  it('depends on org.neo4j:neo4j and org.neo4j:neo4j-bolt at the asked version', () => {
    const pom = neo4jPom(V5);
    expect(pom).toContain('<groupId>org.neo4j</groupId><artifactId>neo4j</artifactId><version>5.26.30</version>');
    expect(pom).toContain('<groupId>org.neo4j</groupId><artifactId>neo4j-bolt</artifactId><version>5.26.30</version>');
  });

  it('names the project after the version, so two versions never share a POM', () => {
    expect(neo4jPom(parseNeo4jVersion('2026.08.1'))).toContain('<artifactId>neo4j-server-2026.08.1</artifactId>');
  });
});

describe('explainMavenFailure', () => {
  it('reads an unknown host as unavailable', () => {
    expect(explainMavenFailure(UNKNOWN_HOST_OUTPUT, V5).kind).toBe('unavailable');
  });

  it('reads "Could not transfer artifact" as unavailable, with a hint about the network and the mirror', () => {
    const error = explainMavenFailure(TRANSFER_FAILED_OUTPUT, V5);
    expect(error.kind).toBe('unavailable');
    expect(error.hint).toContain('settings.xml');
  });

  it('reads a first run with no reachable registry (real Maven 3.8.7 output) as unavailable', () => {
    const output = fs.readFileSync(path.join(FIXTURES, 'offline-first-run.txt'), 'utf8');
    expect(explainMavenFailure(output, V5).kind).toBe('unavailable');
  });

  it('reads "Could not find artifact org.neo4j:neo4j:jar:9.9.9 in central" as not_found naming the release', () => {
    const error = explainMavenFailure(NOT_FOUND_OUTPUT, V_MISSING);
    expect(error.kind).toBe('not_found');
    expect(error.message).toContain('org.neo4j:neo4j:9.9.9');
  });

  it('reads the cached "Failure to find org.neo4j:neo4j" of a second attempt as not_found', () => {
    expect(explainMavenFailure(NOT_FOUND_CACHED_OUTPUT, V_MISSING).kind).toBe('not_found');
  });

  it('reads any other failure as environment', () => {
    expect(explainMavenFailure(BROKEN_SETTINGS_OUTPUT, V5).kind).toBe('environment');
  });

  it('keeps the ERROR lines of the output as the detail', () => {
    const detail = explainMavenFailure(NOT_FOUND_OUTPUT, V_MISSING).detail ?? '';
    expect(detail).toContain('Could not find artifact org.neo4j:neo4j:jar:9.9.9');
    expect(detail).not.toContain('[INFO]');
  });

  it('keeps the end of the output as the detail when no line says ERROR', () => {
    expect(explainMavenFailure('mvn: segmentation fault', V5).detail).toBe('mvn: segmentation fault');
  });
});

describe('findMaven', () => {
  let tmp: string;

  beforeEach(() => {
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'lens-mvn-'));
  });

  afterEach(() => {
    fs.rmSync(tmp, { recursive: true, force: true });
  });

  it('reports a PATH without mvn as environment, saying how to install Maven', () => {
    const error = errorOf(() => findMaven({ PATH: tmp }));
    expect(error.kind).toBe('environment');
    expect(error.message).toContain('Maven (mvn) was not found');
    expect(error.hint).toMatch(/apt-get install maven|brew install maven/);
    expect(error.hint).toContain('LENS_MVN');
  });

  it('reports LENS_MVN pointing to a missing file as environment, naming the path', () => {
    const missing = path.join(tmp, 'no-such-mvn');
    const error = errorOf(() => findMaven({ PATH: '/usr/bin', LENS_MVN: missing }));
    expect(error.kind).toBe('environment');
    expect(error.message).toContain(missing);
  });

  it('returns LENS_MVN when that file exists', () => {
    const mvn = path.join(tmp, 'mvn');
    fs.writeFileSync(mvn, '#!/bin/sh\n', { mode: 0o755 });
    expect(findMaven({ PATH: '', LENS_MVN: mvn })).toBe(mvn);
  });

  it('returns the first mvn on PATH', () => {
    const first = path.join(tmp, 'a');
    const second = path.join(tmp, 'b');
    for (const dir of [first, second]) {
      fs.mkdirSync(dir);
      fs.writeFileSync(path.join(dir, 'mvn'), '#!/bin/sh\n', { mode: 0o755 });
    }
    expect(findMaven({ PATH: [path.join(tmp, 'none'), first, second].join(path.delimiter) })).toBe(path.join(first, 'mvn'));
  });
});

describe('resolveNeo4jClasspath without Maven', () => {
  let tmp: string;

  beforeEach(() => {
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'lens-cp-'));
  });

  afterEach(() => {
    fs.rmSync(tmp, { recursive: true, force: true });
  });

  it('returns the cached classpath when every jar in it exists, without looking for Maven', async () => {
    const jars = ['a.jar', 'b.jar'].map((name) => path.join(tmp, name));
    for (const jar of jars) fs.writeFileSync(jar, '');
    const distDir = path.join(tmp, 'dist');
    fs.mkdirSync(distDir);
    fs.writeFileSync(path.join(distDir, 'classpath.txt'), `${jars.join(path.delimiter)}\n`);
    expect(await resolveNeo4jClasspath(V5, distDir, () => undefined, { PATH: tmp })).toEqual(jars);
  });

  it('does not trust a cached classpath whose jars were removed, and so needs Maven again', async () => {
    const distDir = path.join(tmp, 'dist');
    fs.mkdirSync(distDir);
    fs.writeFileSync(path.join(distDir, 'classpath.txt'), path.join(tmp, 'gone.jar'));
    const error = await rejectionOf(resolveNeo4jClasspath(V5, distDir, () => undefined, { PATH: tmp }));
    expect(error.kind).toBe('environment');
    expect(error.message).toContain('Maven (mvn) was not found');
  });
});

describe('resolveNeo4jClasspath with a Maven that downloads two jars', () => {
  let tmp: string;

  beforeEach(() => {
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'lens-cp-'));
  });

  afterEach(() => {
    fs.rmSync(tmp, { recursive: true, force: true });
  });

  // A shell script stands in for mvn (LENS_MVN), so nothing is downloaded.
  it('reports each step as a progress code whose English is the message: resolving, each download, resolved', async () => {
    const jars = ['a.jar', 'b.jar'].map((name) => path.join(tmp, name));
    for (const jar of jars) fs.writeFileSync(jar, '');
    // Prints Maven's download lines and writes the classpath where -Dmdep.outputFile asks.
    const mvn = path.join(tmp, 'mvn');
    fs.writeFileSync(
      mvn,
      [
        '#!/bin/sh',
        'for arg in "$@"; do case "$arg" in -Dmdep.outputFile=*) out="${arg#-Dmdep.outputFile=}";; esac; done',
        'echo "[INFO] Downloaded from central: https://repo/a.jar (512 kB at 1 MB/s)"',
        'echo "[INFO] Downloaded from central: https://repo/b.jar (1.5 MB at 1 MB/s)"',
        `printf '%s' '${jars.join(path.delimiter)}' > "$out"`,
        '',
      ].join('\n'),
      { mode: 0o755 },
    );
    const events: ProgressEvent[] = [];
    const classpath = await resolveNeo4jClasspath(V5, path.join(tmp, 'dist'), (event) => events.push(event), { PATH: '', LENS_MVN: mvn });
    expect(classpath).toEqual(jars);
    expect(events.map((event) => event.message)).toEqual([
      'Resolving Neo4j 5.26.30 from Maven Central (first run downloads over 100 MB)…',
      'Downloaded 1 files, 0.5 MB',
      'Downloaded 2 files, 2.0 MB',
      'Neo4j 5.26.30 resolved: 2 jars',
    ]);
    expect(events.map((event) => event.said?.code)).toEqual([
      'progress:resolving',
      'progress:downloaded',
      'progress:downloaded',
      'progress:resolved',
    ]);
    for (const event of events) expect(wordCore(event.said!, 'en')).toBe(event.message);
    expect(wordCore(events[2]!.said!, 'ko')).toBe('파일 2개, 2.0 MB를 내려받았습니다');
  });
});

describe('resolveNeo4jClasspath with the real Maven and an unreachable registry', () => {
  let tmp: string;
  const events: ProgressEvent[] = [];
  let outcome: { error: LensError | null; classpath: string[] | null; distDir: string };

  beforeAll(async () => {
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'lens-maven-run-'));
    const localRepository = path.join(tmp, 'm2-repository');
    fs.mkdirSync(localRepository);
    const settings = path.join(tmp, 'settings.xml');
    // Port 9 (discard) refuses on loopback: every download fails at once, and nothing leaves the machine.
    fs.writeFileSync(
      settings,
      [
        '<settings xmlns="http://maven.apache.org/SETTINGS/1.0.0">',
        `  <localRepository>${localRepository}</localRepository>`,
        '  <mirrors>',
        '    <mirror><id>unreachable</id><mirrorOf>*</mirrorOf><url>http://127.0.0.1:9/maven2</url></mirror>',
        '  </mirrors>',
        '</settings>',
        '',
      ].join('\n'),
    );
    const distDir = path.join(tmp, 'dist');
    try {
      const classpath = await resolveNeo4jClasspath(V5, distDir, (event) => events.push(event), {
        ...process.env,
        LENS_MAVEN_SETTINGS: settings,
      });
      outcome = { error: null, classpath, distDir };
    } catch (error) {
      if (!isLensError(error)) throw error;
      outcome = { error, classpath: null, distDir };
    }
  }, 120_000);

  afterAll(() => {
    fs.rmSync(tmp, { recursive: true, force: true });
  });

  it('fails with kind unavailable', () => {
    expect(outcome.classpath).toBeNull();
    expect(outcome.error?.kind).toBe('unavailable');
  });

  it('announces "Resolving Neo4j 5.26.30" on the progress sink before Maven runs', () => {
    expect(events[0]?.phase).toBe('resolve');
    expect(events[0]?.message).toContain('Resolving Neo4j 5.26.30');
    expect(events[0]?.said).toEqual({ code: 'progress:resolving', params: { version: '5.26.30' } });
  });

  it('leaves no classpath.txt behind, so the next start tries again', () => {
    expect(fs.existsSync(path.join(outcome.distDir, 'classpath.txt'))).toBe(false);
    expect(fs.existsSync(path.join(outcome.distDir, 'pom.xml'))).toBe(true);
  });
});
