import { GroupedAnnouncerList } from '../components/announcers/GroupedAnnouncerList';

/** list-announcer: Announcers' List, grouped by partner (spec section 2). */
export function ListAnnouncerScreen() {
  return (
    <>
      <h1 className="staff-title">Announcers' List</h1>
      <p className="staff-subtitle">Announcers by partner: check them in or out, pay, edit or delete them.</p>
      <GroupedAnnouncerList />
    </>
  );
}
