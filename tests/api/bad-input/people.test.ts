import { badInputSuite, useTestApp } from './suite';

/** Bad input on users, their contact and CRM settings, and companies (see suite.ts). */
badInputSuite('people', useTestApp());
