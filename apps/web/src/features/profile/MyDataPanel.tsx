import {
  Alert,
  Button,
  Group,
  Modal,
  Paper,
  PasswordInput,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconDownload, IconTrash } from '@tabler/icons-react';
import { ApiError, DELETE_ACCOUNT_WORD, myDataEndpoints } from '@tantieme/contract';
import { type FormEvent, useState } from 'react';
import { api, getToken } from '../../api';
import { useSession } from '../../app/session';
import { saveBlob } from '../../ui/download';
import { apiMessage } from '../auth/validate';
import { profileFr as t } from './fr';

/** A long label wraps on a phone instead of being cut ('Télécharger mes données (page lis…'). */
const wraps = {
  h: 'auto',
  mih: 36,
  py: 6,
  styles: { label: { whiteSpace: 'normal' as const, textAlign: 'left' as const } },
};

/** RGPD on the profile page: download all my data (art. 15, 20) and delete my account (art. 17). */
export function MyDataPanel() {
  const { signOut } = useSession();
  const [busy, setBusy] = useState<'json' | 'html' | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [open, setOpen] = useState(false);
  const [word, setWord] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<{ confirmation?: string; password?: string; form?: string }>({});
  const [deleting, setDeleting] = useState(false);

  const download = async (kind: 'json' | 'html') => {
    setBusy(kind);
    setError(null);
    try {
      if (kind === 'json') {
        const data = await api.call(myDataEndpoints.downloadMyData);
        saveBlob(
          new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' }),
          'mes-donnees-tantieme.json',
        );
      } else {
        const res = await fetch('/api/accounts/my-data.html', {
          headers: { authorization: `Bearer ${getToken() ?? ''}` },
        });
        if (!res.ok) throw new Error(String(res.status));
        saveBlob(await res.blob(), 'mes-donnees-tantieme.html');
      }
    } catch {
      setError(t.downloadFailed);
    } finally {
      setBusy(null);
    }
  };

  const remove = async (e: FormEvent) => {
    e.preventDefault();
    if (word.trim().toUpperCase() !== DELETE_ACCOUNT_WORD) {
      setErrors({ confirmation: `Tapez ${DELETE_ACCOUNT_WORD} pour confirmer.` });
      return;
    }
    setDeleting(true);
    try {
      await api.call(myDataEndpoints.deleteMyAccount, {
        body: { confirmation: word, password: password || null },
      });
      notifications.show({ color: 'teal', message: t.deleted });
      await signOut();
    } catch (err) {
      const fields = (err instanceof ApiError ? err.errors : undefined) ?? {};
      setErrors({
        confirmation: fields.confirmation,
        password: fields.password,
        form: fields.confirmation || fields.password ? undefined : apiMessage(err),
      });
    } finally {
      setDeleting(false);
    }
  };

  return (
    <Paper withBorder p="lg" radius="md">
      <Stack>
        <Title order={2} size="h4">
          {t.myData}
        </Title>
        <Text size="sm">{t.myDataHint}</Text>
        <Group>
          <Button
            {...wraps}
            variant="light"
            leftSection={<IconDownload size={16} />}
            loading={busy === 'json'}
            onClick={() => download('json')}
          >
            {t.downloadJson}
          </Button>
          <Button
            {...wraps}
            variant="light"
            leftSection={<IconDownload size={16} />}
            loading={busy === 'html'}
            onClick={() => download('html')}
          >
            {t.downloadHtml}
          </Button>
        </Group>
        {error && (
          <Alert color="red" p="xs" role="alert">
            {error}
          </Alert>
        )}
        <Title order={3} size="h5" mt="md">
          {t.deleteAccount}
        </Title>
        <Text size="sm">{t.deleteHint}</Text>
        <Button
          color="red"
          variant="outline"
          leftSection={<IconTrash size={16} />}
          style={{ alignSelf: 'flex-start' }}
          onClick={() => setOpen(true)}
        >
          {t.deleteAccount}
        </Button>
      </Stack>
      <Modal opened={open} onClose={() => setOpen(false)} title={t.deleteConfirmTitle} centered>
        <form onSubmit={remove} noValidate>
          <Stack>
            <Text size="sm">{t.deleteHint}</Text>
            <PasswordInput
              label={t.deletePasswordLabel}
              description={t.deletePasswordHint}
              autoComplete="current-password"
              value={password}
              onChange={(e) => setPassword(e.currentTarget.value)}
              error={errors.password}
            />
            <TextInput
              label={t.deleteWordLabel}
              value={word}
              onChange={(e) => {
                setWord(e.currentTarget.value);
                setErrors({});
              }}
              error={errors.confirmation}
              autoComplete="off"
              required
            />
            {errors.form && (
              <Alert color="red" p="xs" role="alert">
                {errors.form}
              </Alert>
            )}
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setOpen(false)}>
                {t.cancel}
              </Button>
              <Button type="submit" color="red" loading={deleting}>
                {t.deleteConfirm}
              </Button>
            </Group>
          </Stack>
        </form>
      </Modal>
    </Paper>
  );
}
