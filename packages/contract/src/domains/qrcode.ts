import { z } from 'zod';
import { defineEndpoint } from '../endpoint.js';
import { idField } from '../fields.js';
import { okEnvelope } from '../envelope.js';

/** Socket.IO events of the QR sign-in room `qr:<id>`. */
export const QR_EVENTS = {
  join: 'join-qr',
  leave: 'leave-qr',
  scanned: 'qr-scanned',
  accepted: 'qr-accepted',
  rejected: 'qr-rejected',
} as const;
export const QR_CODE_TTL_S = 120;

/** SPEC §3 QR code (plus the id the desktop needs to listen and to delete it). */
export const qrCodeSchema = z.object({
  id: z.string(),
  code: z.string(),
  expiration_date: z.string(),
  qrcode_url: z.string(),
});
export type QrCode = z.infer<typeof qrCodeSchema>;
/** SPEC §3 scanner info, sent to the desktop when a phone scans. */
export const qrScannerSchema = z.object({ avatar: z.string().nullable(), fullName: z.string() });
export type QrScanner = z.infer<typeof qrScannerSchema>;

const codeParam = z.object({ code: z.string().trim().min(8).max(64) });
const ok = okEnvelope(z.object({ ok: z.boolean() }));

export const qrcodeEndpoints = {
  generate: defineEndpoint({
    method: 'POST',
    path: '/auth-qrcode/generate-code',
    summary: 'Desktop: a QR sign-in code',
    tags: ['auth'],
    auth: false,
    body: z.object({
      device_name: z.string().trim().max(120).default(''),
      position: z.string().trim().max(120).default(''),
    }),
    response: okEnvelope(qrCodeSchema),
  }),
  remove: defineEndpoint({
    method: 'DELETE',
    path: '/auth-qrcode/:id',
    summary: 'Desktop: delete the QR code (leaving the tab)',
    tags: ['auth'],
    auth: false,
    params: z.object({ id: idField }),
    response: ok,
  }),
  scan: defineEndpoint({
    method: 'POST',
    path: '/auth-qrcode/code/:code/scan',
    summary: 'Phone (signed in): the QR was scanned; returns the device to confirm',
    tags: ['auth'],
    params: codeParam,
    response: okEnvelope(
      z.object({ device_name: z.string(), position: z.string(), expiration_date: z.string() }),
    ),
  }),
  accept: defineEndpoint({
    method: 'POST',
    path: '/auth-qrcode/code/:code/accept',
    summary: 'Phone (signed in): sign the desktop in',
    tags: ['auth'],
    params: codeParam,
    response: ok,
  }),
  reject: defineEndpoint({
    method: 'POST',
    path: '/auth-qrcode/code/:code/reject',
    summary: 'Phone (signed in): refuse the sign-in',
    tags: ['auth'],
    params: codeParam,
    response: ok,
  }),
};
