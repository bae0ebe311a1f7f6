import { useEffect, useState } from 'react';
import type { ExclusionRecord } from '@shared/api/schemas/players';
import { messages } from '@shared/messages';
import { ErrorNotice } from '@web/components/staff/ErrorNotice';
import { LoadingStatus } from '@web/components/staff/LoadingStatus';
import { RowButton } from '@web/components/staff/RowButton';
import { StaffTable } from '@web/components/staff/StaffTable';
import { errorMessage } from '@web/lib/api-client';
import { dateTime } from '@web/lib/staff-dates';
import { fetchExclusions } from '../api/players';

const COLUMNS = ['Mobile number', 'Excluded until', 'Set by', 'Since', 'Actions'] as const;

/**
 * Every number excluded now, newest first (issue 34: there was no list, only a look-up by number): read again
 * after each change the screen makes (`refreshKey`); Lift asks first, through the screen's own confirm step.
 */
export function ExcludedPlayersList({
  adminId,
  refreshKey,
  onLift,
}: {
  adminId: string;
  refreshKey: number;
  onLift: (mobileNumber: string) => void;
}) {
  const [list, setList] = useState<ExclusionRecord[] | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    let current = true;
    setError(null);
    fetchExclusions(adminId).then(
      (answer) => current && setList(answer.Exclusions),
      (failure: unknown) => current && setError(errorMessage(failure, messages.generic.unexpected)),
    );
    return () => {
      current = false;
    };
  }, [adminId, refreshKey]);

  return (
    <section className="staff-card" aria-labelledby="excluded-players-heading">
      <h2 id="excluded-players-heading">Excluded players</h2>
      {error ? (
        <ErrorNotice>{error}</ErrorNotice>
      ) : list === null ? (
        <LoadingStatus text="Loading the excluded numbers…" />
      ) : list.length === 0 ? (
        <p role="status">No number is excluded.</p>
      ) : (
        <StaffTable columns={COLUMNS} labelledBy="excluded-players-heading">
          <tbody>
            {list.map((record) => (
              <tr key={record.mobile_number} data-excluded={record.mobile_number}>
                <td>{record.mobile_number}</td>
                <td>{record.permanent ? 'Permanently' : dateTime(record.until ?? '')}</td>
                <td>{record.by === 'player' ? 'The player' : 'An admin'}</td>
                <td>{dateTime(record.since ?? '')}</td>
                <td>
                  <RowButton
                    variant="secondary"
                    label={`Lift the exclusion of ${record.mobile_number}`}
                    onClick={() => onLift(record.mobile_number)}
                  >
                    Lift
                  </RowButton>
                </td>
              </tr>
            ))}
          </tbody>
        </StaffTable>
      )}
    </section>
  );
}
