/**
 * Synchronous reachability probes for the services some suites need. Jest collects tests when a
 * file loads, so a suite that lacks its service must know then, and register its tests with
 * `describe.skip`: they are then reported as *skipped*, not as passed with nothing checked.
 */
import { spawnSync } from 'node:child_process';

/** True when a TCP connection to host:port opens within two seconds. */
export function tcpReachable(host: string, port: number): boolean {
  const script = `
    const socket = require('node:net').connect(${port}, ${JSON.stringify(host)});
    socket.setTimeout(2000, () => process.exit(1));
    socket.on('connect', () => process.exit(0));
    socket.on('error', () => process.exit(1));`;
  return spawnSync(process.execPath, ['-e', script], { timeout: 5000 }).status === 0;
}

/**
 * `describe` when the service answers, else `describe.skip` after a loud line; under CI (or when
 * `required`) a missing service is an error instead, so CI never passes with the suite skipped.
 */
export function describeWhenReachable(service: string, host: string, port: number, required = Boolean(process.env.CI)): typeof describe {
  if (tcpReachable(host, port)) return describe;
  if (required) throw new Error(`${service} is required under CI but does not answer on ${host}:${port}`);
  console.warn(`!!! SKIPPING: ${service} does not answer on ${host}:${port}; these tests are reported as skipped`);
  return describe.skip;
}
