/**
 * @wishes/kit-session: the session, the bus, constants and return-to links. Each line is a file
 * this package owns (scripts/kit-pack.js reads them): the other kit packages import these files
 * through '@wishes/kit-session', so a page holds one copy, the shell's.
 */
export * from '../singleton';
export * from '../constants';
export * from '../contract/routes';
export * from '../session';
export * from '../bus';
export * from '../returnTo';
