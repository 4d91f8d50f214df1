import { signalementEvents, signalements, signalementSupporters } from '../src/db/schema/index.js';
import { putImage, renderSizes } from '../src/platform/images.js';
import { newId, type SeedContext } from './context.js';
import type { CoproInfo } from './copro.js';
import { signalementEventRow, signalementRow, signalementSupporterRow } from './builders/inbox.js';
import { PICTURES } from './signalements.pictures.js';

/** The reference of the carnet's works entry the broken lift's report is linked to. */
export const LIFT_WORKS_REF = (year: number) => `TRX-ASC-A-${year}`;
export const liftWorks = (year: number) => ({
  year,
  nature: "Remplacement de la carte de commande de l'ascenseur du bâtiment A",
  contractor: 'Otis – Agence Lyon Est',
  reference: LIFT_WORKS_REF(year),
});

/** Adds one demo signalement with its photos (every size rendered), supporters and history. */
export function signalementAdder(ctx: SeedContext, copro: CoproInfo) {
  const { clock } = ctx;
  const syndicName = copro.syndic.name;
  const owner = (k: string) => copro.owner(k);
  const photos = async (id: string, kinds: (keyof typeof PICTURES)[]) => {
    const keys: string[] = [];
    for (const [i, kind] of kinds.entries()) {
      const key = `seed/signalements/${id}/original/${i + 1}.jpg`;
      const data = await PICTURES[kind]();
      ctx.writes.push(
        renderSizes(data, 'image/jpeg').then((s) => putImage(ctx.storage, key, 'image/jpeg', s)),
      );
      keys.push(key);
    }
    return keys;
  };
  type Ev = {
    days: number;
    time: string;
    kind: 'STATUS' | 'COMMENT';
    status?: string;
    planned_on?: string;
    text?: string;
    /** The syndic's note to itself: shown in the console only. */
    internal?: boolean;
  };
  return async (v: {
    title: string;
    place: string;
    lot?: string;
    description: string;
    visibility: 'IMMEUBLE' | 'PRIVE';
    author: string;
    filed: [number, string];
    status: string;
    planned_on?: string;
    pictures: (keyof typeof PICTURES)[];
    supporters: [string, number][];
    events: Ev[];
    works?: boolean;
    /** Given to the building's gestionnaire in the console, and the supplier who does the work. */
    assigned?: boolean;
    supplier?: string;
  }) => {
    const id = newId();
    const author = owner(v.author);
    const created = clock.daysAgo(v.filed[0], v.filed[1]);
    const last = v.events.at(-1);
    const updated = last ? clock.daysAgo(last.days, last.time) : created;
    ctx.rows.add(
      signalements,
      signalementRow({
        id,
        syndic_id: copro.syndic.id,
        copropriete_id: copro.id,
        author_id: author.id,
        title: v.title,
        place: v.place,
        lot_id: v.lot ? author.lots.find((l) => l.key === v.lot)?.id : null,
        description: v.description,
        visibility: v.visibility,
        status: v.status,
        planned_on: v.planned_on ?? null,
        photos: await photos(id, v.pictures),
        supporters: v.supporters.length,
        carnet_travaux_ref: v.works ? LIFT_WORKS_REF(clock.year) : null,
        carnet_travaux_label: v.works
          ? `${liftWorks(clock.year).nature} (${clock.year}, ${liftWorks(clock.year).contractor})`
          : null,
        assignee_id: v.assigned ? copro.syndic.gestionnaire.id : null,
        supplier: v.supplier ?? null,
        created_at: created,
        updated_at: updated,
      }),
    );
    for (const [k, days] of v.supporters)
      ctx.rows.add(
        signalementSupporters,
        signalementSupporterRow({
          signalement_id: id,
          coproprietaire_id: owner(k).id,
          created_at: clock.daysAgo(days, '19:30'),
        }),
      );
    for (const e of v.events)
      ctx.rows.add(
        signalementEvents,
        signalementEventRow({
          signalement_id: id,
          kind: e.kind,
          status: e.status ?? null,
          planned_on: e.planned_on ?? null,
          text: e.text ?? null,
          by: 'syndic',
          author_name: e.internal ? copro.syndic.gestionnaire.display_name : syndicName,
          internal: e.internal ?? false,
          created_at: clock.daysAgo(e.days, e.time),
        }),
      );
    return { id, author, created };
  };
}
