import { useId, useState } from 'react';
import type { PartnerRecord } from '@shared/api/schemas/staff';
import { messages } from '@shared/messages';
import { ActionsCell } from '@web/components/staff/ActionsCell';
import { CellWithNote } from '@web/components/staff/CellWithNote';
import { DeleteConfirmDialog } from '@web/components/staff/DeleteConfirmDialog';
import { EmptyResults } from '@web/components/staff/EmptyResults';
import { ErrorNotice } from '@web/components/staff/ErrorNotice';
import { LoadingStatus } from '@web/components/staff/LoadingStatus';
import { DeleteRowButton, EditRowButton } from '@web/components/staff/RowButton';
import { SearchField } from '@web/components/staff/SearchField';
import { StaffTable } from '@web/components/staff/StaffTable';
import { ApiError } from '@web/lib/api-client';
import { notifyError, notifySuccess } from '@web/lib/toast';
import { deletePartner } from '@web/features/staff/api/partners';
import { useAdmin } from '@web/hooks/use-admin';
import { usePartners } from '@web/features/staff/hooks/use-partners';
import { EditPartnerModal } from './EditPartnerModal';
import { AccountBalanceCell, PayRowButton, PaymentModal, payPartner, useBusyIds } from '@web/features/payouts';

/** Spec section 2: the search box filters by username or email. */
function matchesPartner(partner: PartnerRecord, query: string): boolean {
  const needle = query.trim().toLowerCase();
  return !needle || partner.Username.toLowerCase().includes(needle) || partner.Email.toLowerCase().includes(needle);
}

/** The failure text followed by the server's reason, when it gave one. */
function withReason(text: string, error: unknown): string {
  return error instanceof ApiError && error.serverMessage ? `${text} ${error.serverMessage}` : text;
}

const COLUMNS = ['Username', 'Search String', 'Mobile Money', 'Account Balance', 'Actions'];

/**
 * Partner Management (spec section 2): the live partner list (`admin/partners`)
 * with a search box, balances with their per-promotion details, and the
 * Update, Pay and Delete actions with their dialogs.
 */
export function PartnerManagement({ heading }: { heading?: string }) {
  const { adminId } = useAdmin();
  const { items, refused } = usePartners();
  const headingId = useId();
  const [search, setSearch] = useState('');
  const [editing, setEditing] = useState<PartnerRecord | null>(null);
  const [payingId, setPayingId] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<PartnerRecord | null>(null);
  const payments = useBusyIds();

  const partners = (items ?? []).filter((partner) => matchesPartner(partner, search));
  // the payment dialog follows the live record, so its balances stay current
  const paying = payingId ? (items?.find((partner) => partner.ID === payingId) ?? null) : null;

  const onDelete = async (partner: PartnerRecord) => {
    try {
      await deletePartner(adminId, partner.SearchString);
      notifySuccess(messages.partner.deleted);
    } catch (error) {
      notifyError(withReason(messages.partner.deleteFailed, error));
    }
  };

  return (
    <section className="staff-card" aria-labelledby={heading ? headingId : undefined}>
      {heading ? <h2 id={headingId}>{heading}</h2> : null}
      <div className="staff-toolbar">
        <SearchField
          label="Search partners by username or email"
          placeholder="Search by username or email"
          value={search}
          onChange={setSearch}
        />
        {items ? (
          <span className="staff-cell-note" aria-live="polite">
            {partners.length === items.length
              ? `${items.length} partner(s)`
              : `${partners.length} of ${items.length} partner(s)`}
          </span>
        ) : null}
      </div>

      {refused ? (
        <ErrorNotice>{refused}</ErrorNotice>
      ) : items === null ? (
        <LoadingStatus text="Loading partners..." />
      ) : partners.length === 0 ? (
        <EmptyResults text="No partners found" searching={Boolean(search.trim())} />
      ) : (
        <StaffTable caption="Partners" columns={COLUMNS}>
          <tbody>
            {partners.map((partner) => (
              <tr key={partner.ID}>
                <CellWithNote text={partner.Username} note={partner.Email} />
                <td>{partner.SearchString}</td>
                <td>{partner.MobileMoneyNumber}</td>
                <td>
                  <AccountBalanceCell owner={partner.Username} balances={partner.PromotionBalances} />
                </td>
                <ActionsCell
                  destructive={<DeleteRowButton subject={partner.Username} onClick={() => setDeleting(partner)} />}
                >
                  <EditRowButton verb="Update" subject={partner.Username} onClick={() => setEditing(partner)} />
                  <PayRowButton
                    label={`Pay ${partner.Username}`}
                    balances={partner.PromotionBalances}
                    busy={payments.busy.has(partner.ID)}
                    onClick={() => setPayingId(partner.ID)}
                  >
                    Pay
                  </PayRowButton>
                </ActionsCell>
              </tr>
            ))}
          </tbody>
        </StaffTable>
      )}

      {editing ? <EditPartnerModal partner={editing} onClose={() => setEditing(null)} /> : null}
      {paying ? (
        <PaymentModal
          title="Pay partner"
          payeeName={paying.Username}
          payeeNumber={paying.MobileMoneyNumber}
          balances={paying.PromotionBalances}
          successText={messages.partner.paid}
          pay={(amounts, key) => payments.run(paying.ID, () => payPartner(adminId, paying, amounts, key))}
          onClose={() => setPayingId(null)}
        />
      ) : null}
      {deleting ? (
        <DeleteConfirmDialog
          title="Delete partner"
          onConfirm={() => onDelete(deleting)}
          onClose={() => setDeleting(null)}
        >
          <p>
            Are you sure you want to delete <strong>{deleting.Username}</strong>?
          </p>
        </DeleteConfirmDialog>
      ) : null}
    </section>
  );
}
