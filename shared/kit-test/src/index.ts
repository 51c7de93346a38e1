/**
 * The test kit for every package's jest suites (test code only: it uses Buffer and jest, so it is
 * deliberately not part of a run-time package). Import from '@wishes/kit-test'; the HTTP double
 * (MSW, which needs jest-fixed-jsdom) from '@wishes/kit-test/http'.
 */
export * from './session';
export * from './render';
export * from './toasts';
