import { codedError } from '../../shared/coded-error';
import type { CoreMessage, CoreParam } from '../../shared/core-message';
import { serverError } from '../../shared/errors/server-error-messages';
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
/** The names messages use for the three inputs, per source: the variables as they are, the others in words. */
const NAMES: Record<ConnectionSettings['source'], { uri: CoreParam; user: CoreParam; password: CoreParam }> = {
  environment: { uri: 'NEO4J_URI', user: 'NEO4J_USER', password: 'NEO4J_PASSWORD' },
  profile: {
    uri: [serverError('profile_uri_part')],
    user: [serverError('profile_user_part')],
    password: [serverError('saved_password_part')],
  },
  demo: { uri: [serverError('demo_uri_part')], user: [serverError('demo_user_part')], password: [serverError('demo_password_part')] },
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
    throw codedError('invalid_input', serverError('uri_scheme', { name: names.uri, uri: shown, scheme }), {
      hint: serverError('uri_scheme_hint'),
    });
  }
  const secrets = secretParameterNames(input.uri);
  if (secrets.length > 0) {
    throw codedError(
      'invalid_input',
      serverError('uri_query_credential', { name: names.uri, uri: shown, parameters: secrets.join(', ') }),
      {
        hint: serverError('uri_query_credential_hint', { user: names.user, password: names.password }),
      },
    );
  }
  if (DIRECT_SCHEMES.has(scheme) && input.uri.includes('?')) {
    throw codedError('invalid_input', serverError('uri_query_direct', { name: names.uri, uri: shown, scheme: scheme || 'bolt' }), {
      hint: serverError('uri_query_direct_hint'),
    });
  }
  const { userInfo, uri } = splitUserInfo(input.uri);
  const fromUri = userInfo === null ? { user: undefined, password: undefined } : credentialsOf(userInfo, names.uri, shown);
  return {
    uri,
    user:
      agreed(fromUri.user, input.user, () =>
        serverError('uri_user_differs', { name: names.uri, uri_user: fromUri.user ?? '', user_name: names.user, user: input.user ?? '' }),
      ) ?? 'neo4j',
    password:
      agreed(fromUri.password, input.password, () =>
        serverError('uri_password_differs', { name: names.uri, password_name: names.password }),
      ) ?? '',
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
function credentialsOf(userInfo: string, uriName: CoreParam, shown: string): { user: string | undefined; password: string | undefined } {
  const colon = userInfo.indexOf(':');
  const [user, password] = colon < 0 ? [userInfo, undefined] : [userInfo.slice(0, colon), userInfo.slice(colon + 1)];
  try {
    return {
      user: user === '' ? undefined : decodeURIComponent(user),
      password: password === undefined ? undefined : decodeURIComponent(password),
    };
  } catch (error) {
    throw codedError('invalid_input', serverError('uri_percent_encoding', { name: uriName, uri: shown }), {
      hint: serverError('uri_percent_encoding_hint'),
      cause: error,
    });
  }
}

/** The one value given, or the shared one when both are given and agree; two different values are refused. */
function agreed(fromUri: string | undefined, given: string | undefined, conflict: () => CoreMessage): string | undefined {
  if (fromUri !== undefined && given !== undefined && fromUri !== given) {
    throw codedError('invalid_input', conflict(), { hint: serverError('credentials_differ_hint') });
  }
  return given ?? fromUri;
}
