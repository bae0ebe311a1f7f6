import type { ClearedDraw } from '@shared/api/schemas/dashboards';
import { messages } from '@shared/messages';
import { dateTime } from '@web/lib/staff-dates';

/**
 * Today's clears of the partner's draws, on the partner's and its announcers' dashboards (issue 34: a clear used
 * to happen without a word to them). Live: the dashboard topic refreshes on the clear's draw record.
 */
export function ClearedDrawNotices({ cleared }: { cleared: readonly ClearedDraw[] }) {
  if (cleared.length === 0) return null;
  return (
    <div role="status" className="cleared-notices">
      {cleared.map((clear) => (
        <p key={clear.draw_id} className="notice notice--info" data-cleared-draw={clear.draw_id}>
          {messages.clearDraw.clearedNotice(
            clear.promotion_title,
            dateTime(clear.cleared_at),
            clear.tickets,
            clear.mode,
          )}
        </p>
      ))}
    </div>
  );
}
