import { ActionIcon, Box, Group, Overlay, Portal, Stack, Text } from '@mantine/core';
import { IconDownload, IconX, IconZoomIn, IconZoomOut } from '@tabler/icons-react';
import {
  DEFAULT_VIEWER_URLS,
  externalViewerUrl,
  formatSize,
  frTypo,
  IMAGE_VIEWER_ZOOM,
  nextZoom,
  previewMode,
} from '@tantieme/contract';
import { type MouseEvent, type SyntheticEvent, useCallback, useEffect, useRef, useState } from 'react';

export const NO_PREVIEW_TEXT =
  "Hmm... on dirait que ce fichier n'a pas d'aperçu que nous pouvons vous montrer.";

export interface PreviewFile {
  url: string;
  name: string;
  content_type?: string | null;
  /** Size in bytes, shown in French units (o, Ko, Mo). */
  size?: number | null;
}

/** External viewers for office and text files, configurable at build time (VITE_*_VIEWER_URL, {url} placeholder). */
const viewerTemplates = {
  office: import.meta.env.VITE_OFFICE_VIEWER_URL || DEFAULT_VIEWER_URLS.office,
  text: import.meta.env.VITE_TEXT_VIEWER_URL || DEFAULT_VIEWER_URLS.text,
};

const stop = (e: MouseEvent) => e.stopPropagation();

/** What a file looks like inline: image, frame, external viewer or the no-preview message. */
export function FileView({
  file,
  height = '80vh',
  zoom = 1,
}: {
  file: PreviewFile;
  height?: string;
  zoom?: number;
}) {
  const mode = previewMode(file.content_type, file.name);
  if (mode === 'image') {
    return (
      <img
        src={file.url}
        alt={file.name}
        style={{
          maxHeight: '90vh',
          maxWidth: '100%',
          objectFit: 'contain',
          transform: `scale(${zoom})`,
          transition: 'transform 120ms ease-out',
        }}
      />
    );
  }
  if (mode === 'frame') {
    return (
      <iframe
        src={file.url}
        title={file.name}
        onLoad={onFrameLoad}
        style={{ width: '100%', height, border: 0, background: '#fff' }}
      />
    );
  }
  if (mode === 'office' || mode === 'text') {
    // The external viewer fetches the (signed, expiring) URL itself.
    const abs = new URL(file.url, window.location.origin).toString();
    return (
      <iframe
        src={externalViewerUrl(viewerTemplates[mode], abs)}
        title={file.name}
        style={{ width: '100%', height, border: 0, background: '#fff' }}
      />
    );
  }
  return (
    <Stack align="center" p="xl" bg="white" style={{ borderRadius: 8 }} onClick={stop}>
      <Text c="dark.9">{NO_PREVIEW_TEXT}</Text>
      <Text component="a" href={file.url} download={file.name} c="tantieme.8" td="underline">
        {file.name}
        {file.size != null ? ` (${formatSize(file.size)})` : ''}
      </Text>
    </Stack>
  );
}

/**
 * Full-screen preview overlay (SPEC §2.22): closes on a click of the backdrop, the content or
 * the close icon, and on Escape wherever the focus is; images are capped at 90% of the height and zoom by 0.2
 * within 0.5–3 (SPEC §9); PDFs in a frame; office and text files through an external viewer;
 * anything else the no-preview message with a download link.
 */
export function FilePreview({ file, onClose }: { file: PreviewFile | null; onClose: () => void }) {
  if (!file) return null;
  // Keyed by URL: another file opens at zoom 1.
  return <PreviewOverlay key={file.url} file={file} onClose={onClose} />;
}

/**
 * A key pressed inside a same-origin frame (a PDF served from /files) never reaches the page:
 * the frame's Escape is passed on to the page's document.
 */
function onFrameLoad(e: SyntheticEvent<HTMLIFrameElement>) {
  try {
    e.currentTarget.contentWindow?.addEventListener('keydown', (ev) => {
      if (ev.key === 'Escape' || ev.key === 'Esc')
        document.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }));
    });
  } catch {
    // Another origin's frame (an external viewer): its keys stay its own.
  }
}

/**
 * Escape closes the preview, handled here rather than through a hotkey hook: WebKit leaves the
 * focus where it was (it does not focus a clicked button), so the dialog takes the focus itself
 * on its close button, listens in the capture phase, and gives the focus back when it closes.
 */
function useEscapeAndFocus(onClose: () => void) {
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;
  useEffect(() => {
    // The portal's content mounts after this: the opener still has the focus here.
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape' && e.key !== 'Esc') return;
      e.preventDefault();
      e.stopPropagation();
      onCloseRef.current();
    };
    document.addEventListener('keydown', onKey, true);
    return () => {
      document.removeEventListener('keydown', onKey, true);
      if (opener?.isConnected) opener.focus();
    };
  }, []);
  return useCallback((el: HTMLButtonElement | null) => el?.focus(), []);
}

function PreviewOverlay({ file, onClose }: { file: PreviewFile; onClose: () => void }) {
  const [zoom, setZoom] = useState(1);
  const closeRef = useEscapeAndFocus(onClose);
  const isImage = previewMode(file.content_type, file.name) === 'image';
  const t = { zoomIn: 'Zoom avant', zoomOut: 'Zoom arrière', download: 'Télécharger', close: 'Fermer' };
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
          overflow: 'auto',
        }}
      >
        <Group gap="xs" style={{ position: 'fixed', top: 16, right: 16, zIndex: 402 }} onClick={stop}>
          {isImage && (
            <>
              <ActionIcon
                onClick={() => setZoom((z) => nextZoom(z, -1, IMAGE_VIEWER_ZOOM))}
                aria-label={t.zoomOut}
                variant="filled"
                color="dark"
                size="lg"
                disabled={zoom <= IMAGE_VIEWER_ZOOM.min}
              >
                <IconZoomOut />
              </ActionIcon>
              <Text c="white" size="sm" aria-live="polite" data-testid="zoom-level" miw={44} ta="center">
                {frTypo(`${Math.round(zoom * 100)} %`)}
              </Text>
              <ActionIcon
                onClick={() => setZoom((z) => nextZoom(z, 1, IMAGE_VIEWER_ZOOM))}
                aria-label={t.zoomIn}
                variant="filled"
                color="dark"
                size="lg"
                disabled={zoom >= IMAGE_VIEWER_ZOOM.max}
              >
                <IconZoomIn />
              </ActionIcon>
            </>
          )}
          <ActionIcon
            component="a"
            href={file.url}
            download={file.name}
            aria-label={`${t.download} ${file.name}`}
            variant="filled"
            color="dark"
            size="lg"
          >
            <IconDownload />
          </ActionIcon>
          <ActionIcon
            ref={closeRef}
            onClick={onClose}
            aria-label={t.close}
            variant="filled"
            color="dark"
            size="lg"
          >
            <IconX />
          </ActionIcon>
        </Group>
        <Box w="100%" maw={1100} style={{ display: 'flex', justifyContent: 'center' }}>
          <FileView file={file} zoom={zoom} />
        </Box>
      </Box>
    </Portal>
  );
}
