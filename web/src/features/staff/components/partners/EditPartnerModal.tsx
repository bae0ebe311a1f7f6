import type { PartnerRecord } from '@shared/api/schemas/staff';
import { messages } from '@shared/messages';
import { FormDialog } from '@web/components/staff/FormDialog';
import { FormField } from '@web/components/staff/FormField';
import { PasswordField } from '@web/components/staff/PasswordField';
import { useFormFields } from '@web/hooks/use-form-fields';
import { requireFilled, useFormSubmit } from '@web/hooks/use-form-submit';
import { ApiError } from '@web/lib/api-client';
import { notifySuccess } from '@web/lib/toast';
import { updatePartner } from '@web/features/staff/api/partners';
import { useAdmin } from '@web/hooks/use-admin';

const REQUIRED = ['username', 'email', 'mobile_money_number', 'search_string'] as const;

/**
 * Edit partner (spec section 4 "Edit partner"): pre-filled with the partner's
 * data and an empty password (empty keeps the old one); saving closes it.
 * A failure shows the server's error, with no fallback text (spec section 8).
 */
export function EditPartnerModal({ partner, onClose }: { partner: PartnerRecord; onClose: () => void }) {
  const { adminId } = useAdmin();
  const { fields: form, set } = useFormFields({
    username: partner.Username,
    email: partner.Email,
    mobile_money_number: partner.MobileMoneyNumber,
    search_string: partner.SearchString,
    password: '',
  });
  const { sending, onSubmit } = useFormSubmit({
    check: () => requireFilled(form, REQUIRED, messages.validation.missingImportantFields),
    send: async (body) => {
      await updatePartner(adminId, { id: partner.ID, ...body });
      notifySuccess(messages.partner.updated);
      onClose();
    },
    failure: serverErrorOf,
  });

  return (
    <FormDialog
      title={`Update partner: ${partner.Username}`}
      formId={`edit-partner-${partner.ID}`}
      submitLabel="Save Changes"
      busyLabel="Saving..."
      sending={sending}
      onSubmit={onSubmit}
      onClose={onClose}
    >
      <FormField label="Username" mandatory value={form.username} onChange={set('username')} />
      <FormField label="Email" mandatory type="email" value={form.email} onChange={set('email')} />
      <FormField
        label="Mobile Money Number"
        mandatory
        type="tel"
        value={form.mobile_money_number}
        onChange={set('mobile_money_number')}
      />
      <FormField label="Search String" mandatory value={form.search_string} onChange={set('search_string')} />
      <PasswordField
        value={form.password}
        onChange={set('password')}
        note="Leave empty to keep the current password."
      />
    </FormDialog>
  );
}

/** Spec section 8: update partner shows the server's error with no fallback; without one, what went wrong. */
function serverErrorOf(error: unknown): string {
  if (error instanceof ApiError) return error.serverMessage ?? error.message;
  return error instanceof Error ? error.message : String(error);
}
