/**
 * Prints the integrations secret's first value, every credential empty
 * (README "Deploying", step 4): the data stack creates the secret with no
 * value, and the operator fills this in and writes it.
 */
import { INTEGRATIONS_SECRET_TEMPLATE } from '../functions/integrations/secret-template';

process.stdout.write(`${JSON.stringify(INTEGRATIONS_SECRET_TEMPLATE, null, 2)}\n`);
