import { patientLoopback } from '../../infra/local/loopback';
import { TEST_SCRYPT_N } from './password-cost';
import { sharedStack } from './stack-target';

/**
 * Point this test worker's store modules at its stack's DynamoDB Local (one
 * stack per stack worker: test/support/global-stack.ts), the same way the
 * gateway process points the handlers (the functions read these variables on
 * every call).
 */
const stack = sharedStack();
Object.assign(process.env, {
  LOCAL_STACK: '1',
  STAGE: 'local',
  TABLE_NAME: stack.tableName,
  DYNAMODB_ENDPOINT: stack.dynamoEndpoint,
  WS_MANAGEMENT_ENDPOINT: stack.wsManagementEndpoint,
  MOMO_BASE_URL: stack.momoUrl,
  AFRICASTALKING_BASE_URL: stack.smsUrl,
  ORANGE_BASE_URL: stack.orangeUrl,
  BEACON_URL: stack.beaconUrl,
  // callback URLs built in this worker (a job it runs sends a refund, a stream record it delivers a prompt) reach the
  // stack's gateway, as the stack's own do
  PUBLIC_BASE_URL: stack.baseUrl,
  AWS_REGION: 'us-east-1',
  LOG_LEVEL: 'WARN',
  METRICS_LOG_FILE: stack.metricsLog,
  // the fixtures' staff passwords hashed as the stack hashes new ones (test/support/global-stack.ts)
  TEST_SCRYPT_N,
});

// the test's calls to the stack go to `localhost` too
patientLoopback();
