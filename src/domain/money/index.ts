export * from './card-number';
export * from './cents';
