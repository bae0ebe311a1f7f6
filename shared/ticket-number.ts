/**
 * A ticket number as every player-facing text shows it (DESIGN section 4):
 * the ticket SMS's 4-4-4-2 groups, "6741-5745-9946-86". Server texts (SMS,
 * checker, USSD) and the web import this one function; anything that is not
 * 14 digits is shown as it is.
 */
export function formatTicketNumber(ticket: string): string {
  return ticket.replace(/^(\d{4})(\d{4})(\d{4})(\d{2})$/, '$1-$2-$3-$4');
}
