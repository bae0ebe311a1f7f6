import { CreatePartnerForm } from '../components/partners/CreatePartnerForm';
import { PartnerManagement } from '../components/partners/PartnerManagement';
import { TaxAnalyticsForm } from '@web/features/reports';

/**
 * create-partner (spec section 2): the Create Partner form with the Tax
 * Analytics form next to it and Partner Management below.
 */
export function CreatePartnerScreen() {
  return (
    <>
      <h1 className="staff-title">Create Partner</h1>
      <div className="staff-forms">
        <CreatePartnerForm heading="New partner" />
        <TaxAnalyticsForm heading="Tax Analytics" />
      </div>
      <PartnerManagement heading="Partner Management" />
    </>
  );
}
