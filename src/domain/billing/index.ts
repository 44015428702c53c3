export * from './cards';
export * from './dates';
export * from './limits';
export * from './messages';
export * from './recharge';
export * from './tabs';
export * from './transfer';
export * from './log';
