/**
 * Reports (DESIGN section 4 "Tax"): gross gaming revenue, the regulator's
 * daily report and its seal, and tax analytics, read from the ledger module.
 * The module's entry.
 */

export { taxOnRevenueCents } from './gross-gaming-revenue';
export { registerReportRoutes } from './http';
export { registerRegulatorRoutes } from './regulator-http';
export { sealDailyReports } from './seal-days';
export { sealedReportsBetween } from './store/sealed-reports';
export { fileTaxAnalytics, latestTaxFiling } from './store/tax-filings';
export { registerTaxAnalyticsRoutes } from './tax-analytics-http';
