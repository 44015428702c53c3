export * from './messages';
export * from './status';
export * from './concurrency';
export * from './features';
export * from './new-user';
export * from './registration';
export * from './company-policy';
export * from './shortcut';
