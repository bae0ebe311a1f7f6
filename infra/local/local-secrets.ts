/**
 * The local stack's default secrets (listed in the README). They are defined
 * in functions/integrations/local-defaults.ts, since functions may not import
 * from infra/; the simulator and local tooling read them from here.
 */
export { localDefaults as localSecrets } from '../../functions/integrations/local-defaults';
