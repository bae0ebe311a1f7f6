import { AnnouncerSearchList } from '../components/announcers/AnnouncerSearchList';
import { CreateAnnouncerForm } from '../components/announcers/CreateAnnouncerForm';

/** create-announcer (spec section 2): the Create Announcer form and the searchable announcer list. */
export function CreateAnnouncerScreen() {
  return (
    <>
      <h1 className="staff-title">Create Announcer</h1>
      <CreateAnnouncerForm heading="New announcer" />
      <AnnouncerSearchList heading="Announcers" />
    </>
  );
}
