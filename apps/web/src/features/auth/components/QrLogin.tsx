import { Alert, Avatar, Button, Center, Group, Loader, Stack, Text } from '@mantine/core';
import {
  identityEndpoints,
  QR_EVENTS,
  qrcodeEndpoints,
  type QrCode,
  type QrScanner,
  type User,
} from '@tantieme/contract';
import { QRCodeSVG } from 'qrcode.react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { io, type Socket } from 'socket.io-client';
import { api } from '../../../api';
import { Countdown } from '../../../ui/Countdown';
import { authFr } from '../fr';
import { apiMessage } from '../validate';

const deviceName = () => {
  const ua = navigator.userAgent;
  const browser = /Edg\//.test(ua)
    ? 'Edge'
    : /Firefox\//.test(ua)
      ? 'Firefox'
      : /Chrome\//.test(ua)
        ? 'Chrome'
        : /Safari\//.test(ua)
          ? 'Safari'
          : 'Navigateur';
  const os = /Windows/.test(ua)
    ? 'Windows'
    : /Mac OS X/.test(ua)
      ? 'macOS'
      : /Android/.test(ua)
        ? 'Android'
        : /iPhone|iPad/.test(ua)
          ? 'iOS'
          : /Linux/.test(ua)
            ? 'Linux'
            : '';
  return os ? `${browser} sur ${os}` : browser;
};
const position = () => {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone ?? '';
  } catch {
    return '';
  }
};

/**
 * QR Code tab (SPEC §4 Login): a code with its expiry, regenerated when it expires; a phone
 * that scans it shows up here; on 'accept' a one-time token arrives over Socket.IO and signs
 * this browser in. Leaving the tab deletes the code.
 */
export function QrLogin({ onSignedIn }: { onSignedIn(token: string, user: User): void }) {
  const [qr, setQr] = useState<QrCode | null>(null);
  const [scanner, setScanner] = useState<QrScanner | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const socket = useRef<Socket | null>(null);
  const current = useRef<QrCode | null>(null);
  const signedIn = useRef(onSignedIn);
  signedIn.current = onSignedIn;

  const drop = useCallback((code: QrCode | null) => {
    if (!code) return;
    socket.current?.emit(QR_EVENTS.leave, code.id);
    void api.call(qrcodeEndpoints.remove, { params: { id: code.id } }).catch(() => {});
  }, []);

  const generate = useCallback(async () => {
    drop(current.current);
    current.current = null;
    setQr(null);
    setScanner(null);
    setError(null);
    try {
      const code = await api.call(qrcodeEndpoints.generate, {
        body: { device_name: deviceName(), position: position() },
      });
      current.current = code;
      setQr(code);
      socket.current?.emit(QR_EVENTS.join, code.id);
    } catch (err) {
      setError(apiMessage(err));
    }
  }, [drop]);

  useEffect(() => {
    // The public /qr namespace: the default one requires a session token.
    const s = io('/qr', { path: '/socket.io', transports: ['websocket', 'polling'] });
    socket.current = s;
    s.on('connect', () => {
      if (current.current) s.emit(QR_EVENTS.join, current.current.id);
    });
    s.on(QR_EVENTS.scanned, (p: QrScanner) => {
      setScanner(p);
      setNotice(null);
    });
    s.on(QR_EVENTS.rejected, () => {
      setNotice(authFr.login.qrRejected);
      void generate();
    });
    s.on(QR_EVENTS.accepted, async (p: { token: string }) => {
      const code = current.current;
      if (!code) return;
      try {
        const session = await api.call(identityEndpoints.qrLogin, { body: { id: code.id, token: p.token } });
        current.current = null;
        signedIn.current(session.token, session.user);
      } catch (err) {
        setError(apiMessage(err));
      }
    });
    void generate();
    // Closing or leaving the page also deletes the code.
    const onHide = () => {
      const code = current.current;
      if (code)
        void fetch(`/api/auth-qrcode/${code.id}`, { method: 'DELETE', keepalive: true }).catch(() => {});
    };
    window.addEventListener('pagehide', onHide);
    return () => {
      window.removeEventListener('pagehide', onHide);
      drop(current.current);
      current.current = null;
      s.disconnect();
    };
  }, [generate, drop]);

  return (
    <Stack align="center" gap="sm">
      <Text size="sm" c="dimmed" ta="center">
        {authFr.login.qrHelp}
      </Text>
      {error && (
        <Alert color="red" w="100%">
          {error}
        </Alert>
      )}
      {notice && (
        <Alert color="yellow" w="100%">
          {notice}
        </Alert>
      )}
      <Center
        w={220}
        h={220}
        bg="white"
        style={{ borderRadius: 8, border: '1px solid var(--mantine-color-gray-3)' }}
      >
        {qr ? (
          <QRCodeSVG
            value={qr.qrcode_url}
            size={200}
            marginSize={1}
            title={authFr.login.qrAlt}
            data-testid="qr-code"
            data-url={qr.qrcode_url}
          />
        ) : (
          <Loader aria-label="Chargement du QR code" />
        )}
      </Center>
      {qr && <Countdown key={qr.id} until={qr.expiration_date} onEnd={() => void generate()} />}
      {scanner && (
        <Group gap="sm" wrap="nowrap" data-testid="qr-scanner">
          <Avatar src={scanner.avatar} alt="" radius="xl">
            {scanner.fullName
              .split(' ')
              .map((w) => w[0])
              .join('')
              .slice(0, 2)}
          </Avatar>
          <Text size="sm">{authFr.login.qrScanned(scanner.fullName)}</Text>
        </Group>
      )}
      <Button variant="subtle" size="xs" onClick={() => void generate()}>
        {authFr.login.qrRegenerate}
      </Button>
    </Stack>
  );
}
