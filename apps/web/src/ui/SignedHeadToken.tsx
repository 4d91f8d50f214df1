import { Box, Button, Stack, Text } from '@mantine/core';
import { useState } from 'react';

/** The signed head token in a text (`TH1.` + base64url), as `decodeHead` reads it. */
export const HEAD_TOKEN = /TH1\.[A-Za-z0-9_-]+/;

/**
 * A signed chain head a co-owner keeps to check the register later: several hundred characters
 * nobody selects by hand on a phone, so it comes with a copy button.
 */
export function SignedHeadToken({ token, label }: { token: string; label?: string }) {
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(token);
      setCopied(true);
      setTimeout(() => setCopied(false), 2500);
    } catch {
      // No clipboard (an old browser, a refused permission): the token stays selectable above.
    }
  };
  return (
    <Stack gap={6} align="flex-start">
      {label && <Text size="sm">{label}</Text>}
      <Box
        component="pre"
        m={0}
        p="xs"
        bg="gray.0"
        fz="xs"
        style={{ wordBreak: 'break-all', whiteSpace: 'pre-wrap', borderRadius: 4, fontFamily: 'monospace' }}
      >
        {token}
      </Box>
      <Button
        size="xs"
        variant={copied ? 'filled' : 'light'}
        color={copied ? 'teal' : undefined}
        onClick={copy}
      >
        {copied ? 'Tête signée copiée' : 'Copier la tête signée'}
      </Button>
    </Stack>
  );
}

/** A text that may carry a signed head: the words as they are, the token in its copyable box. */
export function TextWithHeadToken({ text }: { text: string }) {
  const m = HEAD_TOKEN.exec(text);
  if (!m) return <>{text}</>;
  return (
    <>
      {text.slice(0, m.index)}
      <SignedHeadToken token={m[0]} />
      {text.slice(m.index + m[0].length)}
    </>
  );
}
