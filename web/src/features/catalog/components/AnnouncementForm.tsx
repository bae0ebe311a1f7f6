import { useId, useState } from 'react';
import {
  ANNOUNCEMENT_MESSAGE_MAX,
  ANNOUNCEMENT_TITLE_MAX,
  ANNOUNCEMENT_TYPES,
  type Announcement,
  type AnnouncementBody,
  type AnnouncementType,
} from '@shared/api/schemas/site-content';
import { messages } from '@shared/messages';
import { Field, FormField } from '@web/components/staff/FormField';
import { SelectField } from '@web/components/staff/SelectField';
import { SubmitButton } from '@web/components/staff/SubmitButton';
import { requireFilled, useFormSubmit } from '@web/hooks/use-form-submit';
import { errorMessage } from '@web/lib/api-client';

export const ANNOUNCEMENT_TYPE_LABEL: Record<AnnouncementType, string> = {
  important: 'Important',
  winner: 'Winners',
  update: 'Update',
};
const TYPE_OPTIONS = ANNOUNCEMENT_TYPES.map((type) => ({ value: type, label: ANNOUNCEMENT_TYPE_LABEL[type] }));

interface AnnouncementFormProps {
  /** The announcement being edited; none: a new one. */
  editing: Announcement | null;
  onSave: (body: AnnouncementBody) => Promise<void>;
  onCancel: () => void;
}

/** Posts a new announcement or edits one (type, title, message; the date is the day it was posted). */
export function AnnouncementForm({ editing, onSave, onCancel }: AnnouncementFormProps) {
  const messageId = useId();
  const [type, setType] = useState<string>(editing?.type ?? 'update');
  const [title, setTitle] = useState(editing?.title ?? '');
  const [message, setMessage] = useState(editing?.message ?? '');
  const { sending, onSubmit } = useFormSubmit({
    check: () =>
      requireFilled(
        { type: type as AnnouncementType, title, message },
        ['title', 'message'],
        messages.validation.fillInAllFields,
      ),
    send: async (body) => {
      await onSave(body);
      if (!editing) {
        setTitle('');
        setMessage('');
      }
    },
    failure: (error) => errorMessage(error, messages.generic.unexpected),
  });
  const heading = editing ? 'Edit announcement' : 'New announcement';
  return (
    <form className="staff-card" aria-label={heading} onSubmit={onSubmit} noValidate>
      <h2>{heading}</h2>
      <SelectField label="Type" value={type} onChange={setType} options={TYPE_OPTIONS} />
      <FormField label="Title" required maxLength={ANNOUNCEMENT_TITLE_MAX} value={title} onChange={setTitle} />
      <Field id={messageId} label="Message">
        <textarea
          id={messageId}
          rows={3}
          aria-required="true"
          maxLength={ANNOUNCEMENT_MESSAGE_MAX}
          value={message}
          onChange={(event) => setMessage(event.target.value)}
        />
      </Field>
      <div className="staff-form-actions">
        <SubmitButton
          label={editing ? 'Save announcement' : 'Post announcement'}
          busyLabel="Saving..."
          sending={sending}
        />
        {editing ? (
          <button type="button" className="button button--secondary" onClick={onCancel}>
            Cancel
          </button>
        ) : null}
      </div>
    </form>
  );
}
