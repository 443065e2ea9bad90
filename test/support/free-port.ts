import net from 'node:net';

/** A loopback port nothing listens on right now (for a server the test starts, or to prove an outage). */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('the OS gave no port'))));
    });
  });
}
