import { Alert, Button, Group, Loader, Stack, Table, Text } from '@mantine/core';
import { qrcodeEndpoints } from '@tantieme/contract';
import { useEffect, useRef, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { api } from '../../../api';
import { AuthCard } from '../components/AuthCard';
import { authFr } from '../fr';
import { apiMessage } from '../validate';

const t = authFr.qrConfirm;

/** Opened by the phone that scanned a login QR code: shows the device and asks to accept. */
export default function QrConfirmPage() {
  const { code = '' } = useParams();
  const [device, setDevice] = useState<{ device_name: string; position: string } | null>(null);
  const [state, setState] = useState<'loading' | 'ask' | 'accepted' | 'rejected' | 'error'>('loading');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const scanned = useRef(false);

  useEffect(() => {
    if (scanned.current) return;
    scanned.current = true;
    api
      .call(qrcodeEndpoints.scan, { params: { code } })
      .then((d) => {
        setDevice(d);
        setState('ask');
      })
      .catch((err) => {
        setError(apiMessage(err));
        setState('error');
      });
  }, [code]);

  const answer = async (yes: boolean) => {
    setBusy(true);
    try {
      await api.call(yes ? qrcodeEndpoints.accept : qrcodeEndpoints.reject, { params: { code } });
      setState(yes ? 'accepted' : 'rejected');
    } catch (err) {
      setError(apiMessage(err));
      setState('error');
    } finally {
      setBusy(false);
    }
  };

  return (
    <AuthCard title={t.title}>
      {state === 'loading' && (
        <Group justify="center">
          <Loader aria-label="Chargement" />
        </Group>
      )}
      {state === 'ask' && device && (
        <Stack>
          <Text ta="center">{t.question}</Text>
          <Table withTableBorder variant="vertical">
            <Table.Tbody>
              <Table.Tr>
                <Table.Th w={110}>{t.device}</Table.Th>
                <Table.Td data-testid="qr-device">{device.device_name}</Table.Td>
              </Table.Tr>
              {device.position && (
                <Table.Tr>
                  <Table.Th>{t.position}</Table.Th>
                  <Table.Td>{device.position}</Table.Td>
                </Table.Tr>
              )}
            </Table.Tbody>
          </Table>
          <Group grow>
            <Button variant="default" onClick={() => answer(false)} disabled={busy}>
              {t.reject}
            </Button>
            <Button onClick={() => answer(true)} loading={busy}>
              {t.accept}
            </Button>
          </Group>
        </Stack>
      )}
      {state === 'accepted' && (
        <Alert color="teal" role="status">
          {t.accepted}
        </Alert>
      )}
      {state === 'rejected' && (
        <Alert color="gray" role="status">
          {t.rejected}
        </Alert>
      )}
      {state === 'error' && (
        <Alert color="red" role="alert">
          {error}
        </Alert>
      )}
      {state !== 'loading' && state !== 'ask' && (
        <Button component={Link} to="/" variant="light">
          {t.home}
        </Button>
      )}
    </AuthCard>
  );
}
