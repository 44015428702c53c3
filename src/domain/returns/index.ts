export * from './eligibility';
export * from './messages';
export * from './reasons';
export * from './status';
