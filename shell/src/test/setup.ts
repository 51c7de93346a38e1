import { resetFederationDouble } from './federationRuntime';

beforeEach(() => {
  resetFederationDouble();
});
