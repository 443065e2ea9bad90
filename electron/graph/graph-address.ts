/**
 * Whether two connection URIs, as runs record them (credentials masked), reach the same Neo4j
 * server: the same host and port, whatever names the loopback interface goes by (`localhost`,
 * `127.0.0.1`, `[::1]`), a port left out meaning Bolt's 7687, the host's case, and the scheme's
 * routing (`neo4j://` or `bolt://`) and encryption (`+s`, `+ssc`) left aside — they change how the
 * driver talks to the server, not which graph it reads. Credentials never count. Two URIs this
 * cannot read as URIs are the same only as written.
 */
export function sameGraphAddress(a: string, b: string): boolean {
  if (a === b) return true;
  const left = graphAddress(a);
  const right = graphAddress(b);
  return left !== null && right !== null && left === right;
}

const BOLT_PORT = '7687';
const SCHEMES = new Set(['bolt', 'bolt+s', 'bolt+ssc', 'neo4j', 'neo4j+s', 'neo4j+ssc']);

/** `host:port` of a Neo4j URI with loopback names made one, or null when `uri` is not one. */
function graphAddress(uri: string): string | null {
  const separator = uri.indexOf('://');
  const scheme = separator < 0 ? 'bolt' : uri.slice(0, separator).toLowerCase();
  if (!SCHEMES.has(scheme)) return null;
  let parsed: URL;
  try {
    // A URL of the special `http` kind, so the host is parsed and normalised (case, IPv4 forms, IPv6 brackets).
    parsed = new URL(`http://${separator < 0 ? uri : uri.slice(separator + 3)}`);
  } catch {
    return null;
  }
  if (parsed.hostname === '') return null;
  return `${loopback(parsed.hostname) ? 'loopback' : parsed.hostname}:${parsed.port === '' ? BOLT_PORT : parsed.port}`;
}

/** The names of this machine's loopback interface: `localhost`, `127.0.0.0/8`, `[::1]`. */
function loopback(hostname: string): boolean {
  return hostname === 'localhost' || hostname === '[::1]' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(hostname);
}
