import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { AdminRecord, CreateAdminRequest } from '@shared/api/schemas/admins';
import { messages } from '@shared/messages';
import { ActionsCell } from '@web/components/staff/ActionsCell';
import { ConfirmDialog } from '@web/components/staff/ConfirmDialog';
import { ErrorNotice } from '@web/components/staff/ErrorNotice';
import { LoadingStatus } from '@web/components/staff/LoadingStatus';
import { FormField } from '@web/components/staff/FormField';
import { Modal } from '@web/components/staff/Modal';
import { PasswordField } from '@web/components/staff/PasswordField';
import { RowButton } from '@web/components/staff/RowButton';
import { StaffTable } from '@web/components/staff/StaffTable';
import { SubmitButton } from '@web/components/staff/SubmitButton';
import { useFormSubmit, type Checked } from '@web/hooks/use-form-submit';
import { errorMessage } from '@web/lib/api-client';
import { notifyError, notifySuccess } from '@web/lib/toast';
import { adminsQuery, createAdmin, resetAdminPassword, updateAdmin } from '../api/admins';
import { useAdmin } from '@web/hooks/use-admin';
import { RegulatorsSection } from '../components/RegulatorsSection';

type Pending = {
  kind: 'disable' | 'enable' | 'promote' | 'demote' | 'grantSupport' | 'revokeSupport' | 'reset';
  admin: AdminRecord;
};

const CHANGE = {
  disable: {
    title: 'Disable admin',
    verb: 'Disable',
    body: { active: false },
    text: 'cannot sign in until enabled again; their sessions end now',
  },
  enable: { title: 'Enable admin', verb: 'Enable', body: { active: true }, text: 'can sign in again' },
  promote: {
    title: 'Make super admin',
    verb: 'Make super admin',
    body: { super_admin: true },
    text: 'can run money, settings and admins',
  },
  demote: {
    title: 'Make plain admin',
    verb: 'Make plain admin',
    body: { super_admin: false },
    text: 'keeps the Overview and Winner tabs only',
  },
  grantSupport: {
    title: 'Give support desk',
    verb: 'Give support desk',
    body: { support: true },
    text: 'can look players up with their full numbers and act on them at the support desk',
  },
  revokeSupport: {
    title: 'Take support desk',
    verb: 'Take support desk',
    body: { support: false },
    text: 'can no longer use the support desk',
  },
} as const;

/**
 * admins (super admins): every admin and super admin, a
 * form to create one, and disable/enable, promote/demote and password reset.
 * The server refuses to remove the last active super admin; its message is shown.
 */
