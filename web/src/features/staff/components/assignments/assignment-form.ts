import {
  ASSIGNMENT_FIELDS,
  assignmentBody,
  USSD_SERVERS,
  type AssignmentGroup,
  type AssignmentRecord,
  type UssdServer,
} from '@shared/api/schemas/catalog';
import { messages } from '@shared/messages';
import { formatMoney } from '@shared/money';
import type { AssignmentBody } from '@web/features/staff/api/assignments';

/** The dialog's fields as typed (all text until checked). */
export type AssignmentForm = Record<(typeof ASSIGNMENT_FIELDS)[number], string>;

/** Spec section 9: one USSD server per mobile network operator (DESIGN section 1). */
const SERVER_LABELS: Record<UssdServer, string> = {
  lonestar: 'Lonestar Cell MTN',
  orange: 'Orange Liberia',
};
export const SERVER_OPTIONS = USSD_SERVERS.map((value) => ({ value, label: SERVER_LABELS[value] }));

export const serverLabel = (server: string) => SERVER_LABELS[server as UssdServer] ?? server;

/**
 * What the server choice restricts, said on the form (DESIGN section 4: the server is the USSD gateway and
 * mobile network; entry refuses another network's number by USSD and on the web alike).
 */
export const serverNote = (server: string): string =>
  server in SERVER_LABELS
    ? `Only ${serverLabel(server)} numbers can enter this promotion, by USSD and on the web.`
    : 'The mobile network this promotion is open to: only its numbers can enter, by USSD and on the web.';

export const emptyAssignment: AssignmentForm = {
  partner: '',
  promotion: '',
  partner_percentage: '',
  announcer_percentage: '',
  shared_code: '',
  server: '',
  threshold: '',
  starting_threshold: '',
  winner_amount: '',
};

/** Update mode starts from the assignment's current terms. */
export function assignmentFormOf(a: AssignmentRecord): AssignmentForm {
  return {
    partner: a.Partner,
    promotion: a.Promotion.ID,
    partner_percentage: String(a.PartnerPercentage),
    announcer_percentage: String(a.AnnouncerPercentage),
    shared_code: a.SharedCode,
    server: a.Server,
    threshold: String(a.Threshold),
    starting_threshold: String(a.StartingThreshold),
    winner_amount: a.WinnerAmount,
  };
}

/**
 * Spec section 5 "Partner promotion": every field required, else 'Please fill
 * in all fields.'; percentages 0–100, else 'Percentage must be a valid number
 * between 0 and 100.'; thresholds whole numbers ≥ 0; the winner amount an
 * amount ≥ 0; the server one of the two. The rules are the API's own schema,
 * so the dialog and the server cannot disagree.
 */
export function checkAssignment(form: AssignmentForm): { error: string } | { body: AssignmentBody } {
  if (ASSIGNMENT_FIELDS.some((name) => !form[name].trim())) return { error: messages.validation.fillInAllFieldsDot };
  const parsed = assignmentBody.safeParse(form);
  if (!parsed.success) return { error: parsed.error.issues[0]?.message ?? messages.assignment.processingError };
  const terms = parsed.data;
  return {
    body: {
      partner: terms.partner,
      promotion: terms.promotion,
      // basis points back to the wire's percentage number (12.5): a percentage, not money
      partner_percentage: terms.partner_percentage / 100,
      announcer_percentage: terms.announcer_percentage / 100,
      shared_code: terms.shared_code,
      server: terms.server,
      threshold: terms.threshold,
      starting_threshold: terms.starting_threshold,
      winner_amount: formatMoney(terms.winner_amount),
    },
  };
}

/**
 * Spec "Partner Promotions": search by partner (name or code), promotion or
 * shared code. A partner that matches keeps all its promotions; otherwise a
 * group keeps only the promotions that match, and goes when none do.
 */
export function searchAssignments(groups: readonly AssignmentGroup[], query: string): AssignmentGroup[] {
  const needle = query.trim().toLowerCase();
  if (!needle) return [...groups];
  const has = (text: string) => text.toLowerCase().includes(needle);
  return groups.flatMap((group) => {
    if (has(group.PartnerUsername) || has(group.PartnerSearchString)) return [group];
    const assignments = group.Assignments.filter((a) => has(a.Promotion.PromotionTitle) || has(a.SharedCode));
    return assignments.length > 0 ? [{ ...group, Assignments: assignments }] : [];
  });
}

/** Promotions this partner is already on (a partner takes each promotion once), but for the one being edited. */
export function takenPromotions(
  groups: readonly AssignmentGroup[],
  partner: string,
  editing?: AssignmentRecord,
): Set<string> {
  const group = groups.find((g) => g.PartnerSearchString === partner);
  return new Set((group?.Assignments ?? []).filter((a) => a.ID !== editing?.ID).map((a) => a.Promotion.ID));
}
