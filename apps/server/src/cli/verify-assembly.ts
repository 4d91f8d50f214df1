import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import {
  assembleeRegisterSchema,
  decodeHead,
  describeRecount,
  describeVerification,
  recountRegister,
  type SignedHead,
  verifyRegister,
} from '@tantieme/contract';

const HELP = `Vérification hors ligne du registre d'une assemblée générale

Utilisation : npm run verify-assembly -- <registre.json> [--head <jeton TH1.… ou fichier>] [--fingerprint <empreinte>]

  <registre.json>   le registre exporté depuis la page de l'assemblée (« Vérifier le registre »)
  --head            la tête signée reçue avec la notification de clôture du vote ou de fin de l'assemblée
                    (le jeton TH1.…, ou un fichier qui le contient) : le registre doit la contenir
  --fingerprint     l'empreinte SHA-256 de la clé publique du serveur, connue par ailleurs

Recalcule la chaîne des enregistrements, vérifie la signature Ed25519 de chaque tête et recompte
chaque résolution avec le code de décompte du contrat. Code de sortie 0 si tout concorde, 1 sinon,
2 pour un fichier illisible.`;

export interface VerifyOutcome {
  code: 0 | 1 | 2;
  lines: string[];
}

function option(args: string[], name: string): string | null {
  const i = args.indexOf(name);
  return i >= 0 ? (args[i + 1] ?? null) : null;
}

/** The whole command, without the process: what it prints and its exit code. */
export async function verifyAssembleeCommand(args: string[], cwd = process.cwd()): Promise<VerifyOutcome> {
  const file = args.find((a, i) => !a.startsWith('--') && !['--head', '--fingerprint'].includes(args[i - 1]));
  if (!file || args.includes('--help')) return { code: 2, lines: [HELP] };
  let register: ReturnType<typeof assembleeRegisterSchema.parse>;
  try {
    const parsed = assembleeRegisterSchema.safeParse(
      JSON.parse(await readFile(path.resolve(cwd, file), 'utf8')),
    );
    if (!parsed.success)
      return {
        code: 2,
        lines: [
          `${file}\u202f: ce n'est pas un registre d'assemblée (${parsed.error.issues[0]?.path.join('.')}).`,
        ],
      };
    register = parsed.data;
  } catch (err) {
    return { code: 2, lines: [`${file}\u202f: lecture impossible (${(err as Error).message}).`] };
  }
  let held: SignedHead | null = null;
  const headArg = option(args, '--head');
  if (headArg) {
    const text = headArg.startsWith('TH1.')
      ? headArg
      : await readFile(path.resolve(cwd, headArg), 'utf8').catch(() => '');
    held = decodeHead(text);
    if (!held) return { code: 2, lines: ['--head\u202f: aucune tête signée (jeton TH1.…) reconnue.'] };
  }
  const v = await verifyRegister(register, { held, expectedFingerprint: option(args, '--fingerprint') });
  const recount = recountRegister(register);
  const lines = [
    `Assemblée « ${register.assemblee.name} » (${register.assemblee.copr_name})`,
    `Clé du serveur (Ed25519), empreinte SHA-256\u202f: ${register.signing_key.fingerprint}`,
    ...describeVerification(v),
    ...describeRecount(recount),
  ];
  return { code: v.ok && recount.ok ? 0 : 1, lines };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const out = await verifyAssembleeCommand(process.argv.slice(2), process.env.INIT_CWD ?? process.cwd());
  for (const l of out.lines) (out.code === 2 ? console.error : console.log)(l);
  process.exit(out.code);
}
