import './http';
import { resetFederationDouble } from './federationRuntime';

beforeEach(() => {
  resetFederationDouble();
});
