import { spec } from './session.paths';
import { describeGeneratedPaths } from './path-suite';

describeGeneratedPaths('session machine', spec, { minPaths: 0 });
