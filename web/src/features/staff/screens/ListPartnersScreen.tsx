import { PartnerManagement } from '../components/partners/PartnerManagement';

/** list-partners: Partner Management (spec section 2). */
export function ListPartnersScreen() {
  return (
    <>
      <h1 className="staff-title">Partner Management</h1>
      <p className="staff-subtitle">Every partner with its balances; update, pay or delete one.</p>
      <PartnerManagement />
    </>
  );
}
