import type { AnnouncerRecord } from '@shared/api/schemas/staff';
import { messages } from '@shared/messages';
import { errorMessage } from '@web/lib/api-client';
import { notifyError, notifySuccess } from '@web/lib/toast';
import { checkInAnnouncer, checkOutAnnouncer, deleteAnnouncer } from '@web/features/staff/api/announcers';
import { useAdmin } from '@web/hooks/use-admin';
import { useBusyIds } from '@web/features/payouts';

/**
 * Check in, check out and delete an announcer (spec sections 4 and 8), with
 * the spec's texts; both check failures read '❌ Error checking out:'.
 */
export function useAnnouncerActions() {
  const { adminId } = useAdmin();
  const checks = useBusyIds();

  const check = (announcer: AnnouncerRecord, direction: 'in' | 'out') =>
    checks.run(announcer.ID, async () => {
      try {
        if (direction === 'in') {
          await checkInAnnouncer(adminId, announcer.SearchString);
          notifySuccess(`${messages.announcer.checkedIn} ${announcer.Username}`);
        } else {
          await checkOutAnnouncer(adminId, announcer.SearchString);
          notifySuccess(`${messages.announcer.checkedOut} ${announcer.Username}`);
        }
      } catch (error) {
        notifyError(`${messages.announcer.checkFailed} ${errorMessage(error, messages.generic.unexpected)}`);
      }
    });

  const remove = async (announcer: AnnouncerRecord) => {
    try {
      await deleteAnnouncer(adminId, announcer.SearchString);
      notifySuccess(messages.announcer.deleted);
    } catch (error) {
      notifyError(errorMessage(error, messages.generic.unexpected));
    }
  };

  return {
    checking: checks.busy,
    checkIn: (announcer: AnnouncerRecord) => check(announcer, 'in'),
    checkOut: (announcer: AnnouncerRecord) => check(announcer, 'out'),
    remove,
  };
}

export type AnnouncerActions = ReturnType<typeof useAnnouncerActions>;
