import type { Config } from '../src/config.js';
import type { DemoResult } from './demo.js';

/**
 * The start-up banner. Production only says where the app and its API documentation are: no
 * demo password, no /dev/outbox (it does not exist there), no demo tokens.
 */
export function startupBanner(config: Config, demo: DemoResult | null): string {
  const lines = ['', `  Tantième est prêt : ${config.publicUrl}`];
  if (config.env === 'production') {
    lines.push(`  Documentation API : ${config.publicUrl}/api/docs`);
    return `${lines.join('\n')}\n`;
  }
  lines.push(
    '',
    '  Comptes de démonstration (mot de passe Tilleuls2024) :',
    '    claire.martin@example.fr   (3 copropriétaires, présidente du conseil syndical)',
    '    paul.durand@example.fr     (copropriétaire)',
    '    jp.rousseau@example.fr     (conseil syndical des Tilleuls)',
    "    s.garnier@lefevre-immobilier.fr (gestionnaire du syndic : boîte de réception 'Messagerie')",
    '  Code de rattachement libre : ABC123456',
    `  Boîte d'envoi (codes e-mail / SMS) : ${config.publicUrl}/dev/outbox`,
    `  Documentation API : ${config.publicUrl}/api/docs`,
  );
  if (demo) {
    lines.push(
      `  Invitation valide : ${config.publicUrl}/s/lefevre/invitations/${demo.invitationCodes.valid}` +
        `  (utilisée : ${demo.invitationCodes.used}, expirée : ${demo.invitationCodes.expired})`,
      `  Aperçu syndic : ${config.publicUrl}/syndic-preview/${demo.claireTilleulsId}/home?spt=${demo.previewToken}`,
      `  Signature de présence AG : ${config.publicUrl}/signature?auth_token=${demo.signatureToken}`,
      `  Clé API syndic lefevre : ${demo.syndicApiKey}`,
      `  Données de démonstration créées en ${(demo.durationMs / 1000).toFixed(1).replace('.', ',')} s`,
    );
  }
  return `${lines.join('\n')}\n`;
}

export function printDemoLogins(config: Config, demo: DemoResult | null) {
  console.log(startupBanner(config, demo));
}
