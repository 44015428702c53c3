import { badInputSuite, useTestApp } from './suite';

/** Bad input on lead-list orders, lists, their deliveries and the do-not-call imports (see suite.ts). */
badInputSuite('lists', useTestApp());
