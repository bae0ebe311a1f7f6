import { useEffect, useRef, useState } from 'react';
import { updateAnnouncerRequired, type AnnouncerRecord } from '@shared/api/schemas/staff';
import { messages } from '@shared/messages';
import { SubmitFooter } from '@web/components/staff/FormDialog';
import { Modal } from '@web/components/staff/Modal';
import { useFormFields } from '@web/hooks/use-form-fields';
import { requireFilled, useFormSubmit } from '@web/hooks/use-form-submit';
import { errorMessage } from '@web/lib/api-client';
import { playSuccessSound } from '@web/lib/sounds';
import { updateAnnouncer } from '@web/features/staff/api/announcers';
import { useAdmin } from '@web/hooks/use-admin';
import { AnnouncerFieldset } from './AnnouncerFieldset';

/** Spec section 9: the announcer-update confirmation shows for 5 seconds. */
const UPDATE_CONFIRMATION_MS = 5000;

/**
 * The update popup (spec sections 2, 4, 5, 8): the announcer's fields and
 * partner; the password may stay empty; username, email, mobile money number
 * and search string are required ('Missing some important fields'). Once
 * saved it shows 'Announcer updated successfully, Please refresh browser!'
 * for 5 seconds, then closes.
 */
export function UpdateAnnouncerModal({ announcer, onClose }: { announcer: AnnouncerRecord; onClose: () => void }) {
  const { adminId } = useAdmin();
  const { fields: form, set } = useFormFields({
    username: announcer.Username,
    email: announcer.Email,
    mobile_money_number: announcer.MobileMoneyNumber,
    search_string: announcer.SearchString,
    partner_search_string: announcer.PartnerSearchString,
    password: '',
  });
  const [saved, setSaved] = useState(false);
  const formId = `update-announcer-${announcer.ID}`;

  // the list re-renders on every live change: the 5 s count must not restart with it
  const close = useRef(onClose);
  close.current = onClose;
  useEffect(() => {
    if (!saved) return undefined;
    const timer = setTimeout(() => close.current(), UPDATE_CONFIRMATION_MS);
    return () => clearTimeout(timer);
  }, [saved]);

  const { sending, onSubmit } = useFormSubmit({
    check: () =>
      requireFilled({ id: announcer.ID, ...form }, updateAnnouncerRequired, messages.validation.missingImportantFields),
    send: async (body) => {
      await updateAnnouncer(adminId, body);
      playSuccessSound();
      setSaved(true);
    },
    failure: (error) => errorMessage(error, messages.generic.unexpected),
  });

  return (
    <Modal
      title={`Update announcer: ${announcer.Username}`}
      onClose={onClose}
      footer={
        saved ? (
          <button type="button" className="button button--primary" onClick={onClose}>
            Close
          </button>
        ) : (
          <SubmitFooter
            formId={formId}
            submitLabel="Update Announcer"
            busyLabel="Updating..."
            sending={sending}
            onCancel={onClose}
          />
        )
      }
    >
      {saved ? (
        <p className="notice notice--success" role="status">
          {messages.announcer.updated}
        </p>
      ) : (
        <form id={formId} className="form" noValidate onSubmit={onSubmit}>
          <AnnouncerFieldset fields={form} set={set} mode="update" />
        </form>
      )}
    </Modal>
  );
}
