import { Paper, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconUpload } from '@tabler/icons-react';
import { forwardRef, useState } from 'react';
import { documentsFr } from './frDocuments';

const t = documentsFr.drop;

/**
 * Files dropped (several at once) or chosen: a labelled file input inside a zone that takes a
 * drop. The input is the keyboard's way in, and the one tests fill.
 */
export const DropZone = forwardRef<HTMLInputElement, { onFiles: (files: File[]) => void }>(function DropZone(
  { onFiles },
  ref,
) {
  const [over, setOver] = useState(false);
  // The input is hidden: the zone shows its keyboard focus.
  const [focused, setFocused] = useState(false);
  return (
    <Paper
      withBorder
      p="lg"
      radius="md"
      data-testid="drop-zone"
      onDragOver={(ev) => {
        ev.preventDefault();
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={(ev) => {
        ev.preventDefault();
        setOver(false);
        const files = [...(ev.dataTransfer?.files ?? [])];
        if (files.length) onFiles(files);
      }}
      style={{
        borderStyle: 'dashed',
        borderWidth: 2,
        borderColor: over ? 'var(--mantine-color-tantieme-7)' : 'var(--mantine-color-gray-5)',
        background: over ? 'var(--mantine-color-tantieme-0)' : undefined,
        outline: focused ? '2px solid var(--mantine-color-tantieme-7)' : undefined,
        outlineOffset: 2,
      }}
    >
      <UnstyledButton component="label" w="100%" style={{ cursor: 'pointer' }}>
        <Stack align="center" gap={4}>
          <IconUpload size={28} aria-hidden />
          <Text fw={600}>{over ? t.active : t.label}</Text>
          <Text size="sm" c="gray.7" ta="center">
            {t.hint}
          </Text>
          <input
            ref={ref}
            type="file"
            multiple
            aria-label={t.choose}
            data-testid="drop-input"
            onFocus={() => setFocused(true)}
            onBlur={() => setFocused(false)}
            style={{ position: 'absolute', width: 1, height: 1, opacity: 0, overflow: 'hidden' }}
            onChange={(ev) => {
              const files = [...(ev.currentTarget.files ?? [])];
              ev.currentTarget.value = '';
              if (files.length) onFiles(files);
            }}
          />
        </Stack>
      </UnstyledButton>
    </Paper>
  );
});
