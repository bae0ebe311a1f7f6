/**
 * Africa's Talking SMS API, as Africa's Talking documents it: the simulator's
 * own reading of the provider, never our adapter's (DESIGN sections 3 and 8).
 *
 * Document: Africa's Talking docs, "SMS / Sending"
 * (https://developers.africastalking.com/docs/sms/sending, formerly
 * http://docs.africastalking.com/sms/sending): `POST /version1/messaging` on
 * api.africastalking.com (api.sandbox.africastalking.com for the sandbox),
 * header `apiKey`, form fields `username`, `to` (comma-separated numbers),
 * `message`, optional `from` (the registered short code or alphanumeric
 * sender id); 201 with `SMSMessageData: {Message, Recipients: [{statusCode,
 * number, status, cost, messageId}]}`. Each recipient's `statusCode` is one
 * of the codes below, with these names.
 */

export const SEND_SMS_PATH = '/version1/messaging';

/** Per-recipient status codes and their names (the "statusCode" table of the Sending page). */
export const RECIPIENT_STATUS_NAMES = {
  100: 'Processed',
  101: 'Sent',
  102: 'Queued',
  401: 'RiskHold',
  402: 'InvalidSenderId',
  403: 'InvalidPhoneNumber',
  404: 'UnsupportedNumberType',
  405: 'InsufficientBalance',
  406: 'UserInBlacklist',
  407: 'CouldNotRoute',
  409: 'DoNotDisturbRejection',
  500: 'InternalServerError',
  501: 'GatewayError',
  502: 'RejectedByGateway',
} as const;

export type RecipientStatus = keyof typeof RECIPIENT_STATUS_NAMES;

/** One entry of `SMSMessageData.Recipients`. */
export interface SmsRecipient {
  statusCode: number;
  number: string;
  status: string;
  cost: string;
  messageId: string;
}
