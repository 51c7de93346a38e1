import { describeFailures } from './eval/failures';
import { writer } from './eval/writer';

describeFailures('the offline writer', writer);
