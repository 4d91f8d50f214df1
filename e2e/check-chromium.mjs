// Fails loudly, with the install command, when Debian's Chromium is missing.
import { existsSync } from 'node:fs';

const path = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (!existsSync(path)) {
  console.error(
    `\nChromium introuvable (${path}). Installez-le avec :\n\n  sudo apt-get update && sudo apt-get install -y chromium\n`,
  );
  process.exit(1);
}
