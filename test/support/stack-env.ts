import { inject } from 'vitest';
import { patientLoopback } from '../../infra/local/loopback';
import { TEST_SCRYPT_N } from './password-cost';

/**
 * Point this test worker's store modules at the stack's DynamoDB Local, the
 * same way the gateway process points the handlers (the functions read these
 * variables on every call).
 */
Object.assign(process.env, {
  LOCAL_STACK: '1',
  STAGE: 'local',
  TABLE_NAME: inject('tableName'),
  DYNAMODB_ENDPOINT: inject('dynamoEndpoint'),
  WS_MANAGEMENT_ENDPOINT: inject('wsManagementEndpoint'),
  MOMO_BASE_URL: inject('momoUrl'),
  AFRICASTALKING_BASE_URL: inject('smsUrl'),
  ORANGE_BASE_URL: inject('orangeUrl'),
  BEACON_URL: inject('beaconUrl'),
  AWS_REGION: 'us-east-1',
  LOG_LEVEL: 'WARN',
  METRICS_LOG_FILE: inject('metricsLog'),
  // the fixtures' staff passwords hashed as the stack hashes new ones (test/support/global-stack.ts)
  TEST_SCRYPT_N,
});

// the test's calls to the stack go to `localhost` too
patientLoopback();
