// `host:port` listen addresses as controller-runtime takes them (`:8080` = every interface).
import type { AddressInfo, Server } from 'node:net';

export interface ListenAddress {
  /** undefined: every interface. */
  host: string | undefined;
  port: number;
}

/** Parses `host:port`, `:port` or `[v6]:port`. Returns undefined for "0" or "" (server disabled). */
export function parseListenAddress(address: string | undefined): ListenAddress | undefined {
  if (address === undefined || address === '' || address === '0') return undefined;
  const colon = address.lastIndexOf(':');
  if (colon < 0) throw new Error(`invalid listen address "${address}": want host:port`);
  const host = address.slice(0, colon).replace(/^\[(.*)\]$/, '$1');
  const port = Number(address.slice(colon + 1));
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`invalid port in "${address}"`);
  return { host: host || undefined, port };
}

export function listen(server: Server, addr: ListenAddress): Promise<{ host: string; port: number }> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(addr.port, addr.host, () => {
      server.off('error', reject);
      const a = server.address() as AddressInfo;
      resolve({ host: a.address, port: a.port });
    });
  });
}

export function close(server: Server): Promise<void> {
  return new Promise((resolve) => {
    server.close(() => resolve());
    // Keep-alive scrapers and probes must not hold shutdown open.
    (server as Server & { closeAllConnections?: () => void }).closeAllConnections?.();
  });
}
