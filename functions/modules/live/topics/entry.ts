import { messages } from '@shared/messages';
import { topicEvents, topicNames } from '@shared/topics';
import { readEntryStatus } from '../../entries';
import { entityOf, type ItemChange } from '../../../platform/item-change';
import { defineTopic, TopicRefusal } from '../topic-definition';

/**
 * `entry/:id`: one web entry's status — the same body GET /api/v1/entries/:id
 * answers (modules/entries/entry-status.ts, one builder) — for the page that
 * started it, anonymous (shared/topics.ts says why the id suffices). Sent on
 * subscribe and again when the entry's status or ticket changes (pending →
 * paid or failed, a late payment's revival). An id no entry has is refused
 * with the route's own 404 text, and nothing else is said.
 *
 * Its subscriptions are listed per topic: each entry's change looks up the
 * watchers of that one entry on its own index key, never a key every entry
 * shares (issue 32: no hot key at the surge's rate).
 */
export const entryTopic = defineTopic('entry', {
  listing: 'topic',
  async snapshot({ id }) {
    const status = await readEntryStatus(id ?? '');
    if (!status) throw new TopicRefusal(messages.refusals.noSuchEntry);
    return [topicEvents('entry').status(status)];
  },
  affectedBy(change: ItemChange) {
    const { oldImage: before, newImage: after } = change;
    // a USSD entry has no page to tell, and a new entry's page subscribes after it is stored (its snapshot)
    if (entityOf(change) !== 'entry' || !before || !after || after.channel !== 'web') return [];
    const moved = before.status !== after.status || before.ticketNumber !== after.ticketNumber;
    return moved && typeof after.id === 'string' ? [topicNames.entry(after.id)] : [];
  },
});
