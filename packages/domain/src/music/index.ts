/** The public music toy at /{name}-music. */
export * from './music';
