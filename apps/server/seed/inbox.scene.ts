import type { SenderJson } from '../src/db/schema/index.js';
import { addDays, daysBetween } from './clock.js';
import type { SeedContext, StoredFile } from './context.js';
import type { CoproInfo, OwnerInfo } from './copro.js';
import { frLongDate, frWeekday } from './format.js';
import type { AdminInfo } from './syndics.js';

export const adminSender = (a: AdminInfo): SenderJson => ({
  id: a.id,
  name: a.display_name,
  avatar: null,
  type: 'administrator',
});

export interface InboxInput {
  tilleuls: CoproInfo;
  claire: { userId: string; tilleuls: OwnerInfo; closFleuri: OwnerInfo };
  paul: { userId: string; tilleuls: OwnerInfo };
  azurAdmin: AdminInfo;
  balanceCents: number;
  nextAg: { date: string; voteUntil: string; convocation: StoredFile };
  pastAg: { date: string; pv: StoredFile };
  lastCall?: { name: string; date: string; file: StoredFile };
  travauxCall?: { name: string; date: string; file: StoredFile };
  worksNote?: StoredFile;
  recentInvoice: { supplier: string; date: string };
}

/** What every part of the inbox shares: the input, the clock, the senders, the demo's dates. */
export function inboxScene(ctx: SeedContext, i: InboxInput) {
  const { clock } = ctx;
  const garnier = adminSender(i.tilleuls.syndic.gestionnaire);
  const bianchi = adminSender(i.azurAdmin);
  const claireT = i.claire.tilleuls;
  const paulT = i.paul.tilleuls;
  const paulSender: SenderJson = { id: paulT.id, name: 'Paul Durand', avatar: null, type: 'coproprietaire' };
  const ag = `${frWeekday(i.nextAg.date)} ${frLongDate(i.nextAg.date)}`;
  const scaffold = addDays(clock.today, -17);
  const closed = addDays(clock.today, -52);
  return { i, clock, garnier, bianchi, claireT, paulT, paulSender, ag, scaffold, closed };
}

export type InboxScene = ReturnType<typeof inboxScene>;

export const daysAgoOf = (today: string, iso: string) => daysBetween(iso, today);

/** One demo notification, days before today (`d`) at a time of day (`t`). */
export interface NotifDef {
  d: number;
  t: string;
  type: string;
  title: string;
  body: string;
  read: boolean;
  owner: OwnerInfo;
  sender: SenderJson;
}
