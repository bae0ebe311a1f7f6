import { useId, useMemo, useState, type ReactNode } from 'react';
import type { AnnouncerRecord } from '@shared/api/schemas/staff';
import { messages } from '@shared/messages';
import { ActionsCell } from '@web/components/staff/ActionsCell';
import { CellWithNote } from '@web/components/staff/CellWithNote';
import { ErrorNotice } from '@web/components/staff/ErrorNotice';
import { LoadingStatus } from '@web/components/staff/LoadingStatus';
import { DeleteRowButton, EditRowButton } from '@web/components/staff/RowButton';
import { StaffTable } from '@web/components/staff/StaffTable';
import { useAdmin } from '@web/hooks/use-admin';
import { useAnnouncers } from '@web/features/staff/hooks/use-announcers';
import { usePartnerOptions } from '@web/features/staff/hooks/use-partner-options';
import { AnnouncerSearchField, NoAnnouncers } from './AnnouncerSearchField';
import { Activity, CheckButton } from './CheckButtons';
import { DeleteAnnouncerDialog } from './DeleteAnnouncerDialog';
import { UpdateAnnouncerModal } from './UpdateAnnouncerModal';
import { groupByPartner, matchesAnnouncer, type AnnouncerGroup } from './announcer-search';
import { useAnnouncerActions } from './use-announcer-actions';
import './announcers.css';
import { AccountBalanceCell, PayRowButton, PaymentModal, payAnnouncer, useBusyIds } from '@web/features/payouts';

const COLUMNS = ['Username', 'Contact Number', 'Activity', 'Account Balance', 'Actions', 'Payment', 'Edit'];

/**
 * Announcers' List (spec section 2, second variant): a search box and the
 * live announcers grouped by partner (collapsible, with counts, 'Unassigned'
 * when no partner), each with activity, balance, check in/out, delete,
 * Make Payment (the two-step dialog) and Edit.
 */
export function GroupedAnnouncerList() {
  const { adminId } = useAdmin();
  const { items, refused } = useAnnouncers();
  const { items: options } = usePartnerOptions();
  const actions = useAnnouncerActions();
  const payments = useBusyIds();
  const [search, setSearch] = useState('');
  const [collapsed, setCollapsed] = useState<ReadonlySet<string>>(() => new Set());
  const [editing, setEditing] = useState<AnnouncerRecord | null>(null);
  const [deleting, setDeleting] = useState<AnnouncerRecord | null>(null);
  const [payingId, setPayingId] = useState<string | null>(null);

  const partnerNames = useMemo(() => new Map((options ?? []).map((option) => [option.value, option.label])), [options]);
  const matching = (items ?? []).filter((announcer) => matchesAnnouncer(announcer, search));
  const groups = groupByPartner(matching, partnerNames);
  const paying = payingId ? (items?.find((announcer) => announcer.ID === payingId) ?? null) : null;

  const toggle = (code: string) =>
    setCollapsed((previous) => {
      const next = new Set(previous);
      if (!next.delete(code)) next.add(code);
      return next;
    });

  return (
    <>
      <div className="staff-toolbar">
        <AnnouncerSearchField value={search} onChange={setSearch} />
        {items ? (
          <span className="staff-cell-note" aria-live="polite">
            {matching.length === items.length
              ? `${items.length} announcer(s)`
              : `${matching.length} of ${items.length} announcer(s)`}
          </span>
        ) : null}
      </div>
      {refused ? (
        <ErrorNotice>{refused}</ErrorNotice>
      ) : items === null ? (
        <LoadingStatus text="Loading announcers..." />
      ) : groups.length === 0 ? (
        <NoAnnouncers />
      ) : (
        groups.map((group) => (
          <Group
            key={group.code}
            group={group}
            expanded={!collapsed.has(group.code)}
            onToggle={() => toggle(group.code)}
          >
            {group.announcers.map((announcer) => (
              <tr key={announcer.ID}>
                <CellWithNote text={announcer.Username} note={announcer.Email} />
                <td>{announcer.MobileMoneyNumber}</td>
                <td>
                  <Activity announcer={announcer} />
                </td>
                <td>
                  <AccountBalanceCell owner={announcer.Username} balances={announcer.PromotionBalances} />
                </td>
                <ActionsCell>
                  <CheckButton announcer={announcer} actions={actions} />
                </ActionsCell>
                <td>
                  <PayRowButton
                    label={`Make Payment to ${announcer.Username}`}
                    balances={announcer.PromotionBalances}
                    busy={payments.busy.has(announcer.ID)}
                    onClick={() => setPayingId(announcer.ID)}
                  >
                    Make Payment
                  </PayRowButton>
                </td>
                {/* Delete last, apart from Check In/Out, Make Payment and Edit */}
                <ActionsCell
                  destructive={<DeleteRowButton subject={announcer.Username} onClick={() => setDeleting(announcer)} />}
                >
                  <EditRowButton verb="Edit" subject={announcer.Username} onClick={() => setEditing(announcer)} />
                </ActionsCell>
              </tr>
            ))}
          </Group>
        ))
      )}

      {editing ? <UpdateAnnouncerModal announcer={editing} onClose={() => setEditing(null)} /> : null}
      {deleting ? (
        <DeleteAnnouncerDialog announcer={deleting} onConfirm={actions.remove} onClose={() => setDeleting(null)} />
      ) : null}
      {paying ? (
        <PaymentModal
          title="Pay announcer"
          payeeName={paying.Username}
          payeeNumber={paying.MobileMoneyNumber}
          balances={paying.PromotionBalances}
          successText={messages.announcer.paid}
          pay={(amounts, key) => payments.run(paying.ID, () => payAnnouncer(adminId, paying, amounts, key))}
          onClose={() => setPayingId(null)}
        />
      ) : null}
    </>
  );
}

/** One partner's announcers: a heading that collapses or expands the table, with the count. */
function Group({
  group,
  expanded,
  onToggle,
  children,
}: {
  group: AnnouncerGroup;
  expanded: boolean;
  onToggle: () => void;
  children: ReactNode;
}) {
  const bodyId = useId();
  const count = group.announcers.length;
  return (
    <section className="announcer-group" aria-label={group.name}>
      <h2 className="announcer-group__title">
        <button
          type="button"
          className="announcer-group__toggle"
          aria-expanded={expanded}
          aria-controls={bodyId}
          onClick={onToggle}
        >
          <span>
            {group.name} ({count})
            {group.code && group.code !== group.name ? (
              <span className="announcer-group__code"> · {group.code}</span>
            ) : null}
          </span>
        </button>
      </h2>
      <div id={bodyId} className="announcer-group__body" hidden={!expanded}>
        <StaffTable caption={`Announcers of ${group.name}`} columns={COLUMNS}>
          <tbody>{children}</tbody>
        </StaffTable>
      </div>
    </section>
  );
}
