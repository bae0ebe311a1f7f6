/** A staff form's submit button: disabled while sending, with the spec's 'Creating...'-style text. */
export function SubmitButton({
  label,
  busyLabel,
  sending,
  form,
}: {
  label: string;
  busyLabel: string;
  sending: boolean;
  form?: string;
}) {
  return (
    <button type="submit" form={form} className="button button--primary" disabled={sending}>
      {sending ? busyLabel : label}
    </button>
  );
}
