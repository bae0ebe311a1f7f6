import { describe, expect, it } from 'vitest';
import { topicNames } from '@shared/topics';
import type { ItemChange } from '../../functions/platform/item-change';
import { topicDefinitions } from '../../functions/modules/live/topics';

/**
 * Which changes reach an entry's page, and which of its sockets (issue 32): decided from the stream images
 * alone, no I/O — the entry keeps its watchers. Every topic is asked, so a change of an entry that some
 * other topic claimed as its own would show here too.
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
const watched = (...ids: string[]) => ({ watchers: new Set(ids) });

/** Whom the change tells, by topic: the watchers kept on the item, and any topic's subscribers named. */
const toldOf = (newImage?: Record<string, unknown>, oldImage?: Record<string, unknown>) => {
  const change: ItemChange = { pk: `ENTRY#${ID}`, sk: 'ENTRY', newImage, oldImage };
  const byWatchers = topicDefinitions.flatMap((topic) => {
    const told = topic.watchers?.toTell(change);
    return told ? [told] : [];
  });
  const byName = topicDefinitions.flatMap((topic) => topic.affectedBy(change)).filter((t) => t.startsWith('entry/'));
  return { byWatchers, byName };
};
const tells = (...connectionIds: string[]) => ({
  byWatchers: [{ topic: topicNames.entry(ID), connectionIds }],
  byName: [],
});
const nobody = { byWatchers: [], byName: [] };

describe('entry topic: what a page is pushed, and which sockets', () => {
  it('a web entry paid (with its ticket) or failed tells every socket watching it', () => {
    const before = entry(watched('a', 'b'));
    expect(toldOf(entry({ ...watched('a', 'b'), status: 'paid', ticketNumber: 'T-1' }), before)).toEqual(
      tells('a', 'b'),
    );
    expect(toldOf(entry({ ...watched('a', 'b'), status: 'failed', reason: 'EXPIRED' }), before)).toEqual(
      tells('a', 'b'),
    );
    // a failed entry paid late gets its ticket: told too
    expect(
      toldOf(
        entry({ ...watched('a'), status: 'paid', ticketNumber: 'T-2' }),
        entry({ ...watched('a'), status: 'failed' }),
      ),
    ).toEqual(tells('a'));
  });

  it('a socket that starts watching is told the status, alone; the others hear nothing new', () => {
    expect(toldOf(entry(watched('a', 'b')), entry(watched('a')))).toEqual(tells('b'));
    expect(toldOf(entry(watched('a')), entry({}))).toEqual(tells('a'));
  });

  it('nothing for a change the page does not show, a socket leaving, a deleted entry, a USSD entry, or nobody watching', () => {
    expect(toldOf(entry({ ...watched('a'), confirmedAt: '2027-01-01T00:00:00Z' }), entry(watched('a')))).toEqual(
      nobody,
    );
    expect(toldOf(entry(watched('a')), entry(watched('a', 'b')))).toEqual(nobody);
    expect(toldOf(undefined, entry(watched('a')))).toEqual(nobody);
    expect(
      toldOf(
        entry({ channel: 'ussd', status: 'paid', ticketNumber: 'T-3', ...watched('a') }),
        entry({ channel: 'ussd' }),
      ),
    ).toEqual(nobody);
    expect(toldOf(entry({ status: 'paid', ticketNumber: 'T-4' }), entry({}))).toEqual(nobody);
  });
});
