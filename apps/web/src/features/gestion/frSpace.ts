/** The words of the switch between the co-owner space and the console (shown in both headers). */
export const spaceFr = {
  label: 'Espace',
  owner: 'Mon espace copropriétaire',
  gestion: "Gestion de l'immeuble",
} as const;
