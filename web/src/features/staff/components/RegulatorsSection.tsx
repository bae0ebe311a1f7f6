import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { RegulatorRecord } from '@shared/api/schemas/admins';
import { messages } from '@shared/messages';
import { ConfirmDialog } from '@web/components/staff/ConfirmDialog';
import { ErrorNotice } from '@web/components/staff/ErrorNotice';
import { FormField } from '@web/components/staff/FormField';
import { LoadingStatus } from '@web/components/staff/LoadingStatus';
import { PasswordField } from '@web/components/staff/PasswordField';
import { RowButton } from '@web/components/staff/RowButton';
import { StaffTable } from '@web/components/staff/StaffTable';
import { SubmitButton } from '@web/components/staff/SubmitButton';
import { useFormSubmit, type Checked } from '@web/hooks/use-form-submit';
import { errorMessage } from '@web/lib/api-client';
import { notifyError, notifySuccess } from '@web/lib/toast';
import { createRegulator, regulatorsQuery, setRegulatorActive } from '../api/admins';

/**
 * Regulator accounts on the Admins screen (issue 36 part 3; super admins): create one, disable it (its sessions
 * end at once) or enable it again. The regulator signs in at its own portal and can change nothing.
 */
export function RegulatorsSection({ adminId }: { adminId: string }) {
  const { data: regulators = null, error, refetch } = useQuery(regulatorsQuery(adminId));
  const [pending, setPending] = useState<RegulatorRecord | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const toggle = async (regulator: RegulatorRecord) => {
    setRefusal(null);
    try {
      notifySuccess((await setRegulatorActive(adminId, regulator.ID, !regulator.Active)).message);
    } catch (failure) {
      const text = errorMessage(failure, messages.generic.unexpected);
      setRefusal(text);
      notifyError(text);
    }
    void refetch();
  };
  return (
    <>
      <CreateRegulatorForm adminId={adminId} onCreated={() => void refetch()} />
      <section className="staff-card" aria-labelledby="regulators-heading">
        <h2 id="regulators-heading">Regulators</h2>
        {refusal ? <ErrorNotice>{refusal}</ErrorNotice> : null}
        {error && regulators === null ? (
          <ErrorNotice>Could not load the regulators. Please refresh your browser.</ErrorNotice>
        ) : regulators === null ? (
          <LoadingStatus className="empty" text="Loading regulators…" />
        ) : regulators.length === 0 ? (
          <p className="empty">No regulator accounts yet.</p>
        ) : (
          <StaffTable labelledBy="regulators-heading" columns={['Username', 'Email', 'Status', 'Actions']}>
            <tbody>
              {regulators.map((regulator) => (
                <tr key={regulator.ID}>
                  <td>{regulator.Username}</td>
                  <td>{regulator.Email}</td>
                  <td>{regulator.Active ? 'Active' : 'Disabled'}</td>
                  <td>
                    <RowButton
                      variant={regulator.Active ? 'danger' : 'primary'}
                      label={`${regulator.Active ? 'Disable' : 'Enable'} regulator ${regulator.Username}`}
                      onClick={() => setPending(regulator)}
                    >
                      {regulator.Active ? 'Disable' : 'Enable'}
                    </RowButton>
                  </td>
                </tr>
              ))}
            </tbody>
          </StaffTable>
        )}
      </section>
      {pending ? (
        <ConfirmDialog
          title={pending.Active ? 'Disable regulator' : 'Enable regulator'}
          confirmLabel={pending.Active ? 'Disable' : 'Enable'}
          onConfirm={() => toggle(pending)}
          onClose={() => setPending(null)}
        >
          <p>
            <strong>{pending.Username}</strong> ({pending.Email}){' '}
            {pending.Active
              ? 'cannot sign in until enabled again; their sessions end now.'
              : 'can sign in to the regulator window again.'}
          </p>
        </ConfirmDialog>
      ) : null}
    </>
  );
}

const EMPTY = { username: '', email: '', password: '' };

function CreateRegulatorForm({ adminId, onCreated }: { adminId: string; onCreated: () => void }) {
  const [fields, setFields] = useState(EMPTY);
  const { sending, onSubmit } = useFormSubmit({
    check: (): Checked<typeof EMPTY> =>
      fields.username.trim() && fields.email.trim() && fields.password
        ? { body: fields }
        : { error: messages.validation.allFieldsStar },
    send: async (body) => {
      notifySuccess((await createRegulator(adminId, body)).message);
      setFields(EMPTY);
      onCreated();
    },
    failure: (error) => errorMessage(error, messages.generic.unexpected),
  });
  return (
    <form className="staff-card form" noValidate onSubmit={onSubmit} aria-labelledby="create-regulator-heading">
      <h2 id="create-regulator-heading">New regulator</h2>
      <p>A read-only account for the gaming regulator's inspectors, signing in at the regulator portal.</p>
      <FormField
        label="Regulator username"
        value={fields.username}
        onChange={(username) => setFields({ ...fields, username })}
        mandatory
      />
      <FormField
        label="Regulator email"
        type="email"
        value={fields.email}
        onChange={(email) => setFields({ ...fields, email })}
        mandatory
      />
      <PasswordField
        label="Regulator password"
        value={fields.password}
        onChange={(password) => setFields({ ...fields, password })}
        mandatory
        note="At least 8 characters"
      />
      <div className="staff-form-actions">
        <SubmitButton label="Create regulator" busyLabel="Creating regulator..." sending={sending} />
      </div>
    </form>
  );
}
