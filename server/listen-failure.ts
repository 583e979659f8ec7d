// What to tell someone whose kubeglass could not listen, with the flag that gets them going.
import { hostPort, isWildcardHost } from './security.js';

/** The message for a failed listen (busy port, privileged port, foreign address); undefined for other errors. */
export function listenFailureMessage(error: NodeJS.ErrnoException, host: string, port: number): string | undefined {
  const address = hostPort(host, port);
  const local = hostPort(isWildcardHost(host) ? '127.0.0.1' : host, port);
  switch (error.code) {
    case 'EADDRINUSE':
      return `${address} is already in use (is kubeglass already running? it would be at http://${local}/): start this one on another port with --port N, or --port 0 for any free port`;
    case 'EACCES':
      return `not allowed to listen on ${address} (ports below 1024 need privileges): choose another port with --port`;
    case 'EADDRNOTAVAIL':
      return `${host} is not an address of this machine: choose another with --host (default 127.0.0.1)`;
    default:
      return undefined;
  }
}
