import { sql } from 'drizzle-orm';
import type { Config } from '../config.js';
import type { Db } from '../db/client.js';
import type { StorageAdapter } from '../platform/storage.js';

export interface DemoResult {
  syndicApiKey: string;
}

export async function isDatabaseEmpty(db: Db): Promise<boolean> {
  const r = await db.execute(sql`select count(*)::int as n from users`);
  const rows = (r as unknown as { rows: { n: number }[] }).rows;
  return Number(rows[0]?.n ?? 0) === 0;
}

/** Placeholder replaced by the full demo data set (seed/ folder). */
export async function seedDemo(_db: Db, _storage: StorageAdapter): Promise<DemoResult> {
  return { syndicApiKey: '' };
}

export function printDemoLogins(config: Config, demo: DemoResult | null) {
  const lines = [
    '',
    `  Tantième est prêt : ${config.publicUrl}`,
    '',
    '  Comptes de démonstration (mot de passe Tilleuls2024) :',
    '    claire.martin@example.fr   (3 copropriétaires, présidente du conseil syndical)',
    '    paul.durand@example.fr     (copropriétaire)',
    '  Code de rattachement libre : ABC123456',
    `  Boîte d'envoi (codes e-mail / SMS) : ${config.publicUrl}/dev/outbox`,
    `  Documentation API : ${config.publicUrl}/api/docs`,
  ];
  if (demo?.syndicApiKey) lines.push(`  Clé API syndic lefevre : ${demo.syndicApiKey}`);
  console.log(`${lines.join('\n')}\n`);
}
