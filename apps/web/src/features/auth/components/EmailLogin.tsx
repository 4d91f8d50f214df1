import { Alert, Button, PasswordInput, Stack, TextInput } from '@mantine/core';
import {
  authMsg,
  identityEndpoints,
  looksLikeAttachToken,
  msg,
  solveCaptcha,
  type User,
} from '@tantieme/contract';
import { type FormEvent, useState } from 'react';
import { api } from '../../../api';
import { authFr } from '../fr';
import { apiCode, apiMessage, checkEmail } from '../validate';

const signIn = (body: { email: string; password: string; captcha?: string }) =>
  api.call(identityEndpoints.login, { body });

/** Email tab: e-mail and password (SPEC §5 Login, §8 Login errors). */
export function EmailLogin({ onSignedIn }: { onSignedIn(token: string, user: User): void }) {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<{ email?: string; password?: string; form?: string }>({});
  const [busy, setBusy] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const next: typeof errors = { email: checkEmail(email), password: password ? undefined : msg.required };
    setErrors(next);
    if (next.email || next.password) return;
    setBusy(true);
    try {
      const body = { email: email.trim(), password };
      let s: Awaited<ReturnType<typeof signIn>>;
      try {
        s = await signIn(body);
      } catch (err) {
        // Too many failed sign-ins for this e-mail (decision 46): solve the proof-of-work
        // invisibly and try once more with it.
        if (apiCode(err) !== 'CAPTCHA_REQUIRED') throw err;
        const challenge = await api.call(identityEndpoints.captchaChallenge);
        s = await signIn({ ...body, captcha: (await solveCaptcha(challenge)) ?? undefined });
      }
      onSignedIn(s.token, s.user);
    } catch (err) {
      const c = apiCode(err);
      if (c === 'WRONG_PASSWORD')
        setErrors({
          password: looksLikeAttachToken(password)
            ? authMsg.attachCodeInsteadOfPassword
            : authMsg.passwordMismatch,
        });
      else if (c === 'USER_NOT_FOUND') setErrors({ email: authMsg.emailNotRegistered });
      else setErrors({ form: apiMessage(err) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        {errors.form && (
          <Alert color="red" role="alert">
            {errors.form}
          </Alert>
        )}
        <TextInput
          label={authFr.login.email}
          type="email"
          autoComplete="email"
          value={email}
          onChange={(e) => {
            const v = e.currentTarget.value;
            setEmail(v);
            setErrors((x) => ({ ...x, email: v && checkEmail(v) ? msg.emailSyntax : undefined }));
          }}
          error={errors.email}
          required
        />
        <PasswordInput
          label={authFr.login.password}
          autoComplete="current-password"
          value={password}
          onChange={(e) => setPassword(e.currentTarget.value)}
          error={errors.password}
          required
        />
        <Button type="submit" loading={busy} fullWidth>
          {authFr.login.submit}
        </Button>
      </Stack>
    </form>
  );
}
