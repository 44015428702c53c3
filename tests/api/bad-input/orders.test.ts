import { badInputSuite, useTestApp } from './suite';

/** Bad input on jobs, orders, live-call tests, packages and geography (see suite.ts). */
badInputSuite('orders', useTestApp());
