import { messages } from '@shared/messages';
import { topicEvents, topicNames } from '@shared/topics';
import { entryWatchersToTell, readEntryStatus, unwatchEntry, watchEntry } from '../../entries';
import { defineTopic, TopicRefusal } from '../topic-definition';

/**
 * `entry/:id`: one web entry's status — the same body GET /api/v1/entries/:id
 * answers (modules/entries/entry-status.ts, one builder) — for the page that
 * started it, anonymous (shared/topics.ts says why the id suffices). Sent on
 * subscribe and again when the entry's status or ticket changes (pending →
 * paid or failed, a late payment's revival). An id no entry has is refused
 * with the route's own 404 text, and nothing else is said.
 *
 * Its watchers are kept on the entry itself (modules/entries
 * store/entry-watchers.ts), not as subscriptions: a page's socket costs ONE
 * write of its entry (issue 32), whether it named its entry when it
 * connected (`/ws?entry=<id>`, functions/lambdas/ws.ts) or subscribed, and
 * each change of the entry carries whom to tell — no index, no hot key, no
 * read. A socket that named its entry when connecting is sent the status by
 * the fan-out (a socket cannot be written to before its $connect answers).
 */
export const entryTopic = defineTopic('entry', {
  async snapshot({ id }) {
    const status = await readEntryStatus(id ?? '');
    if (!status) throw new TopicRefusal(messages.refusals.noSuchEntry);
    return [topicEvents('entry').status(status)];
  },
  // the entry's own changes tell its watchers (`watchers.toTell`): nothing for the subscriptions' fan-out
  affectedBy: () => [],
  watchers: {
    async watch({ id }, connectionId) {
      const outcome = await watchEntry(id ?? '', connectionId);
      if (outcome === 'missing') throw new TopicRefusal(messages.refusals.noSuchEntry);
      return outcome;
    },
    unwatch: ({ id }, connectionId) => unwatchEntry(id ?? '', connectionId),
    toTell(change) {
      const told = entryWatchersToTell(change);
      return told && { topic: topicNames.entry(told.entryId), connectionIds: told.connectionIds };
    },
  },
});
