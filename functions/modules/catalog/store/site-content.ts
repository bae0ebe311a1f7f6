import { randomBytes } from 'node:crypto';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { messages } from '@shared/messages';
import {
  type Announcement,
  type AnnouncementBody,
  type ContactDetails,
  PUBLIC_ANNOUNCEMENTS,
} from '@shared/api/schemas/site-content';
import { commitAll, commitIfConditionsHold, db, queryAll, tableName } from '../../../platform/dynamo';
import { refuseMissing } from '../../../platform/refusal';
import { keys } from '../../../platform/store/keys';
import { auditWrite, type Actor } from '../../audit';

/**
 * The site's content (issue 35 item 7) in one partition, SITE: the
 * announcements (sk ANN#<id>, the id led by the moment it was posted, so
 * the partition reads newest first backwards) and the contact item (sk
 * CONTACT, which sorts after every ANN#). The public read is one query.
 */
const NO_CONTACT: ContactDetails = { phone: null, whatsapp: null, email: null, services_phone: null };

/** A new announcement's id: the posting moment (sortable) and a random tail. */
const newId = (now: Date): string => `${now.toISOString().replace(/\D/g, '')}-${randomBytes(4).toString('hex')}`;

const toAnnouncement = (item: Record<string, unknown>): Announcement => ({
  id: String(item.id),
  type: item.type as Announcement['type'],
  title: String(item.title),
  message: String(item.message),
  date: String(item.date),
});

const toContact = (item: Record<string, unknown> | undefined): ContactDetails =>
  item
    ? {
        phone: (item.phone as string | null) ?? null,
        whatsapp: (item.whatsapp as string | null) ?? null,
        email: (item.email as string | null) ?? null,
        services_phone: (item.services_phone as string | null) ?? null,
      }
    : NO_CONTACT;

/** Every announcement, newest first (an admin's list: a handful). */
export async function listAnnouncements(): Promise<Announcement[]> {
  const items = await queryAll({
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :ann)',
    ExpressionAttributeValues: { ':pk': keys.siteContent, ':ann': 'ANN#' },
    ScanIndexForward: false,
  });
  return items.map(toAnnouncement);
}

/** The public read: the contact item and the newest announcements, in one query of the partition's end. */
export async function publicSiteContent(): Promise<{ announcements: Announcement[]; contact: ContactDetails }> {
  const items = await queryAll(
    {
      KeyConditionExpression: 'pk = :pk',
      ExpressionAttributeValues: { ':pk': keys.siteContent },
      ScanIndexForward: false,
    },
    PUBLIC_ANNOUNCEMENTS + 1,
  );
  const contact = items.find((item) => item.sk === keys.contact.sk);
  const announcements = items.filter((item) => item !== contact).slice(0, PUBLIC_ANNOUNCEMENTS);
  return { announcements: announcements.map(toAnnouncement), contact: toContact(contact) };
}

async function getAnnouncement(id: string): Promise<Announcement | undefined> {
  const result = await db().send(new GetCommand({ TableName: tableName(), Key: keys.announcement(id) }));
  return result.Item ? toAnnouncement(result.Item) : undefined;
}

const notFound = () => refuseMissing(messages.siteContent.announcementNotFound);

export async function createAnnouncement(input: AnnouncementBody, actor: Actor, now: Date): Promise<Announcement> {
  const announcement: Announcement = { id: newId(now), ...input, date: now.toISOString().slice(0, 10) };
  await commitAll([
    {
      Put: {
        TableName: tableName(),
        Item: { ...keys.announcement(announcement.id), entity: 'announcement', ...announcement },
        ConditionExpression: 'attribute_not_exists(pk)',
      },
    },
    auditWrite(
      { ...actor, action: 'announcement.create', target: `announcement:${announcement.id}`, after: announcement },
      now,
    ),
  ]);
  return announcement;
}

/** Edit the type, title and message; the date stays the day it was posted. 404 if gone. */
export async function updateAnnouncement(
  id: string,
  input: AnnouncementBody,
  actor: Actor,
  now: Date,
): Promise<Announcement> {
  const before = await getAnnouncement(id);
  if (!before) throw notFound();
  const after: Announcement = { ...before, ...input };
  const committed = await commitIfConditionsHold([
    {
      Put: {
        TableName: tableName(),
        Item: { ...keys.announcement(id), entity: 'announcement', ...after },
        ConditionExpression: 'attribute_exists(pk)',
      },
    },
    auditWrite({ ...actor, action: 'announcement.update', target: `announcement:${id}`, before, after }, now),
  ]);
  if (!committed) throw notFound();
  return after;
}

export async function deleteAnnouncement(id: string, actor: Actor, now: Date): Promise<void> {
  const before = await getAnnouncement(id);
  if (!before) throw notFound();
  const committed = await commitIfConditionsHold([
    { Delete: { TableName: tableName(), Key: keys.announcement(id), ConditionExpression: 'attribute_exists(pk)' } },
    auditWrite({ ...actor, action: 'announcement.delete', target: `announcement:${id}`, before }, now),
  ]);
  if (!committed) throw notFound();
}

export async function getContact(): Promise<ContactDetails> {
  const result = await db().send(new GetCommand({ TableName: tableName(), Key: keys.contact }));
  return toContact(result.Item);
}

export async function putContact(contact: ContactDetails, actor: Actor, now: Date): Promise<ContactDetails> {
  const before = await getContact();
  await commitAll([
    {
      Put: {
        TableName: tableName(),
        Item: { ...keys.contact, entity: 'contact', ...contact, updatedAt: now.toISOString() },
      },
    },
    auditWrite({ ...actor, action: 'contact.update', target: 'settings:contact', before, after: contact }, now),
  ]);
  return contact;
}
