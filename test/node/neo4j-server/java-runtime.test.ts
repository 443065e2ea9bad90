import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { parseJavaVersion, selectJavaFor } from '../../../electron/neo4j-server/java-runtime';
import { hasVectorSearchClause, parseNeo4jVersion, supportedJavaVersions } from '../../../electron/neo4j-server/neo4j-versions';
import { errorOf, rejectionOf } from '../../support/lens-error-of';

const OPENJDK_17 = [
  'openjdk version "17.0.15" 2025-04-15',
  'OpenJDK Runtime Environment (build 17.0.15+6-Debian-1deb12u1)',
  'OpenJDK 64-Bit Server VM (build 17.0.15+6-Debian-1deb12u1, mixed mode, sharing)',
].join('\n');
const TEMURIN_25 = [
  'openjdk version "25" 2025-09-16 LTS',
  'OpenJDK Runtime Environment Temurin-25+36 (build 25+36-LTS)',
  'OpenJDK 64-Bit Server VM Temurin-25+36 (build 25+36-LTS, mixed mode, sharing)',
].join('\n');
const ORACLE_8 = [
  'java version "1.8.0_392"',
  'Java(TM) SE Runtime Environment (build 1.8.0_392-b08)',
  'Java HotSpot(TM) 64-Bit Server VM (build 25.392-b08, mixed mode)',
].join('\n');

describe('parseJavaVersion', () => {
  it('reads feature 17 from OpenJDK 17.0.15 output', () => {
    expect(parseJavaVersion(OPENJDK_17)).toEqual({ feature: 17, text: '17.0.15' });
  });

  it('reads feature 25 from Temurin 25 output, whose version has no dots', () => {
    expect(parseJavaVersion(TEMURIN_25)).toEqual({ feature: 25, text: '25' });
  });

  it('reads feature 8 from the old 1.8.0_392 numbering', () => {
    expect(parseJavaVersion(ORACLE_8)).toEqual({ feature: 8, text: '1.8.0_392' });
  });

  it('reads the version after a "Picked up JAVA_TOOL_OPTIONS" line', () => {
    expect(parseJavaVersion(`Picked up JAVA_TOOL_OPTIONS: -Xmx1g\n${OPENJDK_17}`)?.feature).toBe(17);
  });

  it('returns null for output that is not a Java version', () => {
    expect(parseJavaVersion('bash: java: command not found')).toBeNull();
  });

  it('returns null for a quoted version that holds no number', () => {
    expect(parseJavaVersion('openjdk version "banana"')).toBeNull();
  });
});

describe('parseNeo4jVersion', () => {
  it('parses the 5.26 LTS release 5.26.30', () => {
    expect(parseNeo4jVersion('5.26.30')).toEqual({ text: '5.26.30', major: 5, minor: 26, patch: 30 });
  });

  it('parses the calendar release 2026.08.1, keeping the text as written', () => {
    expect(parseNeo4jVersion('2026.08.1')).toEqual({ text: '2026.08.1', major: 2026, minor: 8, patch: 1 });
  });

  it('trims surrounding whitespace', () => {
    expect(parseNeo4jVersion(' 5.26.30\n').text).toBe('5.26.30');
  });

  it('refuses 4.4.0 as too old, as invalid_input', () => {
    const error = errorOf(() => parseNeo4jVersion('4.4.0'));
    expect(error.kind).toBe('invalid_input');
    expect(error.message).toContain('too old');
  });

  it('refuses 5.10.0, which has no vector indexes, as too old', () => {
    expect(errorOf(() => parseNeo4jVersion('5.10.0')).message).toContain('5.11');
  });

  it('refuses "banana" as invalid_input with a hint naming accepted releases', () => {
    const error = errorOf(() => parseNeo4jVersion('banana'));
    expect(error.kind).toBe('invalid_input');
    expect(error.message).toBe('"banana" is not a Neo4j version.');
    expect(error.hint).toContain('5.26.30');
  });

  it('refuses a version with two parts', () => {
    expect(errorOf(() => parseNeo4jVersion('5.26')).kind).toBe('invalid_input');
  });
});

describe('supportedJavaVersions', () => {
  it('gives Java 17 and 21 for 5.26.30', () => {
    expect(supportedJavaVersions(parseNeo4jVersion('5.26.30'))).toEqual([17, 21]);
  });

  it('gives only Java 21 for a 2025 release before 2025.10', () => {
    expect(supportedJavaVersions(parseNeo4jVersion('2025.06.0'))).toEqual([21]);
  });

  it('gives Java 21 and 25 for 2025.10.1', () => {
    expect(supportedJavaVersions(parseNeo4jVersion('2025.10.1'))).toEqual([21, 25]);
  });

  it('gives Java 21 and 25 for 2026.08.1', () => {
    expect(supportedJavaVersions(parseNeo4jVersion('2026.08.1'))).toEqual([21, 25]);
  });
});

describe('hasVectorSearchClause', () => {
  it('is false for 5.26.30 and true for 2026.08.1', () => {
    expect([hasVectorSearchClause(parseNeo4jVersion('5.26.30')), hasVectorSearchClause(parseNeo4jVersion('2026.08.1'))]).toEqual([
      false,
      true,
    ]);
  });
});

