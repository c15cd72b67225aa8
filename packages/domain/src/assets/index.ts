/** Assets: uploaded images and their limits. */
export * from './asset';
