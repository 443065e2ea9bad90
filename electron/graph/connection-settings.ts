import { LensError } from '../../shared/lens-error';
import { redactUri, secretParameterNames, splitUserInfo } from '../../shared/redact-uri';

/** Where and as whom the app reads. The password stays in the main process. */
export interface ConnectionSettings {
  /** The Bolt URI without credentials: safe to show, store and export. */
  readonly uri: string;
  readonly user: string;
  readonly password: string;
  /** The database name; undefined means the server's default database. */
  readonly database: string | undefined;
  /** Where the settings came from: the NEO4J_* variables or the local demo server. */
  readonly source: 'environment' | 'demo' | 'profile';
}

/** What a caller knows before the URI is read: the URI, and the user and password given on their own, if any. */
export interface ConnectionInput {
  readonly uri: string;
  readonly user: string | undefined;
  readonly password: string | undefined;
  readonly database: string | undefined;
  readonly source: ConnectionSettings['source'];
}

/** The schemes neo4j-driver speaks; without a scheme it uses bolt. */
const BOLT_SCHEMES = new Set(['bolt', 'bolt+s', 'bolt+ssc', 'neo4j', 'neo4j+s', 'neo4j+ssc']);
const DIRECT_SCHEMES = new Set(['bolt', 'bolt+s', 'bolt+ssc', '']);
/** The names messages use for the three inputs, per source. */
const NAMES: Record<ConnectionSettings['source'], { uri: string; user: string; password: string }> = {
  environment: { uri: 'NEO4J_URI', user: 'NEO4J_USER', password: 'NEO4J_PASSWORD' },
  profile: { uri: "the profile's URI", user: "the profile's user", password: 'the saved password' },
  demo: { uri: 'the demo server URI', user: 'the demo user', password: 'the demo password' },
};

/**
 * Reads a Bolt URI the way the driver will, and moves any credentials out of it: `user:password@`
 * in the URI is used as the user and password when they are not given on their own (given in both
 * places, they must agree), and the URI kept in the settings has none. A secret in the query
 * (`?password=…`) is refused, since the driver would send it to the server as routing context.
 * Every message shows the URI with its credentials masked.
 */
export function connectionSettings(input: ConnectionInput): ConnectionSettings {
  const names = NAMES[input.source];
  const shown = redactUri(input.uri);
  const scheme = schemeOf(input.uri);
  if (scheme !== '' && !BOLT_SCHEMES.has(scheme)) {
    throw new LensError('invalid_input', `${names.uri} ${shown} has the scheme "${scheme}", which Neo4j's driver does not speak.`, {
      hint: 'Use bolt://host:7687 (one server) or neo4j://host:7687 (a cluster), or their +s / +ssc forms for TLS.',
    });
  }
  const secrets = secretParameterNames(input.uri);
  if (secrets.length > 0) {
    throw new LensError(
      'invalid_input',
      `${names.uri} ${shown} carries a credential in its query (${secrets.join(', ')}); Neo4j URIs take no credentials there.`,
      {
        hint: `Remove it from the URI and set ${names.user} and ${names.password} instead.`,
      },
    );
  }
  if (DIRECT_SCHEMES.has(scheme) && input.uri.includes('?')) {
    throw new LensError(
      'invalid_input',
      `${names.uri} ${shown} has query parameters, which a ${scheme || 'bolt'}:// URI cannot take (only neo4j:// takes a routing context).`,
      {
        hint: 'Remove the part from "?" on, or use a neo4j:// URI for a cluster.',
      },
    );
  }
  const { userInfo, uri } = splitUserInfo(input.uri);
  const fromUri = userInfo === null ? { user: undefined, password: undefined } : credentialsOf(userInfo, names.uri, shown);
  return {
    uri,
    user:
      agreed(fromUri.user, input.user, () => `${names.uri} names the user "${fromUri.user}" but ${names.user} says "${input.user}".`) ??
      'neo4j',
    password: agreed(fromUri.password, input.password, () => `${names.uri} carries a password that differs from ${names.password}.`) ?? '',
    database: input.database,
    source: input.source,
  };
}

/** The scheme before `://`, lower-cased; empty when the URI has none. */
function schemeOf(uri: string): string {
  const separator = uri.indexOf('://');
  return separator < 0 ? '' : uri.slice(0, separator).toLowerCase();
}

/** User and password from percent-encoded user-info (`neo4j:s%40cret`); the password may be absent. */
function credentialsOf(userInfo: string, uriName: string, shown: string): { user: string | undefined; password: string | undefined } {
  const colon = userInfo.indexOf(':');
  const [user, password] = colon < 0 ? [userInfo, undefined] : [userInfo.slice(0, colon), userInfo.slice(colon + 1)];
  try {
    return {
      user: user === '' ? undefined : decodeURIComponent(user),
      password: password === undefined ? undefined : decodeURIComponent(password),
    };
  } catch (error) {
    throw new LensError('invalid_input', `${uriName} ${shown}: the user name or password in it is not valid percent-encoding.`, {
      hint: 'Write a "%" as %25, or leave the credentials out of the URI and set them on their own.',
      cause: error,
    });
  }
}

/** The one value given, or the shared one when both are given and agree; two different values are refused. */
function agreed(fromUri: string | undefined, given: string | undefined, conflict: () => string): string | undefined {
  if (fromUri !== undefined && given !== undefined && fromUri !== given) {
    throw new LensError('invalid_input', conflict(), {
      hint: 'Give the credentials in one place: in the URI, or on their own (preferred; keeps them out of the URI).',
    });
  }
  return given ?? fromUri;
}
