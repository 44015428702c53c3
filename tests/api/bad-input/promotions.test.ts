import { badInputSuite, useTestApp } from './suite';

/** Bad input on cost-share promotions and their agents (see suite.ts). */
badInputSuite('promotions', useTestApp());
