export * from './coverage';
export * from './details';
export * from './filters';
export * from './messages';
export * from './tabs';
