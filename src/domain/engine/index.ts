export * from './rules';
export * from './filters';
export * from './auction';
export * from './periods';
export * from './messages';
export * from './decide';
export * from './shortlist';
export * from './decision-bytes';
