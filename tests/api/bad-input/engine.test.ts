import { badInputSuite, useTestApp } from './suite';

/** Bad input on the vendor API (/v2) and the match breakdown (see suite.ts). */
badInputSuite('engine', useTestApp());