describe('selectJavaFor with fake JDKs', () => {
  let tmp: string;
  let jvmRoot: string;
  let emptyBin: string;

  beforeEach(() => {
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'lens-java-'));
    jvmRoot = path.join(tmp, 'jvm');
    emptyBin = path.join(tmp, 'bin');
    fs.mkdirSync(jvmRoot);
    fs.mkdirSync(emptyBin);
  });

  afterEach(() => {
    fs.rmSync(tmp, { recursive: true, force: true });
  });

  /** A folder `<jvmRoot>/<name>/bin/java` that prints `versionLine` to stderr like `java -version` does. */
  function fakeJava(name: string, versionLine: string, options: { javac: boolean }): string {
    const home = path.join(jvmRoot, name);
    fs.mkdirSync(path.join(home, 'bin'), { recursive: true });
    // #!/bin/sh needs no PATH; echo is a shell builtin, so the script runs with PATH restricted.
    fs.writeFileSync(path.join(home, 'bin', 'java'), `#!/bin/sh\necho '${versionLine}' >&2\n`, { mode: 0o755 });
    if (options.javac) fs.writeFileSync(path.join(home, 'bin', 'javac'), '#!/bin/sh\nexit 0\n', { mode: 0o755 });
    return home;
  }

  /** Only the fake JDKs are visible: no JAVA_HOME, no LENS_JAVA_HOME, a PATH without /usr/bin. */
  function isolatedEnv(): NodeJS.ProcessEnv {
    return { PATH: emptyBin, LENS_JVM_ROOTS: jvmRoot };
  }

  it('reports no Java at all as environment, naming Java 17 or Java 21 for 5.26.30', async () => {
    const error = await rejectionOf(selectJavaFor(parseNeo4jVersion('5.26.30'), isolatedEnv()));
    expect(error.kind).toBe('environment');
    expect(error.message).toContain('No Java was found');
    expect(error.message).toContain('Java 17 or Java 21');
  });

  it('reports only Java 11 as environment, naming Java 11 and the versions needed', async () => {
    const home = fakeJava('jdk11', 'openjdk version "11.0.2" 2019-01-15', { javac: true });
    const error = await rejectionOf(selectJavaFor(parseNeo4jVersion('5.26.30'), isolatedEnv()));
    expect(error.kind).toBe('environment');
    expect(error.message).toContain(`Java 11 at ${home}`);
    expect(error.message).toContain('Java 17 or Java 21');
    expect(error.hint).toContain('too old');
  });

  it('reports a Java 17 JRE without javac as environment, saying it is a JRE without javac', async () => {
    fakeJava('jre17', 'openjdk version "17.0.15" 2025-04-15', { javac: false });
    const error = await rejectionOf(selectJavaFor(parseNeo4jVersion('5.26.30'), isolatedEnv()));
    expect(error.kind).toBe('environment');
    expect(error.message).toContain('JRE without javac');
    expect(error.hint).toContain('LENS_JAVA_HOME');
  });

  it('selects a Java 17 JDK for 5.26.30', async () => {
    const home = fakeJava('jdk17', 'openjdk version "17.0.15" 2025-04-15', { javac: true });
    const java = await selectJavaFor(parseNeo4jVersion('5.26.30'), isolatedEnv());
    expect(java).toEqual({
      home,
      java: path.join(home, 'bin', 'java'),
      javac: path.join(home, 'bin', 'javac'),
      feature: 17,
      versionText: '17.0.15',
    });
  });

  it('refuses Java 17 for 2026.08.1, naming Java 21 or Java 25', async () => {
    fakeJava('jdk17', 'openjdk version "17.0.15" 2025-04-15', { javac: true });
    const error = await rejectionOf(selectJavaFor(parseNeo4jVersion('2026.08.1'), isolatedEnv()));
    expect(error.kind).toBe('environment');
    expect(error.message).toContain('Java 21 or Java 25');
    expect(error.message).toContain('Java 17 at');
  });

  it('picks Java 25 for 2026.08.1 when both 17 and 25 are installed', async () => {
    fakeJava('jdk17', 'openjdk version "17.0.15" 2025-04-15', { javac: true });
    fakeJava('jdk25', 'openjdk version "25" 2025-09-16 LTS', { javac: true });
    expect((await selectJavaFor(parseNeo4jVersion('2026.08.1'), isolatedEnv())).feature).toBe(25);
  });

  it('picks Java 17 for 5.26.30 when both 17 and 25 are installed', async () => {
    fakeJava('jdk17', 'openjdk version "17.0.15" 2025-04-15', { javac: true });
    fakeJava('jdk25', 'openjdk version "25" 2025-09-16 LTS', { javac: true });
    expect((await selectJavaFor(parseNeo4jVersion('5.26.30'), isolatedEnv())).feature).toBe(17);
  });

  it('prefers LENS_JAVA_HOME over a fitting JDK that sorts first in the JVM folders', async () => {
    fakeJava('jdk17', 'openjdk version "17.0.15" 2025-04-15', { javac: true });
    const preferred = fakeJava('jdk21', 'openjdk version "21.0.5" 2024-10-15', { javac: true });
    const java = await selectJavaFor(parseNeo4jVersion('5.26.30'), { ...isolatedEnv(), LENS_JAVA_HOME: preferred });
    expect(java.home).toBe(preferred);
  });

  it('skips a java that prints no version and keeps looking', async () => {
    fakeJava('broken', 'Error: could not find libjava.so', { javac: true });
    fakeJava('jdk17', 'openjdk version "17.0.15" 2025-04-15', { javac: true });
    expect((await selectJavaFor(parseNeo4jVersion('5.26.30'), isolatedEnv())).feature).toBe(17);
  });
});
