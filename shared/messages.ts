/**
 * Every user-facing string the product spec names (spec sections 4, 5, 8),
 * kept exactly — odd spellings included. Import from here; never retype them.
 */
import { ticketMessages } from './ticket-messages';
import { USSD_SERVICE_CODE } from './ussd';

export const messages = {
  validation: {
    allFieldsStar: 'All fields with * must be filled.',
    plainText: 'Remove control characters and text-direction marks',
    missingImportantFields: 'Missing some important fields',
    allFieldsRequired: 'All fields are required.',
    enterPaymentAmount: 'Please enter at least one payment amount',
    enterBalanceValues: 'Please enter account balance values before proceeding.',
    fillInAllFieldsDot: 'Please fill in all fields.',
    fillInAllFields: 'Please fill in all fields',
    percentageRange: 'Percentage must be a valid number between 0 and 100.',
    allRequiredFields: 'All required fields must be filled.',
    fillOutAllFields: 'Please fill out all fields.',
  },
  generic: {
    unexpected: 'An unexpected error occurred',
    unexpectedContactAdmin: 'An unexpected error occurred, Pleace contact admin.',
    invalidUserRole: 'Invalid user role',
    invalidUserRoleBang: 'Invalid user role!',
  },
  assignment: {
    processingError: 'Error processing request.',
    loadOptionsFailed: 'Failed to load partners or promotions.',
    deleteFailed: '❌ Error deleting:',
    updated: 'Partner promotion updated successfully.',
    assigned: 'Partner promotion assigned successfully.',
  },
  partner: {
    deleted: 'Partner deleted successfully',
    deleteFailed: '❌ Error deleting partner',
    created: 'Partner created successfully!',
    updated: 'Partner account updated successfully.',
    paid: 'Payment to partner successful:',
    /** Spec section 3: a partner option's label when it has no name. */
    unnamed: 'Unnamed Partner',
  },
  announcer: {
    created: 'Announcer created successfully!',
    updated: 'Announcer updated successfully, Please refresh browser!',
    deleted: 'Announcer deleted successfully',
    checkedOut: 'Check out successful:',
    checkedIn: 'Check in successful:',
    checkFailed: '❌ Error checking out:',
    /** Not in the spec (it names only the partner's): the parallel text for paying an announcer. */
    paid: 'Payment to announcer successful:',
    /** Not in the spec: an announcer with no promotion to draw is told why and whom to ask, not left on "Loading". */
    noPromotions: (partner: string | undefined) =>
      `You have no promotion to draw yet: none of ${partner ? `${partner}'s` : "your station's"} promotions is assigned to you. Ask your station manager${partner ? ` at ${partner}` : ''} to assign you to one.`,
  },
  /**
   * Not in the spec: the pay dialog while the transfer is with the provider.
   * The spec's "…successful:" text is shown only for a payout answered paid
   * (DESIGN section 4 "Payouts": a payout is pending until the provider confirms it).
   */
  payout: {
    waiting: 'Sent — waiting for mobile money:',
    failed: 'Payment failed:',
    /** The pay dialog once a failed payout's amount is back. */
    restored: 'the balance has been restored.',
    retried: 'Retry sent — waiting for mobile money.',
    /** A prize retry the provider refused: prizes are owed to the winner, never held on a balance. */
    prizeRetryRefused:
      'The mobile money service refused the prize transfer, so nothing was sent; the prize is still owed to the winner. Retry it later.',
  },
  taxAnalytics: { submitted: 'Tax analytics submitted successfully!' },
  reports: {
    badPeriod: 'Choose a day (2026-11-25), an ISO week (2026-W48) or a month (2026-11).',
    badScope: 'Choose a game or a partner to list, or all.',
    sealsIntact: 'Intact: every sealed day matches its seal and the ledger.',
    sealsChanged: 'Changed since sealed:',
    noSeals: 'No day of this month is sealed yet.',
    prefilled: 'Figures filled in from the report. Check them before you submit.',
  },
  promotion: { created: 'Promotion created successfully!' },
  prediction: {
    categoryCreated: 'Category created successfully!',
    created: 'Prediction created successfully!',
    deleted: 'Prediction deleted successfully',
    deleteFailed: 'Failed to delete prediction',
    connectFailed: 'Failed to connect to predictions',
    invalidData: 'Invalid data format received',
    loadFailed: 'Failed to load predictions',
    categoriesConnectFailed: 'Failed to connect to prediction categories',
    /** Not in the spec (its edit only logged; it never deleted a category): ours. */
    updated: 'Prediction updated successfully',
    categoryDeleted: 'Category deleted successfully',
  },
  stream: {
    refresh: 'Please refresh your browser. ERROR CODE: v1477',
    refreshToastId: 'refresh-toast',
    reconnecting: 'Reconnecting...',
    badData: 'Error processing data update',
  },
  /** Live-topic refusals (DESIGN section 6: `{"topic","event":"error","data":{"error"}}`). */
  topics: {
    notAnObject: 'Messages must be JSON objects: {"action":"subscribe","topic":"..."}.',
    unknownAction: 'Unknown action: use subscribe or unsubscribe.',
    unknownTopic: 'Unknown topic.',
    forbidden: 'You do not have access to this topic.',
    tooMany: (max: number) => `Too many topics on one connection (at most ${max}). Unsubscribe from one first.`,
    tooManyWatchers: 'This entry is followed from too many pages at once. Close one of them and try again.',
    unavailable: 'This topic could not be loaded. Please try again.',
  },
  overview: {
    /** Spec section 2 "Overview (general entries dashboard)". */
    title: 'general entries dashboard',
    welcome: "Welcome back! Here's what's happening with your partners.",
  },
  draw: {
    /** Spec section 8 "Draws": the alert for a winner selected for a partner. */
    winnerSelectedFor: (partner: string) => `Winner selected for ${partner}`,
    clearFailed: 'Failed to clear partner draws. Please try again.',
    failed: 'Failed to conduct draw',
    thresholdMet: (promotion: string) => `Threshold met for ${promotion}! You can now conduct the draw.`,
    conduct: 'Conduct Draw',
    notMet: 'Threshold Not Met',
    conducting: 'Conducting Draw...',
    /** Not in the spec: the server's answers to draws and clears. */
    alreadyConducted: 'This draw has already been conducted.',
    thresholdNotMet: (entries: number, required: number) => `Threshold not met: ${entries} of ${required} entries.`,
    nameThePromotion: 'Name the promotion to draw.',
    namePartner: 'Name the partner to draw.',
    namePartnerToClear: 'Name the partner whose draw to clear.',
    unknownPartnerToClear: 'No partner has that username.',
    ambiguousPartner: 'Several partners have this username. Name the partner by its search string.',
    noActivePromotion: 'This partner has no active promotion to draw.',
    unknownPromotion: 'No promotion of this partner has that shared code.',
    notCheckedIn: 'Check in before conducting a draw.',
    otherPartner: "You can only conduct draws for your own partner's promotions.",
    houseGame: 'House games are drawn on their schedule, not by threshold.',
    tooBusy: 'Entries are arriving too fast to draw this moment. Please try again.',
    /** DESIGN section 4 "Fair draws": the draw waits for public randomness and never goes on without it. */
    beaconUnavailable:
      'The public randomness for this draw (drand) cannot be fetched right now, so the draw was not made. Please try again in a minute.',
    noCommitmentYet: 'This draw window had no seed commitment yet; it has one now. Conduct the draw again.',
    cleared: (count: number, partner: string) => `Cleared the current draw of ${count} promotion(s) for ${partner}.`,
  },
  /**
   * Not in the spec (DESIGN section 4 "Clear draw"): a clear never silently voids paid
   * tickets. The admin's dialog, the answer, the players' SMS (one GSM-7 SMS, the title cut to fit) and
   * the ticket check's answers for a carried or refunded ticket.
   */
  latePayment: {
    refundedSms: (title: string, amount: string) =>
      `Your ${amount} payment for ${title} arrived after its draw had closed, so it is not a ticket: it is being returned to your mobile money.`,
  },
  clearDraw: {
    carryOption: 'Carry the entries into the next draw',
    refundOption: 'Refund the players',
    affects: (tickets: number) => `This clear affects ${tickets} paid ticket(s).`,
    previewFailed: "Could not count the paid tickets of this partner's draws. Please try again.",
    cleared: (count: number, partner: string, tickets: number, mode: 'carry' | 'refund') =>
      `Cleared the current draw of ${count} promotion(s) for ${partner}. ${tickets} paid ticket(s) ${mode === 'carry' ? 'carried into the next draw' : 'to be refunded: the stakes are on their way back by mobile money'}; each player is told by SMS.`,
    badMode: 'Choose carry or refund.',
    carriedSms: (title: string, ticket: string) =>
      `The ${title} draw was cleared with no winner. Your ticket ${ticket} is carried into the next draw of ${title}. Good luck!`,
    refundedSms: (title: string, ticket: string, amount: string) =>
      `The ${title} draw was cleared with no winner. Ticket ${ticket} is refunded: ${amount} is being returned to your mobile money.`,
    carriedTicket:
      'Ticket valid: its draw was cleared with no winner, so it is carried into the next live draw on air. Good luck!',
    refundedTicket: (amount: string) =>
      `Its draw was cleared with no winner and this ticket is refunded: ${amount} is being returned to your mobile money.`,
    /** The partner's and its announcers' dashboards: a clear of their draw, by an admin, said where they look. */
    clearedNotice: (title: string, at: string, tickets: number, mode: 'carry' | 'refund') =>
      `The ${title} draw was cleared by the admin with no winner (${at} GMT): ${tickets} paid ticket(s) ${mode === 'carry' ? 'carried into the next draw' : 'refunded to the players'}. Each player was told by SMS.`,
  },
  /** Not in the spec (DESIGN section 4, "Fair draws"): the public draw record and its checks. */
  fairDraws: {
    noSuchDraw: 'No such draw.',
    badTicketHash: 'A ticket hash is 64 lowercase hex characters: SHA-256 of the ticket number.',
    ticketNotInDraw: 'That ticket is not among the entries of this draw.',
    ticketNumberNeeded: 'Type the 14-digit number on your ticket.',
    won: (seq: number) => `Won: entry #${seq} is the winning entry of this draw.`,
    verified: 'Verified',
    notVerified: 'Not verified',
    loadFailed: 'The draw record could not be loaded right now. Please try again later.',
    listFailed: 'The draws could not be loaded right now. Please try again later.',
    proofFailed: 'The inclusion proof could not be loaded right now. Please try again later.',
  },
  logout: {
    success: 'Logged out successfully',
    failed: 'Logout failed. Please refresh your browser and try again.',
  },
  ticket: ticketMessages,
  /** Not in the spec: the checker's answers on the web and USSD (every game's tickets, whichever box). */
  ticketCheck: {
    /** The ticket check's body named no ticket number. */
    enterNumber: 'Enter a ticket number.',
    malformed: 'That is not a valid ticket number. It has 14 digits, e.g. 4821-0937-5516-23.',
    /** 14 digits whose Damm check digit fails: a typo, not a different ticket (DESIGN section 4). */
    checkDigit: 'Please check the number: one digit looks wrong.',
    unknown: 'We could not find that ticket. Check the number and try again.',
    ofGame: (title: string, answer: string) => `${title} ticket. ${answer}`,
    /** A promotion's ticket whose promotion record is gone. */
    promotion: 'Promotion',
    /** The late-ticket rule (shared/ticket-rule.ts): a daily ticket is in one draw, the first after it is bought. */
    expiredDaily:
      'This ticket has expired: a daily ticket is only in the first daily draw after it is bought, and that draw day has passed.',
    expiredJackpot: 'This ticket has expired: jackpot tickets are valid for one week from issue.',
    /** `when` as the ticket SMS names it ("Nov 26, 2026 21:00 GMT"): a late ticket is in the next day's draw. */
    waitingDaily: (when: string) => `Ticket valid: it is in the draw on ${when}. Good luck!`,
    /** `when` as for the daily game: a ticket bought after the week's jackpot draw is in the next week's. */
    waitingJackpot: (when: string) => `Ticket valid: it is in the jackpot draw on ${when}. Good luck!`,
    waitingLive: 'Ticket valid: it is in the next live draw on air. Good luck!',
    lost: 'Not a winner this time. Better luck in the next draw!',
    won: (amount: string, day: string) => `Congratulations! This ticket won ${amount} LRD in the draw on ${day}.`,
  },
  entry: {
    paymentFailed: 'Payment failed. Please try again later.',
    /**
     * Why a paid-for entry failed, by its status answer's `reason_code` (shared/api/schemas/play.ts
     * `ENTRY_FAILURES`). The page says paymentFailed for `refused`, the provider refusing the prompt outright.
     */
    failure: {
      refused: 'The mobile money service refused this payment. Please try again later.',
      'no-wallet': 'This number has no mobile money account.',
      declined: 'The payment was declined on the phone.',
      expired: 'The payment prompt expired before it was approved.',
      'not-enough-funds': 'There was not enough money in the mobile money account.',
      failed: 'The payment did not go through.',
    },
    /** What the player can do about each failure, under its words on the entry page (not in the spec). */
    advice: {
      refused:
        'The mobile money service did not take the payment. Nothing was paid. Please try again in a few minutes.',
      'no-wallet':
        'Register for MTN MoMo or Orange Money on this number, or try again with a number that has a mobile money account. Nothing was paid.',
      declined: 'You declined the payment prompt on your phone. Nothing was paid.',
      expired: 'The payment prompt was not approved in time. Nothing was paid.',
      'not-enough-funds': 'Top up your mobile money account, then try again. Nothing was paid.',
      failed: 'The mobile money service did not take the payment. Nothing was paid. Please try again in a few minutes.',
    },
  },
  /**
   * The final SMS of a USSD entry whose payment failed after the session
   * ended (DESIGN section 4: every USSD entry ends with an SMS saying why
   * and what to do): GSM-7, one SMS once the title is cut to fit.
   */
  ussdEntryFailedSms: {
    expired: (title: string) =>
      `Your ${title} entry has expired: the payment prompt was not approved in time. Nothing was paid. Dial ${USSD_SERVICE_CODE} to try again.`,
    noWallet: (title: string) =>
      `Your ${title} entry did not go through: this number has no mobile money account. Nothing was paid.`,
    failed: (title: string) =>
      `Your ${title} entry did not go through: the payment was declined or failed. Nothing was paid. Dial ${USSD_SERVICE_CODE} to try again.`,
  },
  /** The web entry form's own texts around the API's answers: the 18+ confirmation and the phone-first result (not in the spec). */
  entryForm: {
    adultLabel: 'I am 18 or older',
    /** Why "Pay and enter" did nothing: players must be adults (play responsibly). */
    adultRequired: 'Please confirm that you are 18 or older. Only adults may play.',
    resultHeading: 'Your entry',
    buyAnother: 'Buy another ticket',
    /** A followed entry's page opened again (reload, Back/Forward, a reopened tab): the API's prompt text is not kept. */
    following: 'Following your entry. If your phone shows a payment prompt, approve it to get your ticket.',
    /** The pending entry as its status tells it: what to approve, where (the number masked), and for how long. */
    approvePrompt: (amount: string, maskedNumber: string) =>
      `Approve the payment prompt for ${amount} on ${maskedNumber} to get your ticket.`,
    timeLeft: 'Time left to approve:',
    /** The countdown reached 0 and the entry was still pending at one more check. */
    promptExpired:
      'The payment prompt has expired. If you did not approve it, nothing was paid. If you approved it, your ticket will reach you by SMS.',
    noPrompt: 'I did not get a prompt',
    noPromptAdvice: [
      'Check that the number above is your mobile money number.',
      'The prompt can take a minute to reach your phone.',
      'A prompt you do not approve is never charged.',
      'If you approve it later, you still get your ticket by SMS.',
    ],
    startAgain: 'Start again',
    tryAgain: 'Try again',
    /** The poll could not reach the server: the page keeps following. */
    offlineFollowing: 'You are offline. Still following your entry…',
    /** The browser was offline at submit: unlike "Payment failed", nothing was asked for. */
    notSent: 'You are offline: nothing was sent and nothing was paid. Check your connection and try again.',
    /**
     * No answer came though the browser was online: the request may have reached the server before the
     * connection dropped, so the player is told what happens either way, never that nothing was paid.
     */
    noAnswer:
      'We got no answer: check your connection. If a payment prompt reaches your phone, approve it and your ticket comes by SMS; if none comes, nothing was paid and you can try again.',
  },
  /** The support desk (DESIGN section 7). */
  support: {
    badKey: 'Look up by mobile number, ticket number, entry id or provider reference',
    notFound: 'No player found for that',
    reasonRequired: 'Give a reason (at least 3 characters)',
    reasonTooLong: 'A reason is at most 500 characters',
    summaryRequired: 'Describe the complaint (at least 3 characters)',
    resolutionRequired: 'Describe the resolution (at least 3 characters)',
    badPeriod: 'Give the period as two dates, YYYY-MM-DD',
    entryNotFound: 'There is no such entry.',
    complaintNotFound: 'There is no such complaint.',
    alreadyResolved: 'This complaint is resolved already.',
    complaintNoted: 'Complaint noted.',
    complaintResolved: 'Complaint resolved.',
    refunded: 'Refund started: the stake goes back to the player, who is told by SMS.',
    refundNotOrphan:
      'Only a debit without a ticket can be refunded here: this entry is not a failed one, or it was resolved already.',
    refundNotPaid: 'The provider does not report this payment as SUCCESSFUL: there is nothing to refund.',
    providerUnreachable: 'The provider could not be reached. Try again in a minute.',
    alreadyRefunded: 'This debit was resolved already (refunded or made a ticket): nothing more was done.',
    excluded: 'The number is excluded.',
    lifted: 'The exclusion is lifted.',
    notExcluded: 'This number is not excluded.',
  },
  smsResend: {
    queued: 'The SMS will be sent again within a minute.',
    alreadySent: 'This SMS was already sent.',
    alreadyOwed: 'This SMS is already waiting to be sent.',
    notFound: 'There is no such SMS.',
  },
  notification: {
    /** Spec section 4 "Header pieces": the dropdown's labels. */
    markAllRead: 'Mark all as read',
    viewAll: 'View All Notifications',
    /** Not in the spec (its three samples were hard-coded; real events feed them): titles and texts. */
    winnerTitle: 'New winner',
    /** Amounts come written as on the staff screens ("L$ 5,000.00", "US$ 0.50": shared/staff-money.ts formatStaffMoney). */
    winner: (promotion: string, maskedMobile: string, amount: string) =>
      `Winner selected for ${promotion}: ${maskedMobile} wins ${amount}`,
    payoutFailedTitle: 'Payout failed',
    payoutFailed: (payee: string, amount: string, maskedMobile: string, promotion: string, reason: string) =>
      `${payee} payout of ${amount} to ${maskedMobile} for ${promotion} failed: ${reason}`,
    paymentPendingTitle: 'Payment stuck pending',
    paymentPending: (amount: string, maskedMobile: string, minutes: number) =>
      `Payment of ${amount} from ${maskedMobile} has been pending for over ${minutes} minutes`,
    markedAllRead: 'All notifications marked as read.',
    dismissed: 'Notification dismissed.',
    notFound: 'Notification not found.',
  },
  /** Refusals of the rate limits (DESIGN section 7), only when a count is really over. */
  limits: {
    paymentsPerNumber:
      'Too many payment requests for this number. Please wait 10 minutes, approve or decline the prompts you have, and try again.',
    paymentsPerAddress: 'Too many payment requests from this connection. Please wait a few minutes and try again.',
    paymentsPlatform: 'Many players are entering right now. Please try again in a minute.',
    ticketChecks: 'Too many ticket checks from this connection. Please wait a minute and try again.',
  },
  /** Self-exclusion and spending limits (DESIGN section 7): GSM-7 and short, USSD shows them too. */
  responsiblePlay: {
    excludedUntil: (day: string) =>
      `This number is excluded from play until ${day}. No entry can be made with it before then.`,
    excludedForGood: 'This number is excluded from play for good. No entry can be made with it.',
    overDailyLimit: (limit: string, left: string) =>
      `This entry would pass this number's daily spending limit of ${limit} LRD (${left} LRD left today). Try again tomorrow.`,
    /** The web form's answer for any of the above: a stranger may have typed the number (DESIGN section 7). */
    cannotPlayNow: 'This number cannot play now. We have sent the reason by SMS to this number.',
    badPeriod: 'Choose 1 month, 6 months or permanent.',
    excluded: 'Number excluded.',
    lifted: 'Exclusion lifted.',
    notExcluded: 'This number is not excluded.',
  },
  /** Settings, Admins and Audit log screens. */
  /** A change of a house game's draw time or weekday (DESIGN section 4: a ticket keeps the draw it was told, or is told where it moved). */
  houseSchedule: {
    movedSms: (title: string, ticket: string, when: string) =>
      `The ${title} draw time changed. Your ticket ${ticket} is now in the draw on ${when}. Good luck!`,
    keptPending: (when: string) =>
      `Tickets sold before the last schedule change are still to be drawn on ${when}: change this game's draw time or weekday after that draw.`,
  },
  siteContent: {
    announcementCreated: 'Announcement posted.',
    announcementUpdated: 'Announcement saved.',
    announcementDeleted: 'Announcement deleted.',
    announcementNotFound: 'That announcement no longer exists.',
    contactSaved: 'Contact details saved.',
  },
  settings: {
    saved: 'Settings saved.',
    /** A save without the version the editor read: the client must send what it loaded. */
    versionMissing:
      'Reload the settings before saving: the request must say which version of the settings you edited (version).',
    /** Optimistic versioning (DESIGN section 7): another super admin saved first. */
    stale:
      'Someone else changed the settings since you opened them: here are the current values; apply your change again.',
  },
  admins: {
    created: 'Admin created.',
    updated: 'Admin updated.',
    passwordReset: 'Password reset. Give the new password to the admin: it is shown only once.',
    notFound: 'Admin not found.',
    /** DESIGN section 1: the platform always keeps a super admin who can run it. */
    lastSuperAdmin: 'This is the last active super admin: make another super admin first, then try again.',
    disabled: 'This account is disabled. Ask a super admin to enable it.',
    changedMeanwhile: 'This admin was changed by someone else at the same time. Reload the list and try again.',
  },
  auditLog: {
    badDate: 'Dates must be YYYY-MM-DD, and "from" no later than "to".',
  },
  auth: {
    /** One message for a wrong email or a wrong password (DESIGN section 7). */
    badCredentials: 'Invalid email or password.',
    locked: 'Too many failed sign-in attempts. Try again in 15 minutes.',
    tooManyFromAddress: 'Too many sign-in attempts from this address. Try again later.',
    /** While an account is under attack from elsewhere, an address that failed against it waits between tries. */
    slowDown: (seconds: number) => `Too many failed sign-in attempts on this account. Try again in ${seconds} seconds.`,
    signInRequired: 'Please sign in.',
    forbidden: 'You do not have access to this.',
    csrf: 'Missing X-Requested-With header.',
    /** After a super admin's reset: every staff route but these answers this until the password is changed (DESIGN section 7). */
    mustChangePassword: 'Your password was reset: change it on the Account screen before you continue.',
  },
  /** A staff user's own account (DESIGN section 7: "Staff change their own password"). */
  account: {
    passwordChanged: 'Password changed. Your other sessions have been signed out.',
    currentPasswordWrong: 'Current password: incorrect.',
    newPasswordShort: 'New password: at least 8 characters.',
    newPasswordLong: 'New password: at most 256 characters.',
    newPasswordSame: 'New password: must differ from the current one.',
    confirmMismatch: 'Confirm new password: does not match the new password.',
    currentRequired: 'Current password: required.',
  },
  /**
   * Refusals the API answers with `{error}` (DESIGN section 5): each text once,
   * raised by the stores and domain modules as refusals (functions/platform/refusal.ts).
   */
  refusals: {
    partnerNotFound: 'Partner not found.',
    announcerNotFound: 'Announcer not found.',
    unknownPartner: 'Unknown partner.',
    unknownPartnerChoose: 'Unknown partner: choose one of the listed partners.',
    unknownPromotion: 'Unknown promotion.',
    houseGamesNotAssignable: 'House games are run by the house and cannot be assigned.',
    assignmentNotFound: 'Partner promotion not found.',
    assignmentChangedMeanwhile: 'This assignment changed at the same time. Please try again.',
    houseGamesInSettings: 'House games are changed in the settings.',
    housePricesInSettings: 'House game prices are changed in the settings.',
    houseGamesNotDeletable: 'House games cannot be deleted.',
    promotionNotFound: 'Promotion not found.',
    promotionAssigned: 'This promotion is assigned to a partner; remove the assignment first.',
    categoryNotFound: 'Category not found.',
    categoryUnknown: 'That category does not exist.',
    categoryExists: 'A category with that title already exists.',
    categoryInUse: 'This category still has predictions. Delete them or move them to another category first.',
    predictionNotFound: 'Prediction not found.',
    invalidCursor: 'Invalid cursor.',
    chooseListedAmount: 'Choose one of the listed amounts.',
    noSuchEntry: 'No such entry.',
    unknownUssdGateway: 'Unknown USSD gateway.',
    networkOnly: (title: string, network: string) => `${title} is open to ${network} numbers only.`,
    promotionEnded: (title: string) => `${title} has ended and takes no new entries.`,
    currencyNotAccepted: (title: string, currency: string) => `${title} cannot be paid in ${currency}.`,
    alreadyInUse: (field: string) => `That ${field} is already in use.`,
    partnerNotDeletable: (reasons: string) => `This partner cannot be deleted: it still has ${reasons}.`,
    announcerNotDeletable:
      'This announcer cannot be deleted: it still has a positive account balance (pay it out first).',
    /** DESIGN section 4 "Payouts": a payee with a payout in flight cannot be deleted. */
    payoutInFlight:
      'This account cannot be deleted while a payout to it is in flight: if the mobile money service fails it, the amount comes back to its balance. Try again once the payout has settled.',
  },
  http: {
    notFound: 'Not found',
    methodNotAllowed: 'Method not allowed',
    malformedJson: 'Malformed JSON body',
    malformedRequest: 'Malformed request',
    tooLarge: 'Request body too large',
    internal: 'Something went wrong on our side. Please try again.',
    changedMeanwhile: 'This record changed at the same time. Please try again.',
    notThroughSite: 'Requests must come through the site.',
    unavailable: 'The service is unavailable for a moment. Please try again shortly.',
    /** The local stack's health before it is ready to serve (infra/local/gateway.ts). */
    starting: 'The local stack is still starting.',
    /** GET /health when the table does not answer. */
    databaseUnreachable: 'The database is not reachable.',
  },
} as const;
