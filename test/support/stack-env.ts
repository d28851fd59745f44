// Tests that read or write the table directly use the same emulators as the stack under test.
import { localEnvironment } from '../../local/environment';
import { TEST_PORT } from './stack';

Object.assign(process.env, localEnvironment(TEST_PORT));
