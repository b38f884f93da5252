export { createEspruinoSandbox } from '../../../test/support/espruino-sandbox';
