import { Button, Group, Paper, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { currentInstallWay, dismissInstall, installPrompt, onInstallPromptChange } from './install';

const t = {
  title: "Tantième sur votre écran d'accueil",
  text: 'Retrouvez votre copropriété en un geste, comme une application.',
  add: "Ajouter à l'écran d'accueil",
  later: 'Plus tard',
  ios: "Touchez Partager, puis «\u00a0Sur l'écran d'accueil\u00a0».",
};

/** The offer to install the app, on a phone's dashboard, until it is installed or declined. */
export function InstallOffer() {
  const [way, setWay] = useState(currentInstallWay);
  useEffect(() => onInstallPromptChange(() => setWay(currentInstallWay())), []);
  if (!way) return null;
  const close = () => {
    dismissInstall();
    setWay(null);
  };
  const install = async () => {
    const prompt = installPrompt();
    if (!prompt) return;
    await prompt.prompt();
    const { outcome } = await prompt.userChoice;
    if (outcome === 'dismissed') close();
    else setWay(null);
  };
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="install-offer-title">
      <Text id="install-offer-title" fw={700} component="h2" size="md" m={0}>
        {t.title}
      </Text>
      <Text size="sm" mt={4}>
        {way === 'ios' ? `${t.text} ${t.ios}` : t.text}
      </Text>
      <Group mt="sm" gap="sm">
        {way === 'prompt' && <Button onClick={install}>{t.add}</Button>}
        <Button variant="default" onClick={close}>
          {t.later}
        </Button>
      </Group>
    </Paper>
  );
}
