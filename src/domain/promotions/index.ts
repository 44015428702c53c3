export * from './access';
export * from './forecast';
export * from './messages';
export * from './promotion';
export * from './subsidy';
