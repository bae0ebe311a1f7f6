import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef } from 'react';
import type { StatementResponse } from '@shared/api/schemas/payouts';
import { messages } from '@shared/messages';
import { errorMessage } from '@web/lib/api-client';
import { formatGmtDate } from '@web/lib/dates';
import { staffLrd } from '@web/lib/staff-money';
import { LoadingStatus } from './LoadingStatus';
import { statementQuery } from './statement-api';
import { StaffTable } from './StaffTable';

const COLUMNS = ['Date', 'What', 'Promotion', 'Amount', 'Status', 'Balance'] as const;

/** Each kind of line its own label: a refunded entry's share taken back is not a failed payout's restore. */
const LABELS: Record<Exclude<StatementResponse['Lines'][number]['Kind'], 'credit'>, string> = {
  payout: 'Payout',
  restored: 'Payout failed — restored',
  refund: 'Refund — share taken back',
};

const what = (line: StatementResponse['Lines'][number]): string =>
  line.Kind === 'credit' ? `Entries (${line.Entries ?? 0})` : LABELS[line.Kind];

/**
 * A partner's or announcer's own statement: credits by
 * promotion, then every credit and payout, newest first, each with the
 * balance after it. Whenever `refreshKey` changes — the live dashboard's
 * balances — its cached read is invalidated and asked again (keeping the
 * lines shown), so a payout's outcome shows without a reload.
 */
export function StatementCard({
  owner,
  userId,
  refreshKey,
}: {
  owner: 'partner' | 'announcer';
  userId: string;
  refreshKey: string;
}) {
  const headingId = useId();
  const client = useQueryClient();
  const { data: statement, error } = useQuery(statementQuery(owner, userId));
  const seenKey = useRef(refreshKey);
  useEffect(() => {
    if (seenKey.current === refreshKey) return;
    seenKey.current = refreshKey;
    void client.invalidateQueries({ queryKey: statementQuery(owner, userId).queryKey });
  }, [refreshKey, client, owner, userId]);
  const failure = error ? errorMessage(error, messages.generic.unexpected) : null;

  return (
    <section className="staff-card" aria-labelledby={headingId}>
      <h2 id={headingId}>Statement</h2>
      {failure ? (
        <p role="alert" className="notice notice--error">
          {failure}
        </p>
      ) : !statement ? (
        <LoadingStatus text="Loading statement…" />
      ) : (
        <>
          <p className="statement-balance">Balance: {staffLrd(statement.Balance)}</p>
          {statement.Credits.length > 0 ? (
            <ul className="statement-credits" aria-label="Credits by promotion">
              {statement.Credits.map((credit) => (
                <li key={credit.Promotion}>
                  {credit.Promotion}: {staffLrd(credit.Amount)} from {credit.Entries} entr
                  {credit.Entries === 1 ? 'y' : 'ies'}
                </li>
              ))}
            </ul>
          ) : null}
          {statement.Lines.length === 0 ? (
            <p className="empty">
              Nothing yet: credits appear here as entries are paid, and every payout with its status.
            </p>
          ) : (
            <StaffTable caption="Statement lines, newest first" columns={COLUMNS}>
              <tbody>
                {statement.Lines.map((line, index) => (
                  <tr key={`${line.At}-${index}`}>
                    <td>{formatGmtDate(line.At)}</td>
                    <td>{what(line)}</td>
                    <td>{line.Promotion}</td>
                    <td>{staffLrd(line.Amount)}</td>
                    <td>
                      {line.Status
                        ? `${line.Status[0]!.toUpperCase()}${line.Status.slice(1)}${line.Reason ? ` (${line.Reason})` : ''}`
                        : ''}
                    </td>
                    <td>{staffLrd(line.Balance)}</td>
                  </tr>
                ))}
              </tbody>
            </StaffTable>
          )}
        </>
      )}
    </section>
  );
}
