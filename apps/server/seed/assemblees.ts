import { correspondenceDeadline } from '@tantieme/contract';
import { assembleeParticipants, assemblees, signatureTokens } from '../src/db/schema/index.js';
import { sha256 } from '../src/lib/crypto.js';
import { pastAgenda, previousAgenda, upcomingAgenda } from './assemblees.agenda.js';
import { seedMeetingDocuments, seedMeetingFiles, storeMeetingFile } from './assemblees.files.js';
import { annexPdfs } from './assemblees.pdf.js';
import { seedUpcomingProxy } from './assemblees.proxies.js';
import { type CountedResolution, chainPastMeeting } from './assemblees.register.js';
import { assembleeDates, meetingDay } from './assemblees.rules.js';
import { seedPastPvNotifications } from './assemblees.pv.js';
import { sealPastMinutes } from './assemblees.seal.js';
import { seedOnlineBallots, seedResolutions } from './assemblees.votes.js';
import { assembleeParticipantRow, assembleeRow, signatureTokenRow } from './builders/assemblees.js';
import { addDays } from './clock.js';
import { newId, type SeedContext, type StoredFile } from './context.js';
import type { CoproInfo } from './copro.js';
import type { FinanceInfo } from './finances.js';

export interface AssembleesResult {
  past: { id: string; date: string; convocation: StoredFile; pv: StoredFile };
  upcoming: { id: string; date: string; convocation: StoredFile };
  previousYear: { convocation: StoredFile; pv: StoredFile; date: string };
  signatureToken: string;
}

/**
 * The demo building's assemblies: last year's (documents only), the annual one about five months
 * ago (held, counted, its register chained and its minutes signed), and the next one in about
 * three weeks (convened, two ballots already cast online, a proxy given).
 */
