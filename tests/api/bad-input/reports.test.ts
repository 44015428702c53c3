import { badInputSuite, useTestApp } from './suite';

/** Bad input on the reports (see suite.ts). */
badInputSuite('reports', useTestApp());
