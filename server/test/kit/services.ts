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

/** True when `command` is on PATH. */
export function commandExists(command: string): boolean {
  return spawnSync('sh', ['-c', `command -v ${command}`], { stdio: 'ignore' }).status === 0;
}

/** The first of `checks` that finds something missing (each returns why, or null), else null. */
export function firstMissing(...checks: Array<() => string | null>): string | null {
  for (const check of checks) {
    const missing = check();
    if (missing) return missing;
  }
  return null;
}

/**
 * `describe` when nothing is `missing`, else `describe.skip` after a loud line, so its tests are
 * reported as *skipped*; under CI (or when `required`) a missing service is an error instead, so CI
 * never passes with the suite skipped.
 */
export function describeUnless(missing: string | null, required = Boolean(process.env.CI)): typeof describe {
  if (!missing) return describe;
  if (required) throw new Error(`Required under CI but missing: ${missing}`);
  console.warn(`!!! SKIPPING: ${missing}; these tests are reported as skipped`);
  return describe.skip;
}

/** `describe` when the service answers on host:port, else as describeUnless. */
export function describeWhenReachable(service: string, host: string, port: number, required = Boolean(process.env.CI)): typeof describe {
  return describeUnless(tcpReachable(host, port) ? null : `${service} does not answer on ${host}:${port}`, required);
}

/** Why a URL's host:port does not answer (`service` names it), or null. */
export function unreachable(service: string, url: string, defaultPort: number): string | null {
  const { hostname, port } = new URL(url);
  const numeric = Number(port || defaultPort);
  return tcpReachable(hostname, numeric) ? null : `${service} does not answer on ${hostname}:${numeric}`;
}
