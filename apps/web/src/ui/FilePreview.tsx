import { ActionIcon, Box, Overlay, Portal, Stack, Text } from '@mantine/core';
import { useHotkeys } from '@mantine/hooks';
import { IconX } from '@tabler/icons-react';
import { previewMode } from '@tantieme/contract';

export const NO_PREVIEW_TEXT =
  "Hmm... on dirait que ce fichier n'a pas d'aperçu que nous pouvons vous montrer.";

export interface PreviewFile {
  url: string;
  name: string;
  content_type?: string | null;
}

/** What a file looks like inline: image, frame, office viewer or the no-preview message. */
export function FileView({ file, height = '80vh' }: { file: PreviewFile; height?: string }) {
  const mode = previewMode(file.content_type, file.name);
  if (mode === 'image') {
    return (
      <img
        src={file.url}
        alt={file.name}
        style={{ maxHeight: '90vh', maxWidth: '100%', objectFit: 'contain' }}
      />
    );
  }
  if (mode === 'frame') {
    return (
      <iframe
        src={file.url}
        title={file.name}
        style={{ width: '100%', height, border: 0, background: '#fff' }}
      />
    );
  }
  if (mode === 'office') {
    // Office files are previewed by Microsoft's viewer, which fetches the (signed) URL itself.
    const abs = new URL(file.url, window.location.origin).toString();
    return (
      <iframe
        src={`https://view.officeapps.live.com/op/embed.aspx?src=${encodeURIComponent(abs)}`}
        title={file.name}
        style={{ width: '100%', height, border: 0, background: '#fff' }}
      />
    );
  }
  return (
    <Stack align="center" p="xl" bg="white" style={{ borderRadius: 8 }}>
      <Text>{NO_PREVIEW_TEXT}</Text>
      <Text component="a" href={file.url} download={file.name} c="tantieme.7">
        {file.name}
      </Text>
    </Stack>
  );
}

/**
 * Full-screen preview overlay (SPEC §2.22): closes on a click of the backdrop, the content or
 * the close icon (and on Escape); jpeg shown as an image capped at 90% of the height, other
 * types in an embedded frame.
 */
export function FilePreview({ file, onClose }: { file: PreviewFile | null; onClose: () => void }) {
  useHotkeys([['Escape', () => file && onClose()]]);
  if (!file) return null;
  return (
    <Portal>
      <Overlay fixed backgroundOpacity={0.75} zIndex={400} onClick={onClose} />
      <Box
        role="dialog"
        aria-modal="true"
        aria-label={file.name}
        onClick={onClose}
        style={{
          position: 'fixed',
          inset: 0,
          zIndex: 401,
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'center',
          padding: 24,
        }}
      >
        <ActionIcon
          onClick={onClose}
          aria-label="Fermer"
          variant="filled"
          color="dark"
          size="lg"
          style={{ position: 'fixed', top: 16, right: 16 }}
        >
          <IconX />
        </ActionIcon>
        <Box w="100%" maw={1100} style={{ display: 'flex', justifyContent: 'center' }}>
          <FileView file={file} />
        </Box>
      </Box>
    </Portal>
  );
}
