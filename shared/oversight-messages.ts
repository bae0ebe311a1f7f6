/**
 * The server's answers for the regulator's window and held prizes (issue 36
 * parts 3 and 4). Apart from ./messages.ts, which the public pages bundle:
 * no public page shows these, and the home page's JavaScript is at its budget.
 */
export const oversightMessages = {
  heldPrizes: {
    claimed: 'Prize claimed: it is being paid to the corrected number.',
    notFound: 'Prize not found.',
    notHeld: 'This prize is not held for a claim (it was paid, claimed already, or its deadline passed).',
    checkRecorded: 'Identity check recorded: a super admin can now pay the prize to the corrected number.',
    noIdentityCheck:
      "Record the winner's identity check in the support desk first: it names the corrected number to pay.",
    checkChanged: 'The identity check was recorded again meanwhile. Reload the list and check it before paying.',
  },
  regulator: {
    badSince: 'Since must be a day such as 2026-11-25, not in the future and at most a year back.',
  },
  regulators: {
    created: 'Regulator account created.',
    updated: 'Regulator account updated.',
    notFound: 'Regulator not found.',
    changedMeanwhile: 'This account was changed by someone else at the same time. Reload the list and try again.',
  },
} as const;
