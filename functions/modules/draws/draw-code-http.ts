import { onAirMessages } from '@shared/on-air-messages';
import type { DrawByCodeAnswer } from '@shared/api/schemas/on-air';
import { normalizeDrawCode } from '@shared/fairness/draw-code';
import { drawRecordPagePath } from '@shared/fairness/record-page';
import { formatGmtMoment } from '@shared/dates';
import { badRequest, notFound } from '../../platform/errors';
import type { HttpApp } from '../../platform/http-app';
import { callerTicketsIn, drawFactsByCode, type DrawCodeFacts } from './draw-code-facts';

/** A draw by the code read on air (issue 36): the short record `/d/<code>` reads it. */
export function registerDrawCodeRoutes(app: HttpApp<'public'>): void {
  app.on('publicDrawByCode', async (request) => {
    const code = normalizeDrawCode(request.params.code ?? '');
    if (!code) throw badRequest(onAirMessages.badCode);
    const facts = await drawFactsByCode(code, request.now);
    if (!facts) throw notFound(onAirMessages.noSuchCode);
    return drawByCodeAnswer(facts);
  });
}

const drawByCodeAnswer = (facts: DrawCodeFacts): DrawByCodeAnswer => ({
  draw_code: facts.code,
  draw_id: facts.drawId,
  status: facts.status,
  game: facts.game,
  title: facts.title,
  entry_count: facts.entryCount,
  closed_at: facts.closedAt,
  round_at: facts.roundAt ?? null,
  winner: facts.winner ?? null,
  winning_seq: facts.record?.winningSeq ?? null,
  record_path: facts.record ? drawRecordPagePath(facts.record.id) : null,
});

/**
 * USSD "Check a draw" and the `DRAW <code>` SMS keyword: the same facts as `/d/<code>` in one GSM-7
 * line, with how many of the caller's own tickets were in the draw.
 */
export async function drawCheckText(typed: string, msisdn: string, now: Date): Promise<string> {
  const code = normalizeDrawCode(typed);
  if (!code) return onAirMessages.badCode;
  const facts = await drawFactsByCode(code, now);
  if (!facts) return onAirMessages.noSuchCode;
  return onAirMessages.facts({
    title: facts.title,
    entries: facts.entryCount,
    closedAt: formatGmtMoment(facts.closedAt),
    mine: await callerTicketsIn(facts, msisdn),
    winner: facts.winner ?? null,
  });
}
