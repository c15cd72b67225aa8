/** Experiments: A/B tests of a daily reward's popup, assignment and comparison. */
export * from './experiment';
export * from './experiment-assignment';
export * from './experiment-comparison';
export * from './significance';
