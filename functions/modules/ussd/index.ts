/**
 * The USSD menu (DESIGN section 8): a player's session on the short code,
 * screen by screen, over the entries and players modules. The module's entry.
 */

export { isUssdServer, mainMenuText, MAX_WRONG_INPUTS, ussdReply } from './menu';
export { answerInboundSms, type InboundSms } from './inbound-sms';
