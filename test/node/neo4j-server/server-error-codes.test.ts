import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { explainMavenFailure, findMaven } from '../../../electron/neo4j-server/maven-classpath';
import { parseNeo4jVersion } from '../../../electron/neo4j-server/neo4j-versions';
import { readServerState, serverPaths } from '../../../electron/neo4j-server/server-state';
import { errorOf } from '../../support/lens-error-of';

describe('local server errors as codes with parameters', () => {
  it('refuses a text that is not a version, naming the text and the default release in the hint', () => {
    const error = errorOf(() => parseNeo4jVersion('five'));
    expect(error.message).toBe('"five" is not a Neo4j version.');
    expect(error.said).toEqual({ code: 'error_server:not_a_version', params: { text: 'five' } });
    expect(error.hintSaid?.code).toBe('error_server:not_a_version_hint');
    expect(error.hint).toMatch(/^Give a release such as 5\.26\.\d+ \(5\.26 LTS\)/);
  });

  it('says a release missing from Maven Central with its version, and keeps Maven’s output in the detail', () => {
    const error = explainMavenFailure('[ERROR] Could not find artifact org.neo4j:neo4j:jar:5.99.0', parseNeo4jVersion('5.99.0'));
    expect(error.kind).toBe('not_found');
    expect(error.message).toBe('Neo4j 5.99.0 is not on Maven Central (org.neo4j:neo4j:5.99.0).');
    expect(error.said).toEqual({ code: 'error_server:not_on_maven', params: { version: '5.99.0' } });
    expect(error.detail).toContain('Could not find artifact');
  });

  it('names a LENS_MVN that does not exist', () => {
    const error = errorOf(() => findMaven({ LENS_MVN: '/nowhere/mvn', PATH: '' }));
    expect(error.message).toBe('LENS_MVN points to /nowhere/mvn, which does not exist.');
    expect(error.said).toEqual({ code: 'error_server:lens_mvn_missing', params: { path: '/nowhere/mvn' } });
  });

  it('says a damaged state file with its path', () => {
    const home = fs.mkdtempSync(path.join(os.tmpdir(), 'lens-state-'));
    const paths = serverPaths(home);
    fs.mkdirSync(path.dirname(paths.stateFile), { recursive: true });
    fs.writeFileSync(paths.stateFile, '{not json');
    const error = errorOf(() => readServerState(paths));
    expect(error.message).toBe(`The server state file ${paths.stateFile} is damaged.`);
    expect(error.said).toEqual({ code: 'error_server:state_file_damaged', params: { file: paths.stateFile } });
    fs.rmSync(home, { recursive: true, force: true });
  });
});
