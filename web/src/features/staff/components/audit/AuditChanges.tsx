import { auditChanges } from './audit-changes';

/** An audit line's changes, one a line, behind a disclosure ("Changes (2)"); "(no change recorded)" when none. */
export function AuditChanges({ before, after }: { before?: Record<string, unknown>; after?: Record<string, unknown> }) {
  const changes = auditChanges(before, after);
  if (changes.length === 0) return <span className="staff-cell-note">(no change recorded)</span>;
  return (
    <details className="audit-details">
      <summary>Changes ({changes.length})</summary>
      <ul className="audit-changes">
        {changes.map((change) => (
          <li key={change}>{change}</li>
        ))}
      </ul>
    </details>
  );
}
