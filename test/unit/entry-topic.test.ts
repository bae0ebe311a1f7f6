import { describe, expect, it } from 'vitest';
import { topicNames } from '@shared/topics';
import type { ItemChange } from '../../functions/platform/item-change';
import { topicDefinitions } from '../../functions/modules/live/topics';
import { entryTopic } from '../../functions/modules/live/topics/entry';

/**
 * Which changes reach an entry's page (issue 32): decided from the stream images alone, no I/O. Every
 * topic is asked, so a change of an entry that some other topic claimed as its own would show here too.
 */
const ID = '0b7e4a4c-3f1d-4a8e-9c2b-5d6e7f8a9b0c';
const entry = (fields: Record<string, unknown>) => ({
  pk: `ENTRY#${ID}`,
  sk: 'ENTRY',
  entity: 'entry',
  id: ID,
  channel: 'web',
  status: 'pending',
  ...fields,
});
const entryTopicsOf = (newImage?: Record<string, unknown>, oldImage?: Record<string, unknown>) => {
  const change: ItemChange = { pk: `ENTRY#${ID}`, sk: 'ENTRY', newImage, oldImage };
  return topicDefinitions.flatMap((topic) => topic.affectedBy(change)).filter((t) => t.startsWith('entry/'));
};

describe('entry topic: what a page is pushed', () => {
  it('a web entry paid (with its ticket) or failed is pushed to its own topic', () => {
    expect(entryTopicsOf(entry({ status: 'paid', ticketNumber: 'T-1' }), entry({}))).toEqual([topicNames.entry(ID)]);
    expect(entryTopicsOf(entry({ status: 'failed', reason: 'EXPIRED' }), entry({}))).toEqual([topicNames.entry(ID)]);
    // a failed entry paid late gets its ticket: pushed too
    expect(entryTopicsOf(entry({ status: 'paid', ticketNumber: 'T-2' }), entry({ status: 'failed' }))).toEqual([
      topicNames.entry(ID),
    ]);
  });

  it('nothing for a change the page does not show, a new entry, a deleted one, or a USSD entry', () => {
    expect(entryTopicsOf(entry({ confirmedAt: '2027-01-01T00:00:00Z' }), entry({}))).toEqual([]);
    expect(entryTopicsOf(entry({ promptSentAt: '2027-01-01T00:00:00Z' }), entry({}))).toEqual([]);
    expect(entryTopicsOf(entry({}))).toEqual([]);
    expect(entryTopicsOf(undefined, entry({}))).toEqual([]);
    expect(
      entryTopicsOf(entry({ channel: 'ussd', status: 'paid', ticketNumber: 'T-3' }), entry({ channel: 'ussd' })),
    ).toEqual([]);
  });

  it('lists its subscribers per topic, not under the pattern every entry shares', () => {
    expect(entryTopic.listing).toBe('topic');
    expect(topicDefinitions.filter((topic) => topic.listing === 'topic').map((topic) => topic.key)).toEqual(['entry']);
  });
});
