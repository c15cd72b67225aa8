/** The player runtime's API (/v1): its requests, answers and limits. */
export * from './runtime-api';
