/**
 * Every user-facing string the product spec names (spec sections 4, 5, 8),
 * kept exactly — odd spellings included. Import from here; never retype them.
 */
export const messages = {
  validation: {
    allFieldsStar: 'All fields with * must be filled.',
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
  },
  taxAnalytics: { submitted: 'Tax analytics submitted successfully!' },
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
  draw: {
    clearFailed: 'Failed to clear partner draws. Please try again.',
    failed: 'Failed to conduct draw',
    thresholdMet: (promotion: string) => `Threshold met for ${promotion}! You can now conduct the draw.`,
    conduct: 'Conduct Draw',
    notMet: 'Threshold Not Met',
    conducting: 'Conducting Draw...',
  },
  logout: {
    success: 'Logged out successfully',
    failed: 'Logout failed. Please refresh your browser and try again.',
  },
  ticket: {
    dailyFailed: 'Failed to verify daily draw ticket.',
    jackpotFailed: 'Failed to verify jackpot ticket.',
    validated: 'Ticket validated.',
  },
  entry: { paymentFailed: 'Payment failed. Please try again later.' },
  auth: {
    /** One message for a wrong email or a wrong password (DESIGN section 7). */
    badCredentials: 'Invalid email or password.',
    locked: 'Too many failed sign-in attempts. Try again in 15 minutes.',
    tooManyFromAddress: 'Too many sign-in attempts from this address. Try again later.',
    signInRequired: 'Please sign in.',
    forbidden: 'You do not have access to this.',
    csrf: 'Missing X-Requested-With header.',
  },
  http: {
    notFound: 'Not found',
    methodNotAllowed: 'Method not allowed',
    malformedJson: 'Malformed JSON body',
    tooLarge: 'Request body too large',
    internal: 'Something went wrong on our side. Please try again.',
    changedMeanwhile: 'This record changed at the same time. Please try again.',
  },
} as const;
