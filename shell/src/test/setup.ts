import './http';
import { resetFederationDouble } from './federationRuntime';
import { setSiteComposition } from '../remotes/composition';
import { siteManifest } from './siteManifest';

// The running shell composes the site from the manifest before its first render; so do the tests.
setSiteComposition(siteManifest());

beforeEach(() => {
  resetFederationDouble();
});
