import { TaxAnalyticsForm } from '../components/tax/TaxAnalyticsForm';

/** create-tax-analytics: the Tax Analytics form on its own (spec section 2). */
export function TaxAnalyticsScreen() {
  return (
    <>
      <h1 className="staff-title">Tax Analytics</h1>
      <p className="staff-subtitle">File the figures paid to winners and the 20% tax paid to government.</p>
      <TaxAnalyticsForm />
    </>
  );
}
