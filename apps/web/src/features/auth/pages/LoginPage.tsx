import {
  Alert,
  Anchor,
  Button,
  Center,
  Paper,
  PasswordInput,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { ApiError, identityEndpoints, isEmail, msg } from '@tantieme/contract';
import { useState } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { api } from '../../../api';
import { useSession } from '../../../app/session';

/** Sign-in by e-mail and password (the identity feature adds the phone and QR tabs). */
export default function LoginPage() {
  const { syndic } = useParams();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const { signIn } = useSession();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<{ email?: string; password?: string; form?: string }>({});
  const [busy, setBusy] = useState(false);
  const prefix = syndic ? `/s/${syndic}` : '';

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    const next: typeof errors = {};
    if (!email.trim()) next.email = msg.required;
    else if (!isEmail(email)) next.email = msg.emailSyntax;
    if (!password) next.password = msg.required;
    setErrors(next);
    if (Object.keys(next).length) return;
    setBusy(true);
    try {
      const s = await api.call(identityEndpoints.login, { body: { email: email.trim(), password } });
      signIn(s.token, s.user);
      navigate(params.get('redirect') || (syndic ? `/s/${syndic}` : '/'), { replace: true });
    } catch (err) {
      const e2 = err instanceof ApiError ? err : null;
      if (e2?.code === 'WRONG_PASSWORD') setErrors({ password: e2.message });
      else if (e2?.code === 'USER_NOT_FOUND') setErrors({ email: e2.message });
      else setErrors({ form: e2?.message ?? 'Une erreur est survenue. Veuillez réessayer.' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Center mih="100vh" p="md" bg="gray.0">
      <Paper withBorder shadow="sm" p="xl" radius="lg" w="100%" maw={420}>
        <form onSubmit={submit} noValidate>
          <Stack>
            <Center>
              <img src="/logo-tantieme.svg" alt="Tantième" width={56} height={56} />
            </Center>
            <Title order={1} size="h2" ta="center">
              Connexion
            </Title>
            {errors.form && <Alert color="red">{errors.form}</Alert>}
            <TextInput
              label="E-mail"
              type="email"
              autoComplete="email"
              value={email}
              onChange={(e) => setEmail(e.currentTarget.value)}
              error={errors.email}
              required
            />
            <PasswordInput
              label="Mot de passe"
              autoComplete="current-password"
              value={password}
              onChange={(e) => setPassword(e.currentTarget.value)}
              error={errors.password}
              required
            />
            <Button type="submit" loading={busy} fullWidth>
              Se connecter
            </Button>
            <Text size="sm" ta="center">
              <Anchor component={Link} to={`${prefix}/forgot-password`}>
                Mot de passe oublié ?
              </Anchor>
              {' · '}
              <Anchor component={Link} to={`${prefix}/register`}>
                Créer un compte
              </Anchor>
            </Text>
          </Stack>
        </form>
      </Paper>
    </Center>
  );
}
