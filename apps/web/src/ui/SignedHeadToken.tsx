import { Button, Code, CopyButton, Stack, Text } from '@mantine/core';

/** The signed head token in a text (`TH1.` + base64url), as `decodeHead` reads it. */
export const HEAD_TOKEN = /TH1\.[A-Za-z0-9_-]+/;

/**
 * A signed chain head a co-owner keeps to check the register later: several hundred characters
 * nobody selects by hand on a phone, so it comes with a copy button.
 */
export function SignedHeadToken({ token, label }: { token: string; label?: string }) {
  return (
    <Stack gap={6} align="flex-start">
      {label && <Text size="sm">{label}</Text>}
      <Code block style={{ wordBreak: 'break-all', whiteSpace: 'pre-wrap' }}>
        {token}
      </Code>
      <CopyButton value={token} timeout={2500}>
        {({ copied, copy }) => (
          <Button
            size="xs"
            variant={copied ? 'filled' : 'light'}
            color={copied ? 'teal' : undefined}
            onClick={copy}
          >
            {copied ? 'Tête signée copiée' : 'Copier la tête signée'}
          </Button>
        )}
      </CopyButton>
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
