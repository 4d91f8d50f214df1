import {
  Alert,
  Avatar,
  Button,
  FileButton,
  Group,
  Paper,
  PasswordInput,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconCamera } from '@tabler/icons-react';
import { authMsg, identityEndpoints, msg, splitFullName } from '@tantieme/contract';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useState } from 'react';
import { api } from '../../../api';
import { useSession } from '../../../app/session';
import { LoadingOverlay } from '../../../ui/LoadingOverlay';
import { apiCode, apiMessage, checkPassword, checkRequired } from '../../auth/validate';
import { profileFr as t } from '../fr';
import { MyDataPanel } from '../MyDataPanel';

const AVATAR_ACCEPT = 'image/jpeg,image/png,image/gif,.jpg,.jpeg,.png,.gif';
const TYPES: Record<string, 'image/jpeg' | 'image/png' | 'image/gif'> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
};

/** Profile (SPEC §2.13, §5): avatar upload, information form, change-password form. */
export default function UserInfoPage() {
  const { user, token } = useSession();
  const qc = useQueryClient();
  const [fullName, setFullName] = useState('');
  const [nameError, setNameError] = useState<string | undefined>();
  const [savingInfo, setSavingInfo] = useState(false);
  const [uploading, setUploading] = useState(false);
  const [avatarError, setAvatarError] = useState<string | null>(null);
  const [pw, setPw] = useState({ old: '', next: '', retype: '' });
  const [pwErrors, setPwErrors] = useState<Partial<Record<'old' | 'next' | 'retype', string>>>({});
  const [savingPw, setSavingPw] = useState(false);

  useEffect(() => {
    if (user) setFullName(`${user.first_name} ${user.last_name}`.trim());
  }, [user]);
  if (!user) return <LoadingOverlay />;

  const setUser = (u: typeof user) => qc.setQueryData(['profile', token], u);

  const uploadAvatar = async (file: File | null) => {
    if (!file) return;
    setAvatarError(null);
    const ext = file.name.split('.').pop()?.toLowerCase() ?? '';
    const type = TYPES[ext];
    if (!type) return setAvatarError('Le fichier doit être une image jpg, jpeg, png ou gif.');
    setUploading(true);
    try {
      const pre = await api.call(identityEndpoints.avatarPresignedUrl, {
        body: { file_name: file.name, file_type: type },
      });
      const put = await fetch(pre.upload_url, {
        method: 'PUT',
        headers: { 'content-type': type },
        body: file,
      });
      if (!put.ok) throw new Error('upload');
      setUser(await api.call(identityEndpoints.uploadAccountAvatar, { body: { key: pre.key } }));
      notifications.show({ color: 'teal', message: t.avatarSaved });
    } catch (err) {
      setAvatarError(apiMessage(err, 'Le téléversement a échoué. Veuillez réessayer.'));
    } finally {
      setUploading(false);
    }
  };

  const saveInfo = async (e: FormEvent) => {
    e.preventDefault();
    const err = checkRequired(fullName);
    setNameError(err);
    if (err) return;
    setSavingInfo(true);
    try {
      setUser(await api.call(identityEndpoints.updateUserProfile, { body: splitFullName(fullName) }));
      notifications.show({ color: 'teal', message: t.saved });
    } catch (e2) {
      setNameError(apiMessage(e2));
    } finally {
      setSavingInfo(false);
    }
  };

  const savePassword = async (e: FormEvent) => {
    e.preventDefault();
    const errs = {
      old: pw.old ? undefined : msg.required,
      next: checkPassword(pw.next),
      retype: !pw.retype
        ? msg.required
        : (checkPassword(pw.retype) ?? (pw.retype !== pw.next ? msg.confirmChange : undefined)),
    };
    setPwErrors(errs);
    if (errs.old || errs.next || errs.retype) return;
    setSavingPw(true);
    try {
      await api.call(identityEndpoints.changePassword, {
        body: { old_password: pw.old, new_password: pw.next },
      });
      setPw({ old: '', next: '', retype: '' });
      notifications.show({ color: 'teal', message: t.passwordSaved });
    } catch (err) {
      if (apiCode(err) === 'WRONG_OLD_PASSWORD') setPwErrors({ old: authMsg.wrongOldPassword });
      else setPwErrors({ old: apiMessage(err) });
    } finally {
      setSavingPw(false);
    }
  };

  const initials = `${user.first_name[0] ?? ''}${user.last_name[0] ?? ''}`.toUpperCase();
  return (
    <Stack gap="lg" py="md" maw={860} mx="auto">
      <Title order={1} size="h2">
        {t.title}
      </Title>
      <Paper withBorder p="lg" radius="md">
        <Group gap="lg" wrap="wrap">
          <Avatar src={user.avatar} size={96} radius={96} alt={t.avatar} color="tantieme">
            {initials}
          </Avatar>
          <Stack gap={6}>
            <Text fw={600} size="lg">
              {user.first_name} {user.last_name}
            </Text>
            <FileButton onChange={uploadAvatar} accept={AVATAR_ACCEPT}>
              {(props) => (
                <Button {...props} variant="light" leftSection={<IconCamera size={16} />} loading={uploading}>
                  {t.changeAvatar}
                </Button>
              )}
            </FileButton>
            <Text size="xs" c="dimmed">
              {t.avatarHint}
            </Text>
            {avatarError && (
              <Alert color="red" p="xs" role="alert">
                {avatarError}
              </Alert>
            )}
          </Stack>
        </Group>
      </Paper>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <Paper withBorder p="lg" radius="md" component="form" onSubmit={saveInfo} noValidate>
          <Stack>
            <Title order={2} size="h4">
              {t.info}
            </Title>
            <TextInput
              label={t.fullName}
              description={t.fullNameHint}
              value={fullName}
              onChange={(e) => {
                setFullName(e.currentTarget.value);
                setNameError(undefined);
              }}
              error={nameError}
              required
              autoComplete="name"
            />
            <TextInput label={t.email} value={user.email ?? ''} readOnly disabled />
            <TextInput label={t.phone} value={user.phone ?? ''} readOnly disabled />
            <Button type="submit" loading={savingInfo} style={{ alignSelf: 'flex-start' }}>
              {t.save}
            </Button>
          </Stack>
        </Paper>
        <Paper withBorder p="lg" radius="md" component="form" onSubmit={savePassword} noValidate>
          <Stack>
            <Title order={2} size="h4">
              {t.password}
            </Title>
            <PasswordInput
              label={t.oldPassword}
              autoComplete="current-password"
              value={pw.old}
              onChange={(e) => setPw({ ...pw, old: e.currentTarget.value })}
              error={pwErrors.old}
              aria-invalid={!!pwErrors.old}
              required
            />
            <PasswordInput
              label={t.newPassword}
              autoComplete="new-password"
              value={pw.next}
              onChange={(e) => setPw({ ...pw, next: e.currentTarget.value })}
              error={pwErrors.next}
              aria-invalid={!!pwErrors.next}
              required
            />
            <PasswordInput
              label={t.retype}
              autoComplete="new-password"
              value={pw.retype}
              onChange={(e) => setPw({ ...pw, retype: e.currentTarget.value })}
              error={pwErrors.retype}
              aria-invalid={!!pwErrors.retype}
              required
            />
            <Button type="submit" loading={savingPw} style={{ alignSelf: 'flex-start' }}>
              {t.save}
            </Button>
          </Stack>
        </Paper>
      </SimpleGrid>
      <MyDataPanel />
    </Stack>
  );
}
