import { badInputSuite, useTestApp } from './suite';

/** Bad input on the vendor API (/v2), the match breakdown, server push and the API debugger (see suite.ts). */
badInputSuite('engine', useTestApp());
