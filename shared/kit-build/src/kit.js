/**
 * The kit's packages: what `npm run kit:pack` builds, what the shell provides as shared singletons
 * and what a remote built with this preset consumes. In the monorepo each is a workspace folder
 * shared/kit-<name>/ whose package.json says its kind (`wishesKit.kind`); the packed preset ships
 * the same table as kit-packages.json beside this file.
 */
const fs = require('node:fs');
const path = require('node:path');

/** shared/ in the monorepo (this file is shared/kit-build/src/kit.js); absent in the packed preset. */
const SHARED = path.join(__dirname, '..', '..');

function monorepoTable() {
  return fs
    .readdirSync(SHARED)
    .filter((dir) => dir.startsWith('kit-') && fs.existsSync(path.join(SHARED, dir, 'package.json')))
    .map((dir) => {
      const pkg = JSON.parse(fs.readFileSync(path.join(SHARED, dir, 'package.json'), 'utf8'));
      return { name: pkg.name, version: pkg.version, description: pkg.description, dir: path.join(SHARED, dir), ...pkg.wishesKit };
    })
    .sort((a, b) => ORDER.indexOf(a.kind) - ORDER.indexOf(b.kind) || a.name.localeCompare(b.name));
}
/** Types first, then the run-time packages, then the tools: the order kit:pack builds them in. */
const ORDER = ['types', 'singleton', 'test', 'preset'];

const packed = path.join(__dirname, 'kit-packages.json');
const KIT_PACKAGES = fs.existsSync(packed) ? JSON.parse(fs.readFileSync(packed, 'utf8')).packages : monorepoTable();

module.exports = { KIT_PACKAGES };
