/** Test helpers of the writer, for its own suites and the server's. */
export { seededRandom } from './random';
/** The styles, audiences and topics the site offers (the server checks these against its options.json). */
export { default as OFFERED } from './offered.json';
