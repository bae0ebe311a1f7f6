import { useEffect, useMemo, useState } from 'react';
import type { AssignmentGroup, AssignmentRecord } from '@shared/api/schemas/catalog';
import { messages } from '@shared/messages';
import { FormDialog } from '@web/components/staff/FormDialog';
import { FormField } from '@web/components/staff/FormField';
import { SelectField, type Option } from '@web/components/staff/SelectField';
import { useFormSubmit } from '@web/hooks/use-form-submit';
import { errorMessage } from '@web/lib/api-client';
import { notifyError, notifySuccess } from '@web/lib/toast';
import { assignPartnerPromotion, updatePartnerPromotion } from '@web/features/staff/api/assignments';
import { usePartnerOptions } from '@web/features/staff/hooks/use-partner-options';
import {
  assignmentFormOf,
  checkAssignment,
  emptyAssignment,
  SERVER_OPTIONS,
  serverNote,
  takenPromotions,
  type AssignmentForm,
} from './assignment-form';
import { usePromotionOptions } from '@web/features/catalog';

export type AssignmentDialogMode = { mode: 'create' } | { mode: 'update'; assignment: AssignmentRecord };

interface AssignmentDialogProps {
  adminId: string;
  state: AssignmentDialogMode;
  /** The live groups, to leave out promotions the chosen partner already runs. */
  groups: readonly AssignmentGroup[];
  onClose: () => void;
}

const OPTIONS_TOAST_ID = 'assignment-options-failed';

/**
 * The create/update dialog (spec sections 2, 4 "Assignment dialog: create
 * mode or update mode", 5, 7). Partners come from the live partner-options
 * topic; promotions, which have no topic, are polled while it is open.
 */
export function AssignmentDialog({ adminId, state, groups, onClose }: AssignmentDialogProps) {
  const editing = state.mode === 'update' ? state.assignment : undefined;
  const [form, setForm] = useState<AssignmentForm>(() => (editing ? assignmentFormOf(editing) : emptyAssignment));
  const partners = usePartnerOptions();
  const promotions = usePromotionOptions(adminId);

  // Spec section 8: 'Failed to load partners or promotions.' once per failure, not on every poll.
  const optionsFailed = promotions.failed || partners.refused !== null;
  useEffect(() => {
    if (optionsFailed) notifyError(messages.assignment.loadOptionsFailed, { id: OPTIONS_TOAST_ID });
  }, [optionsFailed]);

  const partnerOptions = useMemo<Option[]>(() => {
    const list = (partners.items ?? []).filter((o) => o.value);
    if (editing && !list.some((o) => o.value === editing.Partner)) {
      list.unshift({ value: editing.Partner, label: editing.PartnerUsername || editing.Partner });
    }
    return list;
  }, [partners.items, editing]);

  const promotionOptions = useMemo<Option[]>(() => {
    const taken = takenPromotions(groups, form.partner, editing);
    const list = (promotions.promotions ?? [])
      .filter((p) => !taken.has(p.ID))
      .map((p) => ({ value: p.ID, label: p.promotion_title }));
    if (editing && !list.some((o) => o.value === editing.Promotion.ID)) {
      list.unshift({ value: editing.Promotion.ID, label: editing.Promotion.PromotionTitle });
    }
    return list;
  }, [promotions.promotions, groups, form.partner, editing]);

  const set = (name: keyof AssignmentForm) => (value: string) => setForm((f) => ({ ...f, [name]: value }));
  // DESIGN section 4: once entries are paid on it, an assignment keeps its partner and promotion.
  const locked = Boolean(editing && editing.PaidEntries > 0);

  const { sending, onSubmit } = useFormSubmit({
    check: () => checkAssignment(form),
    send: async (body) => {
      if (editing) {
        await updatePartnerPromotion(adminId, editing.ID, body);
        notifySuccess(messages.assignment.updated);
      } else {
        await assignPartnerPromotion(adminId, body);
        notifySuccess(messages.assignment.assigned);
      }
      onClose();
    },
    failure: (error) => errorMessage(error, messages.assignment.processingError),
  });

  return (
    <FormDialog
      title={editing ? 'Update Partner Promotion' : 'Assign Partner Promotion'}
      formId={editing ? 'assignment-update-form' : 'assignment-create-form'}
      submitLabel={editing ? 'Update' : 'Assign'}
      busyLabel={editing ? 'Updating...' : 'Assigning...'}
      sending={sending}
      onSubmit={onSubmit}
      onClose={onClose}
      formClassName="assignment-form"
    >
      <SelectField
        label="Partner"
        value={form.partner}
        onChange={set('partner')}
        options={partnerOptions}
        placeholder={partners.items ? 'Select a partner' : 'Loading partners…'}
        disabled={locked}
      />
      <SelectField
        label="Promotion"
        value={form.promotion}
        onChange={set('promotion')}
        options={promotionOptions}
        placeholder={promotions.promotions ? 'Select a promotion' : 'Loading promotions…'}
        disabled={locked}
        note={locked ? 'It has paid entries: its partner and promotion can no longer change.' : undefined}
      />
      <div className="assignment-form__pair">
        <FormField
          label="Partner percentage"
          required
          inputMode="decimal"
          value={form.partner_percentage}
          onChange={set('partner_percentage')}
        />
        <FormField
          label="Announcer percentage"
          required
          inputMode="decimal"
          value={form.announcer_percentage}
          onChange={set('announcer_percentage')}
        />
      </div>
      <div className="assignment-form__pair">
        <FormField
          label="Shared code"
          required
          inputMode="numeric"
          value={form.shared_code}
          onChange={set('shared_code')}
          note="3 to 10 digits players dial or type."
        />
        <SelectField
          label="USSD server"
          value={form.server}
          onChange={set('server')}
          options={SERVER_OPTIONS}
          placeholder="Select a server"
          note={serverNote(form.server)}
        />
      </div>
      <div className="assignment-form__pair">
        <FormField label="Threshold" required inputMode="numeric" value={form.threshold} onChange={set('threshold')} />
        <FormField
          label="Starting threshold"
          required
          inputMode="numeric"
          value={form.starting_threshold}
          onChange={set('starting_threshold')}
          note="Entries the first draw of a day needs."
        />
      </div>
      <FormField
        label="Winner amount (LRD)"
        required
        inputMode="decimal"
        value={form.winner_amount}
        onChange={set('winner_amount')}
      />
    </FormDialog>
  );
}
