/**
 * The icon navigation (spec §2, Global layout): the entries the active remotes declare in the app
 * registry (shared/src/registry.ts), each with its visibility (visitors see only Feed).
 */
import type { NavDeclaration } from '@wishes/shared';

export type NavItem = NavDeclaration;
export { navItemsFor } from '../remotes/composition';
