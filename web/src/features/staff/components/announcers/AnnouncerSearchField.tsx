import { SearchField } from '@web/components/staff/SearchField';

/** Both announcer lists' search box (spec section 2): username, email, partner search string or mobile money number. */
export function AnnouncerSearchField({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  return (
    <SearchField
      label="Search announcers by username, email, partner search string or mobile money number"
      placeholder="Search announcers"
      value={value}
      onChange={onChange}
    />
  );
}

/** Both announcer lists' empty state. */
export function NoAnnouncers() {
  return (
    <p className="empty" role="status">
      No announcers found
    </p>
  );
}
