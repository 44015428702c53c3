import { badInputSuite, useTestApp } from './suite';

/** Bad input on cards, deposits, recharge, subscription, credits and transfers (see suite.ts). */
badInputSuite('billing', useTestApp());
