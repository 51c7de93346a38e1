/**
 * The test kit for every package's jest suites (test code only: it uses Buffer and jest, so it is
 * deliberately not exported from the package index). Import from '@wishes/shared/testing'; the
 * HTTP double (MSW, which needs jest-fixed-jsdom) from '@wishes/shared/testing/http'.
 */
export * from './session';
export * from './render';
export * from './toasts';
