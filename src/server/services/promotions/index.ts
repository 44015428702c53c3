export * from './enrollments';
export * from './running';
export * from './store';
export * from './usage';
