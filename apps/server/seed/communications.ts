import { addDays, daysBetween } from './clock.js';
import { type SeedContext, type StoredFile, storeFile } from './context.js';
import type { CoproInfo, OwnerInfo } from './copro.js';
import type { LedgerEntry } from './finances.js';
import { euros, frDate, frLongDate, frWeekday } from './format.js';
import { renderPdf } from '../src/lib/pdf.js';
import { type CommDef, queueLetters } from './communications.letters.js';

export interface CommsInput {
  copro: CoproInfo;
  owner: OwnerInfo;
  /** Phone in E.164 for SMS. */
  phone: string;
  email: string;
  calls: { name: string; date: string; file: StoredFile }[];
  ledger: LedgerEntry[];
  ag: {
    nextDate: string;
    sentDate: string;
    voteUntil: string;
    convocation: StoredFile;
    pastDate: string;
    pv: StoredFile;
  };
  works: { note: StoredFile | undefined };
  invitationCode?: string;
}

const p = (...paras: string[]) => paras.map((x) => `<p>${x}</p>`).join('');

/** Postal mail, e-mails and SMS the syndic sent to a co-owner (Communication page). */
export async function seedCommunications(ctx: SeedContext, input: CommsInput, who: 'claire' | 'paul') {
  const { copro, owner, clock } = { ...input, clock: ctx.clock };
  const g = copro.syndic.gestionnaire.display_name;
  const latest = input.calls[input.calls.length - 1];
  const sign = `Cordialement,<br>${g}<br>${copro.syndic.name}`;
  const agDaysAgo = daysBetween(input.ag.sentDate, clock.today);
  const callDaysAgo = latest ? daysBetween(addDays(latest.date, -15), clock.today) : 0;
  const waterDay = addDays(clock.today, 4);
  const defs: CommDef[] = [
    {
      method: 'postal',
      module: 'convocation',
      daysAgo: agDaysAgo,
      subject: `Convocation à l'assemblée générale ordinaire du ${frDate(input.ag.nextDate)}`,
      files: [input.ag.convocation],
    },
    {
      method: 'email',
      module: 'convocation',
      daysAgo: agDaysAgo,
      subject: `Convocation à l'assemblée générale ordinaire du ${frDate(input.ag.nextDate)}`,
      html: p(
        'Madame, Monsieur,',
        `Vous trouverez ci-joint votre convocation à l'assemblée générale ordinaire de la ${copro.name}, qui se tiendra le ${frWeekday(input.ag.nextDate)} ${frLongDate(input.ag.nextDate)} à 18 h 30.`,
        `Vous pouvez voter par correspondance sur votre extranet jusqu'au ${frDate(input.ag.voteUntil)}, ou participer par visioconférence.`,
        sign,
      ),
      files: [input.ag.convocation],
    },
    {
      method: 'sms',
      module: 'courrier',
      daysAgo: 2,
      subject: "Coupure d'eau",
      content: `${copro.syndic.name} : coupure d'eau froide le ${frWeekday(waterDay)} ${frLongDate(waterDay).replace(/ \d{4}$/, '')} de 8 h 30 à 12 h (bâtiments A et B) pour le remplacement d'une vanne. Merci de votre compréhension.`,
    },
  ];
  if (latest)
    defs.push(
      {
        method: 'email',
        module: 'adf',
        daysAgo: callDaysAgo,
        subject: `Votre ${latest.name.charAt(0).toLowerCase()}${latest.name.slice(1)}`,
        html: p(
          'Madame, Monsieur,',
          `Votre ${latest.name.charAt(0).toLowerCase()}${latest.name.slice(1)} est disponible. Le montant est exigible le ${frLongDate(latest.date)}.`,
          'Vous pouvez le régler par carte bancaire depuis votre extranet, rubrique « Situation de compte ».',
          sign,
        ),
        files: [latest.file],
      },
      {
        method: 'postal',
        module: 'adf',
        daysAgo: callDaysAgo + 1,
        subject: latest.name,
        files: [latest.file],
      },
    );

  if (who === 'claire') {
    const relanceDate = addDays(clock.today, -20);
    const unpaid = input.ledger.filter((e) => e.type === 'debit' && e.remaining > 0 && e.date <= relanceDate);
    const due = unpaid.reduce((s, e) => s + e.remaining, 0);
    const relance = await renderPdf({
      issuer: copro.syndic.issuer,
      title: 'Relance – appel de fonds impayé',
      subtitle: `${copro.name} – compte copropriétaire ${owner.compte}`,
      recipient: [owner.postal.name, owner.postal.street, `${owner.postal.zip} ${owner.postal.city}`],
      place: `${copro.syndic.city}, le ${frLongDate(relanceDate)}`,
      blocks: [
        {
          p: `Madame, sauf erreur ou omission de notre part, votre compte présente à ce jour un solde débiteur de ${euros(due)}, correspondant aux appels suivants :`,
        },
        {
          table: {
            head: ['Date', 'Appel', 'Restant dû'],
            widths: [1.4, 5, 1.8],
            align: ['l', 'l', 'r'],
            rows: unpaid.map((e) => [frDate(e.date), e.name, euros(e.remaining)]),
            total: ['', 'Total', euros(due)],
          },
        },
        {
          p: 'Nous vous remercions de bien vouloir régulariser cette situation sous quinze jours, par virement, par chèque ou par carte bancaire depuis votre extranet. Si votre règlement a été effectué entre-temps, nous vous prions de ne pas tenir compte de la présente.',
        },
        { p: `${g}, gestionnaire de copropriété` },
      ],
      footer: `${copro.syndic.name} – relance amiable sans frais`,
      createdAt: clock.paris(relanceDate, '10:00'),
    });
    const relanceFile = storeFile(
      ctx,
      `communications/${owner.id}/relance-${relanceDate}.pdf`,
      'Relance appel de fonds.pdf',
      relance,
      'application/pdf',
    );
    const travaux = await renderPdf({
      issuer: copro.syndic.issuer,
      title: 'Information – installation des échafaudages',
      subtitle: `${copro.name} – ravalement de la façade sur rue`,
      place: `${copro.syndic.city}, le ${frLongDate(addDays(clock.today, -24))}`,
      blocks: [
        {
          p: "Madame, Monsieur, l'entreprise Façades Lyonnaises installera les échafaudages sur la façade côté rue des Tilleuls à partir du lundi suivant la réception de ce courrier, pour une durée prévisionnelle de dix semaines.",
        },
        {
          p: 'Pendant le chantier, nous vous remercions de laisser les fenêtres côté rue fermées lors des travaux de décapage, de ne rien entreposer sur les balcons et de signaler toute difficulté au cabinet.',
        },
      ],
      footer: `${copro.syndic.name}`,
      createdAt: clock.paris(addDays(clock.today, -24), '10:00'),
    });
    const travauxFile = storeFile(
      ctx,
      `communications/${owner.id}/information-echafaudages.pdf`,
      'Information échafaudages.pdf',
      travaux,
      'application/pdf',
    );
    const pastDays = daysBetween(addDays(input.ag.pastDate, 12), clock.today);
    defs.push(
      {
        method: 'postal',
        module: 'relance',
        daysAgo: 20,
        subject: 'Relance – appel de fonds impayé',
        files: [relanceFile],
      },
      {
        method: 'sms',
        module: 'relance',
        daysAgo: 20,
        subject: 'Relance appel de fonds',
        content: `${copro.syndic.name} : sauf erreur, votre compte présente un solde débiteur de ${euros(due)}. Vous pouvez le régler par carte sur votre extranet Tantième.`,
      },
      {
        method: 'postal',
        module: 'courrier',
        daysAgo: 24,
        subject: 'Information – installation des échafaudages',
        files: [travauxFile, ...(input.works.note ? [input.works.note] : [])],
      },
      {
        method: 'email',
        module: 'courrier',
        daysAgo: 9,
        subject: 'Passage du ramoneur',
        html: p(
          'Madame, Monsieur,',
          'Le ramonage annuel des conduits de la chaufferie et des conduits individuels aura lieu la semaine prochaine. Merci de laisser un accès à votre logement ou de confier vos clés à un voisin.',
          sign,
        ),
      },
      {
        method: 'postal',
        module: 'proces_verbal',
        daysAgo: pastDays,
        subject: `Procès-verbal de l'assemblée générale du ${frDate(input.ag.pastDate)}`,
        files: [input.ag.pv],
      },
      {
        method: 'email',
        module: 'proces_verbal',
        daysAgo: pastDays,
        subject: `Procès-verbal de l'assemblée générale du ${frDate(input.ag.pastDate)}`,
        html: p(
          'Madame, Monsieur,',
          "Veuillez trouver ci-joint le procès-verbal de l'assemblée générale ordinaire. Le délai de contestation de deux mois court à compter de sa notification.",
          sign,
        ),
        files: [input.ag.pv],
      },
      {
        method: 'sms',
        module: 'convocation',
        daysAgo: 1,
        subject: 'Assemblée générale',
        content: `${copro.syndic.name} : votre convocation à l'AG du ${frDate(input.ag.nextDate)} est sur votre extranet. Vote par correspondance possible jusqu'au ${frDate(input.ag.voteUntil)}.`,
      },
      {
        method: 'email',
        module: 'invitation',
        daysAgo: 610,
        subject: "Votre accès à l'extranet copropriétaire",
        html: p(
          'Madame,',
          `Le ${copro.syndic.name} met à votre disposition un extranet pour consulter vos documents, votre situation de compte et les assemblées générales de la ${copro.name}.`,
          `Votre code de rattachement : <strong>${owner.unique_code}</strong>.`,
          sign,
        ),
      },
    );
  } else if (input.invitationCode) {
    defs.push({
      method: 'email',
      module: 'invitation',
      daysAgo: 40,
      subject: 'Invitation à rejoindre votre extranet copropriétaire',
      html: p(
        'Monsieur,',
        `Bienvenue dans la ${copro.name}. Pour créer votre accès à l'extranet, utilisez le code d'invitation <strong>${input.invitationCode}</strong> (valable 30 jours).`,
        sign,
      ),
    });
  }
  queueLetters(ctx, copro, owner, input.phone, input.email, defs);
}
