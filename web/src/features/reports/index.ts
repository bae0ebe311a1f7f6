/** What other features use of reports: the Tax Analytics form (also on Create Partner). */
export { TaxAnalyticsForm } from './components/TaxAnalyticsForm';
