/**
 * @wishes/kit-session: the session, the bus, constants and return-to links. The other kit packages
 * import these through '@wishes/kit-session', so a page holds one copy, the shell's. The constants
 * and the API's routes are the contract's (@wishes/kit-contract), re-exported for the apps.
 */
export * from './singleton';
export * from '@wishes/kit-contract/constants';
export * from '@wishes/kit-contract/routes';
export * from './session';
export * from './bus';
export * from './returnTo';
