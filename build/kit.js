/**
 * The kit's packages (shared/src/kit/packages.json): what `npm run kit:pack` builds, what the
 * shell provides as shared singletons and what a remote built with the kit's preset consumes.
 * The preset (@wishes/kit-build) ships its own copy of this module beside a copy of the table.
 */
const path = require('node:path');

const { packages: KIT_PACKAGES } = require('../shared/src/kit/packages.json');

/** Where a package's entry files live in the monorepo (kit-pack builds them; shared's own tests use them). */
const KIT_SOURCE = path.join(__dirname, '..', 'shared', 'src', 'kit');

module.exports = { KIT_PACKAGES, KIT_SOURCE };
