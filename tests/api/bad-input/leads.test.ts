import { badInputSuite, useTestApp } from './suite';

/** Bad input on a lead's status, do-not-call flag and note (see suite.ts). */
badInputSuite('leads', useTestApp());
