export * from './days';
export * from './range';
export * from './zone';
export * from './choices';