export async function seedAssemblees(
  ctx: SeedContext,
  copro: CoproInfo,
  fin: FinanceInfo,
  works: { budget: number; quoteRef: string },
): Promise<AssembleesResult> {
  const { clock } = ctx;
  const cg = copro.rep('CG');
  const key = (k: string) => copro.owner(k);
  const absent = new Set(['bensaid', 'roux', 'vidal', 'blanc']);
  const present = copro.owners.filter((o) => !absent.has(o.key));

  // ---- Past annual meeting (about five months ago) ----
  const { past: pastDate, next: nextDate, sent: sentDate } = assembleeDates(clock.today);
  const pastYear = Number(pastDate.slice(0, 4));
  const y = clock.year;
  const nextBudget = [...fin.charges.filter((c) => c.def.type === 1)].reduce(
    (s, c) => s + (c.budgets.get(y) ?? 0),
    0,
  );
  const past = pastAgenda(copro, { pastYear, nextBudget, works });

  // ---- Upcoming meeting (in about three weeks) ----
  const courWorks = Math.round(works.budget * 0.85);
  const [budgetPdf, quotePdf] = await annexPdfs(ctx, copro, fin, { y, nextBudget, courWorks, sentDate });
  const store = (path: string, name: string, pdf: Buffer) => storeMeetingFile(ctx, copro, path, name, pdf);
  const budgetFile = store(
    `${y}/budget-previsionnel-${y + 1}.pdf`,
    `Projet de budget ${y + 1}.pdf`,
    budgetPdf,
  );
  const quoteFile = store(
    `${y}/devis-ravalement-cour.pdf`,
    'Devis ravalement façades sur cour.pdf',
    quotePdf,
  );
  const upcoming = upcomingAgenda(copro, { y, courWorks, budgetFile, quoteFile });

  // ---- Previous year's meeting (documents only) ----
  const prevDate = meetingDay(addDays(pastDate, -364));
  const prevItems = previousAgenda(copro, past, pastYear);

  const dates = { past: pastDate, next: nextDate, sent: sentDate, prev: prevDate };
  const { files, pastPv } = await seedMeetingFiles(
    ctx,
    copro,
    dates,
    { past, upcoming, previous: prevItems },
    present,
  );

  const totals = {
    total_lots: copro.lots.length,
    total_coproprietaires: copro.owners.length,
    total_tantiemes: cg.total,
    // Charges générales carry the quote-parts of the common parts (loi art. 22, decision 43).
    general_repartition_id: cg.id,
  };
  const pastId = newId();
  const nextId = newId();
  const pastRow = assembleeRow({
    id: pastId,
    copropriete_id: copro.id,
    name: 'Assemblée générale ordinaire annuelle',
    year: pastYear,
    type: 'ORDINAIRE',
    date: clock.paris(pastDate, '18:30'),
    priority: 0,
    status_convocation: 1,
    date_sent_convocation: clock.paris(addDays(pastDate, -26), '10:00'),
    status_proces_verbal: 1,
    date_sent_proces_verbal: clock.paris(addDays(pastDate, 12), '10:00'),
    status: 3,
    date_effectue: clock.paris(pastDate, '21:10'),
    status_session: 2,
    valid_to: correspondenceDeadline(clock.paris(pastDate, '18:30')),
    visio_url: `https://meet.jit.si/tantieme-tilleuls-ago-${pastYear}`,
    convocation_file_id: files.pastConv.id,
    pv_file_id: files.pastPv.id,
    feuille_file_id: files.pastFeuille.id,
    ...totals,
  });

  ctx.rows.add(
    assemblees,
    pastRow,
    assembleeRow({
      id: nextId,
      copropriete_id: copro.id,
      name: 'Assemblée générale ordinaire',
      year: Number(nextDate.slice(0, 4)),
      type: 'ORDINAIRE',
      date: clock.paris(nextDate, '18:30'),
      priority: 1,
      status_convocation: 1,
      date_sent_convocation: clock.paris(sentDate, '10:00'),
      status_proces_verbal: 0,
      status: 1,
      status_session: null,
      valid_to: correspondenceDeadline(clock.paris(nextDate, '18:30')),
      visio_url: 'https://meet.jit.si/tantieme-tilleuls-ag-2026',
      convocation_file_id: files.nextConv.id,
      ...totals,
    }),
  );
  for (const [agId, file] of [
    [pastId, files.pastConv],
    [nextId, files.nextConv],
  ] as const)
    ctx.rows.add(
      assembleeParticipants,
      ...copro.owners.map((o) =>
        assembleeParticipantRow({
          assemblee_id: agId,
          coproprietaire_id: o.id,
          is_send_convocation: true,
          convocation_file_id: file.id,
          // Past meeting: who attended; upcoming: the two council members who already voted online,
          // and Paul, represented by Claire.
          attendance:
            agId === pastId
              ? present.includes(o)
                ? 'present'
                : null
              : ['rousseau', 'mercier'].includes(o.key)
                ? 'correspondence'
                : o.key === 'paul'
                  ? 'represented'
                  : null,
        }),
      ),
    );

  const pastCounted: CountedResolution[] = [];
  seedResolutions(ctx, copro, pastId, past, { present, pastDate, into: pastCounted });
  const pastChain = await chainPastMeeting(ctx, pastId, pastCounted, {
    form: (o) =>
      o.key === 'claire'
        ? clock.paris(addDays(pastDate, -4), '21:12')
        : clock.paris(addDays(pastDate, -6), '10:00'),
    meeting: clock.paris(pastDate, '20:00'),
  });
  // The bureau recorded at the desk (décret art. 17): Claire Martin présidente, Françoise Rousseau
  // secrétaire, M. Bernard Lambert scrutateur.
  const bureau = [
    { role: 'president', owner: key('claire') },
    { role: 'secretaire', owner: key('rousseau') },
    { role: 'scrutateur', owner: key('lambert') },
  ] as const;
  await pastChain.add(
    'bureau',
    key('claire'),
    {
      created_at: clock.paris(pastDate, '18:40').toISOString(),
      members: bureau.map((m) => ({
        key: `${m.role}:0`,
        role: m.role,
        coproprietaire_id: m.owner.id,
        name: m.owner.display_name,
      })),
      entered_by: { key_id: null, name: copro.syndic.name },
    },
    clock.paris(pastDate, '21:05'),
  );
  // The president and the secretary signed the minutes by their links, the scrutateur the day after.
  const sealedPv = await sealPastMinutes(ctx, pastChain, {
    assembleeId: pastId,
    copro: { id: copro.id, name: copro.name },
    assembly: { name: pastRow.name, date: pastRow.date },
    pv: { file: files.pastPv, bytes: pastPv },
    signers: [
      {
        owner: key('claire'),
        mode: 'PV_PRESIDENT',
        at: clock.paris(addDays(pastDate, 3), '19:42'),
        ip: '203.0.113.51',
        user_agent:
          'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_6) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.6 Safari/605.1.15',
      },
      {
        owner: key('rousseau'),
        mode: 'PV_SECRETAIRE',
        at: clock.paris(addDays(pastDate, 4), '09:15'),
        ip: '203.0.113.24',
        user_agent:
          'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36',
      },
      {
        owner: key('lambert'),
        mode: 'PV_SCRUTATEUR',
        at: clock.paris(addDays(pastDate, 5), '08:50'),
        ip: '203.0.113.77',
        user_agent:
          'Mozilla/5.0 (iPad; CPU OS 17_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.6 Mobile/15E148 Safari/604.1',
      },
    ],
  });
  if (sealedPv) {
    pastRow.pv_sealed_file_id = sealedPv.id;
    // Notified to the opposants and défaillants twelve days after the meeting (loi art. 42, 2e al.).
    seedPastPvNotifications(ctx, copro, {
      assembleeId: pastId,
      assembly: { name: pastRow.name, date: pastRow.date },
      counted: pastCounted,
      present,
      formVoters: copro.owners.filter((o) => o.key === 'claire' || o.key === 'sci'),
      sealed: sealedPv,
      sentAt: clock.paris(addDays(pastDate, 12), '10:00'),
    });
  }
  const nextIds = seedResolutions(ctx, copro, nextId, upcoming);
  const prevDigest = await seedOnlineBallots(ctx, copro, nextId, upcoming, nextIds);

  await seedUpcomingProxy(ctx, copro, {
    agId: nextId,
    name: 'Assemblée générale ordinaire',
    date: clock.paris(nextDate, '18:30'),
    resolutions: upcoming.map((r, i) => ({
      id: nextIds[i]!,
      number: i + 1,
      title: r.title,
      no_vote: !!r.no_vote,
    })),
    prev: { seq: 2, digest: prevDigest },
  });

  const signatureToken = 'SIGN-DEMO-CLAIRE';
  ctx.rows.add(
    signatureTokens,
    signatureTokenRow({
      token_hash: sha256(signatureToken),
      assemblee_id: nextId,
      coproprietaire_id: key('claire').id,
      mode: 'ATTENDANCE',
      procurations: null,
      expires_at: new Date(clock.now.getTime() + 30 * 86_400_000),
      created_at: clock.paris(sentDate, '10:05'),
    }),
  );

  seedMeetingDocuments(ctx, copro, files, dates);

  return {
    past: { id: pastId, date: pastDate, convocation: files.pastConv, pv: files.pastPv },
    upcoming: { id: nextId, date: nextDate, convocation: files.nextConv },
    previousYear: { convocation: files.prevConv, pv: files.prevPv, date: prevDate },
    signatureToken,
  };
}
