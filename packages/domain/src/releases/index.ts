/** Releases: publishing, its artifact and the checks before it. */
export * from './release';
export * from './publish-check';
