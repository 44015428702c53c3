export * from './constants';
export * from './filters';
export * from './messages';
export * from './order';
export * from './price';
export * from './schedule';
export * from './access';
