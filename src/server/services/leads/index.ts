export * from './export';
export * from './lead';
export * from './rows';
export * from './search';
