export * from './smtp';
export * from './oidc';
export * from './browser';
export * from './ports';
export * from './s3';
export * from './webkit';
