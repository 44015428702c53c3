export * from './cards';
export * from './dates';
export * from './limits';
export * from './messages';
export * from './money';
export * from './recharge';
export * from './tabs';
export * from './transfer';
