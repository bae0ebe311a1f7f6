import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseTopicMessage, topicSchemas, topicSnapshotSchema, wireSchemasOf } from '@shared/api/schemas/topics';
import {
  topicCatalogue,
  topicEvents,
  topicKeys,
  topicNames,
  topicOfName,
  topicRef,
  TOPIC_PATTERN,
  type TopicEvent,
} from '@shared/topics';
import { mayRead } from '../../functions/modules/live/topic-definition';
import { resolveTopic, topicDefinitions } from '../../functions/modules/live/topics';
import type { StaffUser } from '../../functions/modules/staff/store/users';

const ROOT = join(__dirname, '..', '..');

function sourceFiles(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.(ts|tsx)$/.test(entry.name) ? [path] : [];
  });
}

const wireNames = [...new Set(topicKeys.flatMap((key) => Object.values(topicCatalogue[key].events) as string[]))];
const quoted = (name: string) => `['"\`]${name.replace(/[-/]/g, '\\$&')}['"\`]`;

/**
 * Ways a topic's event could be named outside the catalogue (shared/topics.ts):
 * a literal given as an event, compared with one, used as a key of a payload
 * map, or a topic watched by name with hand-picked schemas.
 */
const OUTSIDE_CATALOGUE: Array<[string, RegExp]> = [
  ['a literal event', /\bevent\s*:\s*['"`]/],
  ['an event compared with a literal', /(?<!typeof [\w.]*)\.event\s*[!=]==?\s*['"`]/],
  ['a payload read by a literal event name', /\bdata\s*\[\s*['"`]/],
  ['a topic watched by name, not by the catalogue', /\buseTopic\(\s*(topicNames\b|['"`])/],
  ...wireNames.map((name): [string, RegExp] => [
    `the wire name '${name}' as a key`,
    new RegExp(`${quoted(name)}\\s*:`),
  ]),
];

describe('the topic catalogue is the one place topics and events are named (DESIGN section 6)', () => {
  it('no module of functions/ or web/src names an event itself', () => {
    const found = ['functions', 'web/src'].flatMap(sourceFiles).flatMap((file) => {
      const lines = readFileSync(join(ROOT, file), 'utf8').split('\n');
      return lines.flatMap((line, i) =>
        // comments may quote the wire (`{topic, event: 'error', …}`)
        /^\s*(\*|\/\/|\/\*)/.test(line)
          ? []
          : OUTSIDE_CATALOGUE.filter(([, pattern]) => pattern.test(line)).map(
              ([what]) => `${relative(ROOT, join(ROOT, file))}:${i + 1}: ${what}: ${line.trim()}`,
            ),
      );
    });
    expect(found).toEqual([]);
  });

  it('every topic the server serves is a catalogue entry, with the catalogue pattern, and each entry is served once', () => {
    expect(topicDefinitions.map((definition) => definition.key).sort()).toEqual([...topicKeys].sort());
    for (const definition of topicDefinitions) expect(definition.pattern).toBe(topicCatalogue[definition.key].pattern);
  });

  it('every event has a schema and every schema an event, and wire names are unique within a topic', () => {
    for (const key of topicKeys) {
      const events = Object.keys(topicCatalogue[key].events).sort();
      expect(Object.keys(topicSchemas[key]).sort(), key).toEqual(events);
      expect(Object.keys(wireSchemasOf(key)), key).toHaveLength(events.length);
    }
  });

  it('names concrete topics from patterns, and finds the topic and id of a name', () => {
    expect(topicRef('adminOverview').name).toBe('admin/overview');
    expect(topicRef('partnerDashboard', 'p-1').name).toBe('partner/p-1/dashboard');
    expect(topicNames.announcerDashboard('a-1')).toBe('announcer/a-1/dashboard');
    expect(topicNames.adminNotifications(':id')).toBe(topicCatalogue.adminNotifications.pattern);
    expect(topicRef('adminNotifications', 'ad-9')).toEqual({
      key: 'adminNotifications',
      name: 'admin/ad-9/notifications',
    });
    expect(topicOfName('admin/ad-9/notifications')).toEqual({ key: 'adminNotifications', params: { id: 'ad-9' } });
    expect(topicOfName('admin/partners')).toEqual({ key: 'adminPartners', params: {} });
    expect(topicOfName('admin/nothing')).toBeUndefined();
    expect(topicOfName('partner/p-1/ledger')).toBeUndefined();
    // every topic a client can name passes the ws handler's first check
    for (const key of topicKeys)
      expect(TOPIC_PATTERN.test(topicCatalogue[key].pattern.replace(':id', 'u1')), key).toBe(true);
  });

  it('builds events under their wire names, and maps wire names back to code names and schemas', () => {
    expect(topicEvents('adminOverview').today).toBeTypeOf('function');
    expect(topicEvents('adminPartnerOptions').options([{ label: 'Acme', value: 'ACME' }])).toEqual({
      event: 'partner-options',
      data: [{ label: 'Acme', value: 'ACME' }],
    });
    expect(topicEvents('adminDrawList').W([])).toEqual({ event: 'partners_weekly_draw_count', data: [] });
    expect(wireSchemasOf('adminDrawList').house_games?.key).toBe('houseGames');
    expect(wireSchemasOf('adminDrawList').winners).toBeUndefined();
  });

  it('a wrong event or payload does not compile', () => {
    const winners = topicEvents('adminWinners');
    // @ts-expect-error: admin/winners carries no 'partners' event
    const wrongEvent: TopicEvent<'adminWinners'> = { event: 'partners', data: { Partners: [] } };
    // @ts-expect-error: the winners payload is {Winners: [...]}
    const wrongPayload = winners.winners({ Winner: [] });
    // @ts-expect-error: admin/winners has no event built by that name
    expect(() => winners.partners({ Partners: [] })).toThrow(TypeError);
    // the same shapes fail the schema the web parses with
    expect(parseTopicMessage('adminWinners', wrongEvent.event, wrongEvent.data)).toEqual({
      ok: false,
      reason: 'unknown-event',
    });
    expect(parseTopicMessage('adminWinners', wrongPayload.event, wrongPayload.data)).toMatchObject({
      ok: false,
      reason: 'invalid',
    });
  });
});

describe('parsing a topic message (the web boundary)', () => {
  const row = { ID: 'c1', Title: 'Football', PredictionCount: 2 };

  it('a good payload comes back under its code name, parsed', () => {
    expect(parseTopicMessage('adminPredictionCategories', 'prediction-categories', { Categories: [row] })).toEqual({
      ok: true,
      event: 'categories',
      data: { Categories: [row] },
    });
  });

  it('a bad payload is an invalid outcome with the schema error, never a throw', () => {
    const outcome = parseTopicMessage('adminPredictionCategories', 'prediction-categories', { Categories: 'nope' });
    expect(outcome.ok).toBe(false);
    expect(outcome).toMatchObject({ reason: 'invalid' });
    expect(() => parseTopicMessage('adminPredictionCategories', 'prediction-categories', undefined)).not.toThrow();
  });

  it("an event the topic does not carry, or another topic's, is unknown", () => {
    expect(parseTopicMessage('adminPredictionCategories', 'predictions', { Predictions: [] })).toEqual({
      ok: false,
      reason: 'unknown-event',
    });
    expect(parseTopicMessage('adminPredictionCategories', 'error', { error: 'x' })).toEqual({
      ok: false,
      reason: 'unknown-event',
    });
  });

  it("a snapshot's schema accepts the topic's events and refuses any other", () => {
    const snapshot = topicSnapshotSchema('adminDrawList');
    expect(
      snapshot.safeParse([topicEvents('adminDrawList').D([]), topicEvents('adminDrawList').houseGames([])]).success,
    ).toBe(true);
    expect(snapshot.safeParse([{ event: 'winners', data: { Winners: [] } }]).success).toBe(false);
    expect(snapshot.safeParse([{ event: 'house_games', data: 'nope' }]).success).toBe(false);
  });
});

describe("who may subscribe is the catalogue's readers", () => {
  const user = (fields: Partial<StaffUser>) => ({ id: 'u1', role: 'admin', superAdmin: false, ...fields }) as StaffUser;
  const admin = user({});
  const superAdmin = user({ superAdmin: true });
  const partner = user({ role: 'partner' });

  it('every admin, super admins only, or the one user a topic names', () => {
    expect(mayRead(topicCatalogue.adminOverview.readers, admin, {})).toBe(true);
    expect(mayRead(topicCatalogue.adminOverview.readers, partner, {})).toBe(false);
    expect(mayRead(topicCatalogue.adminPartners.readers, admin, {})).toBe(false);
    expect(mayRead(topicCatalogue.adminPartners.readers, superAdmin, {})).toBe(true);
    expect(mayRead(topicCatalogue.partnerDashboard.readers, partner, { id: 'u1' })).toBe(true);
    expect(mayRead(topicCatalogue.partnerDashboard.readers, partner, { id: 'u2' })).toBe(false);
    expect(mayRead(topicCatalogue.partnerDashboard.readers, superAdmin, { id: 'u1' })).toBe(false);
    expect(mayRead(topicCatalogue.adminNotifications.readers, admin, { id: 'u1' })).toBe(true);
    expect(mayRead(topicCatalogue.adminNotifications.readers, superAdmin, { id: 'u2' })).toBe(false);
  });

  it('an anonymous socket (no user) reads only the topics anyone may: an entry, never a staff topic', () => {
    const entry = resolveTopic(topicNames.entry('0b7e4a4c-3f1d-4a8e-9c2b-5d6e7f8a9b0c'))!;
    expect(entry.definition.key).toBe('entry');
    expect(entry.definition.canRead(undefined, entry.params)).toBe(true);
    // a signed-in staff user may follow an entry too: the id is the whole secret
    expect(entry.definition.canRead(admin, entry.params)).toBe(true);
    const staffTopics = topicDefinitions.filter((definition) => definition.key !== 'entry');
    expect(staffTopics.length).toBe(topicKeys.length - 1);
    for (const definition of staffTopics) {
      expect(definition.canRead(undefined, { id: 'u1' }), definition.key).toBe(false);
      expect(mayRead(topicCatalogue[definition.key].readers, undefined, { id: 'u1' }), definition.key).toBe(false);
    }
  });

  it('the server applies them to a topic found by name', () => {
    const found = resolveTopic('admin/u1/notifications')!;
    expect(found.definition.key).toBe('adminNotifications');
    expect(found.definition.canRead(admin, found.params)).toBe(true);
    expect(found.definition.canRead(user({ id: 'u2' }), found.params)).toBe(false);
  });
});
