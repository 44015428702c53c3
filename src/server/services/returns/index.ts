export * from './actions';
export * from './store';
