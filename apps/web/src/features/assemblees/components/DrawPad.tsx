import { Box } from '@mantine/core';
import { SIGNATURE_BRUSH_WIDTH, SIGNATURE_PADDING } from '@tantieme/contract';
import { useEffect, useRef } from 'react';
import type SignaturePadType from 'signature_pad';
import { drawnBounds } from '../crop';

/**
 * The signature pad of every signature drawn in the product: the co-owner's signature page and the
 * bureau's signatures of the PV on the desk's tablet.
 */

/** The drawing cropped to its drawn area with padding 10, as base64 PNG (null when empty). */
export function croppedPng(canvas: HTMLCanvasElement): string | null {
  const ctx = canvas.getContext('2d');
  if (!ctx) return null;
  const { width, height } = canvas;
  const box = drawnBounds(ctx.getImageData(0, 0, width, height).data, width, height, SIGNATURE_PADDING);
  if (!box) return null;
  const out = document.createElement('canvas');
  out.width = box.width;
  out.height = box.height;
  out.getContext('2d')?.drawImage(canvas, box.x, box.y, box.width, box.height, 0, 0, box.width, box.height);
  return out.toDataURL('image/png').split(',')[1] ?? null;
}

/** The pad: signature_pad loaded with this page only, brush 3, mouse, touch and pen (pointer events). */
export function DrawPad({
  label,
  testId = 'signature-pad',
  onChange,
  padRef,
}: {
  label: string;
  testId?: string;
  onChange: (drawn: boolean) => void;
  padRef: React.MutableRefObject<SignaturePadType | null>;
}) {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    let disposed = false;
    let pad: SignaturePadType | null = null;
    const canvas = canvasRef.current;
    if (!canvas) return;
    // Keep the bitmap at the element's size (and the screen's pixel ratio) so strokes land under the pointer.
    const resize = () => {
      const ratio = Math.max(window.devicePixelRatio || 1, 1);
      canvas.width = canvas.offsetWidth * ratio;
      canvas.height = canvas.offsetHeight * ratio;
      canvas.getContext('2d')?.scale(ratio, ratio);
      pad?.clear();
      onChange(false);
    };
    void import('signature_pad').then(({ default: SignaturePad }) => {
      if (disposed) return;
      resize();
      pad = new SignaturePad(canvas, {
        minWidth: SIGNATURE_BRUSH_WIDTH,
        maxWidth: SIGNATURE_BRUSH_WIDTH,
        penColor: '#1a1b1e',
      });
      pad.addEventListener('endStroke', () => onChange(!pad?.isEmpty()));
      padRef.current = pad;
      // Strokes count from here (signature_pad loads lazily): tests wait for it.
      canvas.dataset.ready = 'true';
    });
    window.addEventListener('resize', resize);
    return () => {
      disposed = true;
      window.removeEventListener('resize', resize);
      pad?.off();
      padRef.current = null;
    };
  }, [onChange, padRef]);
  return (
    <Box
      component="canvas"
      ref={canvasRef}
      aria-label={label}
      role="img"
      data-testid={testId}
      style={{
        width: '100%',
        height: 220,
        display: 'block',
        border: '2px dashed var(--mantine-color-gray-5)',
        borderRadius: 8,
        background: '#fff',
        touchAction: 'none',
        cursor: 'crosshair',
      }}
    />
  );
}
