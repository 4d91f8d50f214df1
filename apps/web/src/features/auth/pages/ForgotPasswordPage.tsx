import { Alert, Anchor, Button, Group, Modal, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { authMsg, CODE_RESEND_COUNTDOWN_S, identityEndpoints, msg, OTP_LENGTH } from '@tantieme/contract';
import { type FormEvent, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { api } from '../../../api';
import { CodeInput } from '../../../ui/CodeInput';
import { Countdown } from '../../../ui/Countdown';
import { AuthCard } from '../components/AuthCard';
import { authFr } from '../fr';
import { authPath } from '../paths';
import { apiCode, apiMessage, checkEmail, checkPassword } from '../validate';

type Mode = 'input_email' | 'input_verify_code' | 'input_new_password';
const t = authFr.forgot;

/** Forgot password (SPEC §2.11, §4, §8): e-mail → code → new password → alert → /login. */
export default function ForgotPasswordPage() {
  const { syndic } = useParams();
  const navigate = useNavigate();
  const [mode, setMode] = useState<Mode>('input_email');
  const [email, setEmail] = useState('');
  const [code, setCode] = useState('');
  const [pw, setPw] = useState('');
  const [confirm, setConfirm] = useState('');
  const [errors, setErrors] = useState<Partial<Record<'email' | 'code' | 'pw' | 'confirm', string>>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [resendAt, setResendAt] = useState(0);
  const [canResend, setCanResend] = useState(false);
  const [done, setDone] = useState(false);

  const send = async () => {
    try {
      await api.call(identityEndpoints.forgotPassword, { body: { email: email.trim() } });
      setResendAt(Date.now() + CODE_RESEND_COUNTDOWN_S * 1000);
      setCanResend(false);
      return true;
    } catch (err) {
      const c = apiCode(err);
      if (c === 'ACCOUNT_NOT_FOUND') setErrors({ email: authMsg.forgotAccountNotFound });
      else if (c === 'RATE_LIMITED' || c === 'RESEND_TOO_SOON') setFormError(apiMessage(err));
      else setErrors({ email: authMsg.forgotOther });
      return false;
    }
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setFormError(null);
    setBusy(true);
    try {
      if (mode === 'input_email') {
        const err = checkEmail(email);
        setErrors({ email: err });
        if (!err && (await send())) setMode('input_verify_code');
      } else if (mode === 'input_verify_code') {
        if (code.length !== OTP_LENGTH) return setErrors({ code: msg.required });
        try {
          await api.call(identityEndpoints.checkForgotPassword, {
            params: { x: code },
            query: { email: email.trim() },
          });
          setMode('input_new_password');
        } catch (err) {
          const c = apiCode(err);
          setErrors({
            code:
              c === 'CODE_EXPIRED'
                ? authMsg.forgotExpired
                : c === 'RATE_LIMITED'
                  ? apiMessage(err)
                  : authMsg.forgotCodeNotFound,
          });
        }
      } else {
        const next = {
          pw: checkPassword(pw),
          confirm: !confirm ? msg.required : confirm !== pw ? msg.confirmForgot : undefined,
        };
        setErrors(next);
        if (next.pw || next.confirm) return;
        try {
          await api.call(identityEndpoints.resetPassword, {
            params: { x: code },
            body: { email: email.trim(), new_password: pw },
          });
          setDone(true);
        } catch (err) {
          setFormError(apiCode(err) === 'CODE_EXPIRED' ? authMsg.forgotExpired : apiMessage(err));
        }
      }
    } finally {
      setBusy(false);
    }
  };

  return (
    <AuthCard alias={syndic} title={t.title} subtitle={mode === 'input_email' ? t.emailHelp : undefined}>
      <form onSubmit={submit} noValidate>
        <Stack>
          {formError && (
            <Alert color="red" role="alert">
              {formError}
            </Alert>
          )}
          {mode === 'input_email' && (
            <TextInput
              label={t.email}
              type="email"
              autoComplete="email"
              value={email}
              onChange={(e) => {
                const v = e.currentTarget.value;
                setEmail(v);
                setErrors({ email: v && checkEmail(v) ? msg.emailSyntax : undefined });
              }}
              error={errors.email}
              required
            />
          )}
          {mode === 'input_verify_code' && (
            <>
              <Text size="sm">{authFr.register.emailSent(email.trim())}</Text>
              <CodeInput
                label={t.code}
                value={code}
                onChange={(v) => {
                  setCode(v);
                  setErrors({});
                }}
                error={errors.code}
              />
              <Group mih={24}>
                {canResend ? (
                  <Anchor component="button" type="button" size="sm" onClick={() => void send()}>
                    {authFr.register.resend}
                  </Anchor>
                ) : (
                  <Countdown until={resendAt} onEnd={() => setCanResend(true)} />
                )}
              </Group>
            </>
          )}
          {mode === 'input_new_password' && (
            <>
              <PasswordInput
                label={t.newPassword}
                autoComplete="new-password"
                value={pw}
                onChange={(e) => setPw(e.currentTarget.value)}
                error={errors.pw}
                aria-invalid={!!errors.pw}
                required
                autoFocus
              />
              <PasswordInput
                label={t.confirm}
                autoComplete="new-password"
                value={confirm}
                onChange={(e) => setConfirm(e.currentTarget.value)}
                error={errors.confirm}
                aria-invalid={!!errors.confirm}
                required
              />
            </>
          )}
          <Button type="submit" loading={busy} fullWidth>
            {mode === 'input_email' ? t.send : mode === 'input_verify_code' ? t.verify : t.save}
          </Button>
          <Text size="sm" ta="center">
            <Anchor component={Link} to={authPath('login', syndic)}>
              {t.back}
            </Anchor>
          </Text>
        </Stack>
      </form>
      <Modal
        opened={done}
        onClose={() => navigate(authPath('login', syndic), { replace: true })}
        withCloseButton={false}
        centered
        title={t.title}
      >
        <Stack>
          <Text role="alert">{authMsg.forgotDone}</Text>
          <Button onClick={() => navigate(authPath('login', syndic), { replace: true })}>{t.ok}</Button>
        </Stack>
      </Modal>
    </AuthCard>
  );
}
