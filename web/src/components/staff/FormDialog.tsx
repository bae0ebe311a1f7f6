import type { FormEvent, ReactNode } from 'react';
import { Modal } from './Modal';
import { SubmitButton } from './SubmitButton';

interface SubmitFooterProps {
  /** The form's id: the submit button sits outside it, in the dialog's footer. */
  formId: string;
  submitLabel: string;
  /** The submit button's text while sending. */
  busyLabel: string;
  sending: boolean;
  onCancel: () => void;
}

/** A form dialog's footer: Cancel, and the submit button of the form it names. */
export function SubmitFooter({ formId, submitLabel, busyLabel, sending, onCancel }: SubmitFooterProps) {
  return (
    <>
      <button type="button" className="button button--secondary" onClick={onCancel}>
        Cancel
      </button>
      <SubmitButton form={formId} label={submitLabel} busyLabel={busyLabel} sending={sending} />
    </>
  );
}

interface FormDialogProps extends Omit<SubmitFooterProps, 'onCancel'> {
  title: string;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  onClose: () => void;
  /** More classes beside `form`. */
  formClassName?: string;
  /** The fields. */
  children: ReactNode;
}

/** A staff form in a modal; the form checks its fields itself (noValidate) with the spec's messages. */
export function FormDialog({ title, onSubmit, onClose, formClassName, children, ...footer }: FormDialogProps) {
  return (
    <Modal title={title} onClose={onClose} footer={<SubmitFooter {...footer} onCancel={onClose} />}>
      <form
        id={footer.formId}
        className={formClassName ? `form ${formClassName}` : 'form'}
        noValidate
        onSubmit={onSubmit}
      >
        {children}
      </form>
    </Modal>
  );
}
