/**
 * The test kit for every package's jest suites (test code only: it uses Buffer and jest, so it is
 * deliberately not exported from the package index). Import from '@wishes/shared/testing'.
 */
export * from './session';
export * from './render';
export * from './toasts';
export * from './fetch';
