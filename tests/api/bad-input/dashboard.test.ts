import { badInputSuite, useTestApp } from './suite';

/** Bad input on the dashboard and the recommended orders (see suite.ts). */
badInputSuite('dashboard', useTestApp());