export function AdminsScreen() {
  const { adminId } = useAdmin();
  const { data: admins = null, error, refetch } = useQuery(adminsQuery(adminId));
  const reload = () => void refetch();
  const failed = Boolean(error);
  const [pending, setPending] = useState<Pending | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [newPassword, setNewPassword] = useState<{ admin: AdminRecord; password: string } | null>(null);

  const act = async ({ kind, admin }: Pending) => {
    setRefusal(null);
    try {
      if (kind === 'reset') {
        const answer = await resetAdminPassword(adminId, admin.ID);
        setNewPassword({ admin, password: answer.TemporaryPassword });
      } else {
        notifySuccess((await updateAdmin(adminId, { admin_id: admin.ID, ...CHANGE[kind].body })).message);
      }
    } catch (error) {
      const text = errorMessage(error, messages.generic.unexpected);
      setRefusal(text);
      notifyError(text);
    }
    reload();
  };

  return (
    <>
      <h1 className="staff-title">Admins</h1>
      <p className="staff-subtitle">
        Admins see the Overview and Winner tabs; super admins run everything. The last active super admin cannot be
        disabled or demoted: make another super admin first.
      </p>
      <CreateAdminForm adminId={adminId} onCreated={reload} />
      <section className="staff-card" aria-labelledby="admins-heading">
        <h2 id="admins-heading">Admins and super admins</h2>
        {refusal ? <ErrorNotice>{refusal}</ErrorNotice> : null}
        {failed && admins === null ? (
          <ErrorNotice>Could not load the admins. Please refresh your browser.</ErrorNotice>
        ) : admins === null ? (
          <LoadingStatus className="empty" text="Loading admins…" />
        ) : (
          <StaffTable labelledBy="admins-heading" columns={['Username', 'Email', 'Role', 'Status', 'Actions']}>
            <tbody>
              {admins.map((admin) => (
                <tr key={admin.ID}>
                  <td>
                    {admin.Username}
                    {admin.ID === adminId ? <span className="staff-cell-note">(you)</span> : null}
                  </td>
                  <td>{admin.Email}</td>
                  <td>{admin.SuperAdmin ? 'Super admin' : admin.Support ? 'Admin, support desk' : 'Admin'}</td>
                  <td>{admin.Active ? 'Active' : 'Disabled'}</td>
                  <ActionsCell
                    destructive={
                      admin.Active ? (
                        <RowButton
                          variant="danger"
                          label={`Disable ${admin.Username}`}
                          onClick={() => setPending({ kind: 'disable', admin })}
                        >
                          Disable
                        </RowButton>
                      ) : undefined
                    }
                  >
                    <RowButton
                      variant="secondary"
                      label={`${admin.SuperAdmin ? 'Make plain admin' : 'Make super admin'}: ${admin.Username}`}
                      onClick={() => setPending({ kind: admin.SuperAdmin ? 'demote' : 'promote', admin })}
                    >
                      {admin.SuperAdmin ? 'Make plain admin' : 'Make super admin'}
                    </RowButton>
                    {admin.SuperAdmin ? null : (
                      <RowButton
                        variant="secondary"
                        label={`${admin.Support ? 'Take support desk' : 'Give support desk'}: ${admin.Username}`}
                        onClick={() => setPending({ kind: admin.Support ? 'revokeSupport' : 'grantSupport', admin })}
                      >
                        {admin.Support ? 'Take support desk' : 'Give support desk'}
                      </RowButton>
                    )}
                    <RowButton
                      variant="secondary"
                      label={`Reset password: ${admin.Username}`}
                      onClick={() => setPending({ kind: 'reset', admin })}
                    >
                      Reset password
                    </RowButton>
                    {admin.Active ? null : (
                      <RowButton
                        variant="primary"
                        label={`Enable ${admin.Username}`}
                        onClick={() => setPending({ kind: 'enable', admin })}
                      >
                        Enable
                      </RowButton>
                    )}
                  </ActionsCell>
                </tr>
              ))}
            </tbody>
          </StaffTable>
        )}
      </section>
      <RegulatorsSection adminId={adminId} />
      {pending ? (
        <ConfirmDialog
          title={pending.kind === 'reset' ? 'Reset password' : CHANGE[pending.kind].title}
          confirmLabel={pending.kind === 'reset' ? 'Reset password' : CHANGE[pending.kind].verb}
          onConfirm={() => act(pending)}
          onClose={() => setPending(null)}
        >
          <p>
            <strong>{pending.admin.Username}</strong> ({pending.admin.Email}){' '}
            {pending.kind === 'reset'
              ? 'gets a new password, shown to you once; their sessions end now.'
              : CHANGE[pending.kind].text}
            .
          </p>
        </ConfirmDialog>
      ) : null}
      {newPassword ? (
        <Modal
          title="New password"
          onClose={() => setNewPassword(null)}
          footer={
            <button type="button" className="button button--primary" onClick={() => setNewPassword(null)}>
              Done
            </button>
          }
        >
          <p>{messages.admins.passwordReset}</p>
          <p>
            {newPassword.admin.Username}: <code className="one-time-password">{newPassword.password}</code>
          </p>
        </Modal>
      ) : null}
    </>
  );
}

const EMPTY = { username: '', email: '', password: '', role: 'admin' };

function CreateAdminForm({ adminId, onCreated }: { adminId: string; onCreated: () => void }) {
  const [fields, setFields] = useState(EMPTY);
  const { sending, onSubmit } = useFormSubmit({
    check: (): Checked<CreateAdminRequest> =>
      fields.username.trim() && fields.email.trim() && fields.password
        ? {
            body: {
              username: fields.username,
              email: fields.email,
              password: fields.password,
              super_admin: fields.role === 'super',
            },
          }
        : { error: messages.validation.allFieldsStar },
    send: async (body) => {
      notifySuccess((await createAdmin(adminId, body)).message);
      setFields(EMPTY);
      onCreated();
    },
    failure: (error) => errorMessage(error, messages.generic.unexpected),
  });
  return (
    <form className="staff-card form" noValidate onSubmit={onSubmit} aria-labelledby="create-admin-heading">
      <h2 id="create-admin-heading">New admin</h2>
      <FormField
        label="Username"
        value={fields.username}
        onChange={(username) => setFields({ ...fields, username })}
        mandatory
      />
      <FormField
        label="Email"
        type="email"
        value={fields.email}
        onChange={(email) => setFields({ ...fields, email })}
        mandatory
      />
      <PasswordField
        value={fields.password}
        onChange={(password) => setFields({ ...fields, password })}
        mandatory
        note="At least 8 characters"
      />
      <fieldset className="field">
        <legend>Role</legend>
        {[
          ['admin', 'Admin (Overview and Winner)'],
          ['super', 'Super admin (everything)'],
        ].map(([value, label]) => (
          <label key={value} className="field--inline">
            <input
              type="radio"
              name="admin-role"
              value={value}
              checked={fields.role === value}
              onChange={() => setFields({ ...fields, role: value! })}
            />{' '}
            {label}
          </label>
        ))}
      </fieldset>
      <div className="staff-form-actions">
        <SubmitButton label="Create admin" busyLabel="Creating admin..." sending={sending} />
      </div>
    </form>
  );
}
