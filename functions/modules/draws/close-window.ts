import { drawIdOf } from '@shared/draw-math';
import type { DrawBeacon } from '@shared/fairness/beacon';
import { drawPosition } from '@shared/fairness/draw-method';
import { periodsOf } from '../../platform/periods';
import { beaconOfTarget, beaconTarget } from '../../integrations/beacon';
import { drawCodeOf } from '@shared/fairness/draw-code';
import type { TransactItem } from '../../platform/dynamo';
import type { Assignment, WindowClear } from '../catalog';
import type { Actor, AuditEntry } from '../audit';
import type { LateTail } from './store/draws';
import { getWindowEntry } from '../entries';
import type { DrawKind, DrawRecord } from '../draw-records';
import type { GameKind } from '@shared/games';
import { commitWindowClose, type CloseFailure } from './store/window-close';
import { windowMerkleRoot } from './store/window-frontier';
import { newWindowSeed, type WindowSeed } from '../catalog';

/** Who closes a window: a staff user (with the audit line's where-from) or the scheduler. */
type DrawActor = Actor | 'scheduler';

/** What closing one window means: read first, then committed in one transaction by `closeWindow`. */
export interface WindowClosing {
  /** The assignment as read: its window number and count are what the close is conditioned on. */
  assignment: Assignment;
  /** The closing window's seed (revealed in the record). */
  seed: WindowSeed;
  kind: DrawKind;
  game: GameKind;
  promotionTitle: string;
  /** The winner is drawn among seqs firstSeq..lastSeq (house draws leave out expired tickets). */
  firstSeq: number;
  /** Default windowCount; house draws leave out tickets paid after the draw moment (the late-ticket rule). */
  lastSeq?: number;
  /** Those late tickets (seqs lastSeq+1..windowCount): they open the next window (modules/draws/late-tail.ts). */
  tail?: LateTail;
  /** No winner is drawn (a clear). */
  noWinner?: boolean;
  /** A clear: what becomes of the window's paid entries (carried into the next window, or refunded). */
  clear?: WindowClear;
  prizeLrdCents: number;
  actor: DrawActor;
  /** Audit verb for staff closes, e.g. `draw.conduct`, `draw.clear`. */
  auditAction?: string;
  /** House draws: the marker that makes them once per game and draw day. */
  marker?: { game: string; drawDay: string };
  /** A retried close: the beacon round of the attempt before (the next attempt draws with a later one). */
  afterRound?: number;
  /** Extra conditions that must still hold when the close commits (e.g. the announcer is on duty). */
  checks?: TransactItem[];
  /** A broadcast close: the round is at least this far ahead, so its draw code is read out before the round exists. */
  leadMs?: number;
  /** Told what the close is fixed to (count, root, round, draw code) before the round is waited for. */
  announce?: (fixed: CloseFixed) => Promise<void>;
  /**
   * A broadcast close retried after entries settled into the window while its round was awaited: the
   * attempt before is kept as it was announced (its entries, root, round and draw code, read out on air),
   * and the entries after its count go to the next window as a late tail (`lastSeq` and `tail`). The pick
   * is the one the announced code stands for: later entries cannot change it, so the round may be one
   * already out.
   */
  frozen?: CloseFixed;
  now: Date;
}

/** What a close with a winner is fixed to before its beacon round exists (the broadcast screen shows it). */
export interface CloseFixed {
  drawId: string;
  entryCount: number;
  merkleRoot: string;
  round: number;
  roundAt: string;
  closedAt: string;
  drawCode: string;
}

/** `round`: the beacon round the attempt drew with, for the caller's next attempt (`afterRound`). */
export type CloseResult =
  | { closed: true; record: DrawRecord }
  | { closed: false; failure: CloseFailure; round?: number };

interface DrawPick {
  entryCount: number;
  closedAt: Date;
  merkleRoot: string;
  seq?: number;
  beacon?: DrawBeacon;
  drawCode?: string;
}

/**
 * The pick, as the record will show it (DESIGN section 4, "Fair draws"; method commit-merkle-beacon-1):
 * the window's entries fixed by their Merkle root, then the first beacon round after the close, then the
 * seq the committed seed picks with both; none when there is nothing to draw. Refuses 'unavailable' (503) when the
 * beacon cannot be had: a draw never goes on without it.
 */
async function pickOf(closing: WindowClosing): Promise<DrawPick> {
  const { assignment, seed, firstSeq, frozen } = closing;
  if (frozen) return frozenPickOf(closing, frozen);
  const entryCount = Math.max(0, (closing.lastSeq ?? assignment.windowCount) - firstSeq + 1);
  const merkleRoot = await windowMerkleRoot(assignment);
  if (closing.noWinner || entryCount === 0) return { entryCount, closedAt: closing.now, merkleRoot };
  const target = await beaconTarget(closing.now, closing.afterRound, closing.leadMs);
  const drawId = drawIdOf(assignment.id, assignment.windowNo);
  const drawCode = await drawCodeOf(merkleRoot, target.round);
  const { closedAt } = target;
  await closing.announce?.({
    drawId,
    entryCount,
    merkleRoot,
    round: target.round,
    roundAt: target.roundAt.toISOString(),
    closedAt: closedAt.toISOString(),
    drawCode,
  });
  const beacon = await beaconOfTarget(target);
  const position = await drawPosition({
    method: DRAW_METHOD,
    drawId,
    seedHex: seed.seedHex,
    entryCount,
    merkleRoot,
    beaconRandomness: beacon.randomness,
  });
  return { entryCount, closedAt, merkleRoot, beacon, drawCode, seq: firstSeq - 1 + position };
}

