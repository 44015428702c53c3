export * from './card-number';
export * from './cents';
export * from './format';
