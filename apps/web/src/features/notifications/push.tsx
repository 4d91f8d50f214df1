import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { notifications as toasts } from '@mantine/notifications';
import {
  DEVICE_STATUS,
  DEVICE_TYPE,
  NOTIFICATION_DEFAULT_LANGUAGE,
  NOTIFICATION_TOAST_DURATION_MS,
  notificationEndpoints,
  STORAGE_KEYS,
} from '@tantieme/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { api } from '../../api';
import { useSession } from '../../app/session';
import { t } from './fr';
import { keys, logOnly } from './queries';

const pushSupported = () =>
  typeof window !== 'undefined' &&
  'Notification' in window &&
  'serviceWorker' in navigator &&
  'PushManager' in window;

const ASK_EVENT = 'tantieme-push-ask';
/** Opens the 'Autorisation le navigateur' dialog (the bell offers it while permission is 'default'). */
export const askPushPermission = () => window.dispatchEvent(new Event(ASK_EVENT));
/** True while the browser has not been asked yet and the user did not refuse (SPEC §4 'ask'). */
export const canAskPush = () => pushSupported() && Notification.permission === 'default' && !isBlocked();

export const isBlocked = () => localStorage.getItem(STORAGE_KEYS.BLOCK_NOTIFICATION) === '1';
const setBlocked = (on: boolean) =>
  on
    ? localStorage.setItem(STORAGE_KEYS.BLOCK_NOTIFICATION, '1')
    : localStorage.removeItem(STORAGE_KEYS.BLOCK_NOTIFICATION);

function base64ToBytes(b64url: string) {
  const b64 = (b64url + '='.repeat((4 - (b64url.length % 4)) % 4)).replace(/-/g, '+').replace(/_/g, '/');
  const raw = atob(b64);
  return Uint8Array.from(raw, (c) => c.charCodeAt(0));
}

function deviceName() {
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
  return `${browser} (${navigator.platform || 'web'})`;
}

/** Subscribes this browser to Web Push and registers the subscription as the device token (SPEC §3). */
export async function registerPush() {
  const reg = await navigator.serviceWorker.register('/sw.js');
  await navigator.serviceWorker.ready;
  const { public_key } = await api.call(notificationEndpoints.vapidKey);
  const sub =
    (await reg.pushManager.getSubscription()) ??
    (await reg.pushManager.subscribe({
      userVisibleOnly: true,
      applicationServerKey: base64ToBytes(public_key),
    }));
  const token = JSON.stringify(sub.toJSON());
  await api.call(notificationEndpoints.registerDevice, {
    body: {
      device_token: token,
      device_name: deviceName(),
      device_type: DEVICE_TYPE,
      device_language: NOTIFICATION_DEFAULT_LANGUAGE,
      device_info: { name: deviceName(), user_agent: navigator.userAgent },
      // SPEC §3: hours offset from UTC.
      device_gmt: -new Date().getTimezoneOffset() / 60,
      status: DEVICE_STATUS,
    },
  });
  localStorage.setItem(STORAGE_KEYS.DEVICE_TOKEN, token);
}

/**
 * SPEC §4 Browser push permission, once signed in: ask → our dialog 'Autorisation le
 * navigateur' (opened from the bell), then the browser's; granted → register; denied → the blocked flag (the bell
 * shows the blocked text). Foreground pushes become a 5 s toast; a click opens their page.
 */
export function PushPermission() {
  const { token } = useSession();
  const [ask, setAsk] = useState(false);
  const qc = useQueryClient();
  const navigate = useNavigate();

  useEffect(() => {
    if (!token || !pushSupported()) return;
    const state = Notification.permission;
    if (state === 'granted') {
      setBlocked(false);
      registerPush().catch(logOnly('push'));
    } else if (state === 'denied') {
      setBlocked(true);
    }
    // 'default': asked from the bell (a user gesture), never as a pop-up over the page.
    const open = () => setAsk(true);
    window.addEventListener(ASK_EVENT, open);
    return () => window.removeEventListener(ASK_EVENT, open);
  }, [token]);

  useEffect(() => {
    if (!token || !('serviceWorker' in navigator)) return;
    const onMessage = (e: MessageEvent) => {
      const d = e.data as { type?: string; payload?: { title: string; body: string; url: string } };
      if (d?.type !== 'tantieme-push' || !d.payload) return;
      const { title, body, url } = d.payload;
      qc.invalidateQueries({ queryKey: [...keys.notifications, 'count'] });
      toasts.show({
        color: 'red',
        title,
        message: body,
        autoClose: NOTIFICATION_TOAST_DURATION_MS,
        onClick: () => navigate(url),
        style: { cursor: 'pointer' },
      });
    };
    navigator.serviceWorker.addEventListener('message', onMessage);
    return () => navigator.serviceWorker.removeEventListener('message', onMessage);
  }, [token, qc, navigate]);

  const agree = async () => {
    setAsk(false);
    try {
      const result = await Notification.requestPermission();
      if (result === 'granted') {
        setBlocked(false);
        await registerPush();
      } else {
        setBlocked(true);
      }
    } catch (err) {
      logOnly('push')(err);
    }
    window.dispatchEvent(new Event('tantieme-push-permission'));
  };
  const later = () => {
    setAsk(false);
    setBlocked(true);
    window.dispatchEvent(new Event('tantieme-push-permission'));
  };

  return (
    <Modal opened={ask} onClose={later} title={t.permissionTitle} centered>
      <Stack gap="sm" data-testid="push-permission-dialog">
        <Text size="sm">{t.permissionBody}</Text>
        <Text size="xs" c="dark.4">
          {t.permissionNotice}
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={later}>
            {t.permissionLater}
          </Button>
          <Button onClick={agree}>{t.permissionAllow}</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
