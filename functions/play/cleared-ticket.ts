import type { TicketOutcome } from '../../shared/api/schemas/play';
import { drawIdOf } from '../../shared/draw-math';
import { messages } from '../../shared/messages';
import { getDraw } from '../store/draws';
import type { Entry } from '../store/entries';

/**
 * The ticket check's truth about a ticket whose draw was cleared (DESIGN section 4 "Clear draw"): a
 * carried ticket is valid and waiting for the next draw, never "Not a winner". Undefined for any other
 * ticket. `windowClosed`: the entry's window (as stored on it) is no longer open.
 */
export async function clearedTicketAnswer(entry: Entry, windowClosed: boolean): Promise<{ outcome: TicketOutcome; message: string } | undefined> {
  if (entry.game !== 'partner') return undefined;
  if (!windowClosed) return entry.carriedAt ? { outcome: 'waiting', message: messages.clearDraw.carriedTicket } : undefined;
  // closed: its window was cleared and the clear is still carrying it into the next one
  const draw = await getDraw(drawIdOf(entry.assignmentId, entry.windowNo ?? 0));
  if (draw?.kind === 'cleared' && draw.clearMode === 'carry') return { outcome: 'waiting', message: messages.clearDraw.carriedTicket };
  return undefined;
}