/** The pick of a close kept as it was announced (`WindowClosing.frozen`): its round, root and code again. */
async function frozenPickOf(closing: WindowClosing, frozen: CloseFixed): Promise<DrawPick> {
  const target = { round: frozen.round, roundAt: new Date(frozen.roundAt), closedAt: new Date(frozen.closedAt) };
  const beacon = await beaconOfTarget(target);
  const position = await drawPosition({
    method: DRAW_METHOD,
    drawId: frozen.drawId,
    seedHex: closing.seed.seedHex,
    entryCount: frozen.entryCount,
    merkleRoot: frozen.merkleRoot,
    beaconRandomness: beacon.randomness,
  });
  return {
    entryCount: frozen.entryCount,
    closedAt: target.closedAt,
    merkleRoot: frozen.merkleRoot,
    beacon,
    drawCode: frozen.drawCode,
    seq: closing.firstSeq - 1 + position,
  };
}

/** The method every new draw uses (older records name theirs, or are 'commit-reveal-1'). */
const DRAW_METHOD = 'commit-merkle-beacon-1';

/**
 * Close a draw window (DESIGN section 4) in ONE transaction: the assignment
 * moves to the next window (count 0, new commitment) only if it is still the
 * window that was read with the count that was read; the draw record (seed
 * revealed); the next window's seed; the winning entry marked won; winner and
 * prize counters; the prize's game-ledger line; the house marker; the audit line. Reads one window item,
 * whatever the window's size.
 */
export async function closeWindow(closing: WindowClosing): Promise<CloseResult> {
  const { assignment, seed, now } = closing;
  const at = now.toISOString();
  const drawId = drawIdOf(assignment.id, assignment.windowNo);
  const { entryCount, seq, closedAt, merkleRoot, beacon, drawCode } = await pickOf(closing);
  const winner = seq === undefined ? undefined : await getWindowEntry(assignment.id, assignment.windowNo, seq);
  if (seq !== undefined && !winner)
    throw new Error(`window ${drawId} has no entry at seq ${seq} of ${assignment.windowCount}`);

  const record: DrawRecord = {
    id: drawId,
    assignmentId: assignment.id,
    promotionId: assignment.promotionId,
    partnerId: assignment.partnerId,
    promotionTitle: closing.promotionTitle,
    game: closing.game,
    kind: closing.kind,
    windowNo: assignment.windowNo,
    method: DRAW_METHOD,
    openedAt: seed.createdAt,
    closedAt: closedAt.toISOString(),
    merkleRoot,
    ...(beacon ? { beacon } : {}),
    ...(drawCode ? { drawCode } : {}),
    commitment: seed.commitment,
    seed: seed.seedHex,
    // a frozen close's window ends at its announced count: its root is of those entries, the rest moved on
    windowCount: closing.frozen ? closing.firstSeq - 1 + closing.frozen.entryCount : assignment.windowCount,
    entryCount,
    firstSeq: closing.firstSeq,
    ...(closing.lastSeq !== undefined ? { lastSeq: closing.lastSeq } : {}),
    ...(winner && seq !== undefined
      ? {
          winningSeq: seq,
          winnerEntryId: winner.entryId,
          winnerMsisdn: winner.msisdn,
          winnerTicket: winner.ticketNumber,
          prizeLrdCents: closing.prizeLrdCents,
          payoutStatus: 'pending' as const,
        }
      : {}),
    ...(closing.marker ? { drawDay: closing.marker.drawDay } : {}),
    ...(closing.clear ? { clearMode: closing.clear.mode } : {}),
    drawnAt: at,
    drawnBy: closing.actor === 'scheduler' ? 'scheduler' : closing.actor.actorId,
  };
  const next = newWindowSeed(assignment.id, assignment.windowNo + 1, now);
  const audit: AuditEntry | undefined =
    closing.actor === 'scheduler'
      ? undefined
      : {
          ...closing.actor,
          action: closing.auditAction ?? `draw.${closing.kind}`,
          target: `assignment:${assignment.id}`,
          after: {
            drawId,
            windowNo: record.windowNo,
            entryCount,
            winningSeq: record.winningSeq,
            prizeLrdCents: record.prizeLrdCents,
            ...(closing.clear ? { clearMode: closing.clear.mode, paidTickets: closing.clear.count } : {}),
          },
        };
  const outcome = await commitWindowClose({
    assignment,
    record,
    next,
    ...(closing.kind === 'cleared' ? {} : { lastDrawDay: periodsOf(now).day }),
    ...(closing.clear ? { clear: closing.clear } : {}),
    ...(closing.tail ? { tail: closing.tail } : {}),
    ...(closing.marker ? { marker: closing.marker } : {}),
    ...(closing.checks ? { checks: closing.checks } : {}),
    ...(audit ? { audit } : {}),
    now,
  });
  return outcome.closed ? { closed: true, record } : { closed: false, failure: outcome.failure, round: beacon?.round };
}

/** Jittered backoff between attempts on a contended window, capped at ~80 ms (platform/retry.ts). */
export const WINDOW_BACKOFF = { baseMs: 5, capMs: 80 } as const;
