export * from './export';
export * from './kept-counts';
export * from './lead';
export * from './rows';
export * from './search';
