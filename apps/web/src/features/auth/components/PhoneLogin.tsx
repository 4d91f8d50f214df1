import { Alert, Anchor, Button, Group, Stack, Text } from '@mantine/core';
import {
  authMsg,
  CODE_RESEND_COUNTDOWN_S,
  identityEndpoints,
  isLoginMobile,
  msg,
  OTP_LENGTH,
  type User,
} from '@tantieme/contract';
import { type FormEvent, useState } from 'react';
import { api } from '../../../api';
import { CodeInput } from '../../../ui/CodeInput';
import { Countdown } from '../../../ui/Countdown';
import { emptyPhone, type PhoneValue, PhoneInput } from '../../../ui/PhoneInput';
import { authFr } from '../fr';
import { apiCode, apiMessage } from '../validate';
import { CaptchaStatus } from './CaptchaStatus';
import { useCaptcha } from './useCaptcha';

/** Téléphone tab: SMS code sign-in (SPEC §4 Login, §5 Login phone, §8 Login). */
export function PhoneLogin({ onSignedIn }: { onSignedIn(token: string, user: User): void }) {
  const [mode, setMode] = useState<'link_phone' | 'verify_phone'>('link_phone');
  const [phone, setPhone] = useState<PhoneValue>(emptyPhone());
  const [phoneError, setPhoneError] = useState<string | null>(null);
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [resendAt, setResendAt] = useState(0);
  const [canResend, setCanResend] = useState(false);
  const captcha = useCaptcha(true);

  const send = async () => {
    const payload = captcha.take();
    if (!payload) {
      setPhoneError(authMsg.captcha);
      setMode('link_phone');
      return;
    }
    try {
      await api.call(identityEndpoints.phoneSendCode, { body: { phone: phone.e164!, captcha: payload } });
      setResendAt(Date.now() + CODE_RESEND_COUNTDOWN_S * 1000);
      setCanResend(false);
      setCode('');
      setMode('verify_phone');
    } catch (err) {
      // SPEC §8: any other phone-auth error shows its message and returns to link_phone.
      setPhoneError(apiCode(err) === 'PHONE_NOT_FOUND' ? authMsg.phoneNotRegistered : apiMessage(err));
      setMode('link_phone');
    }
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setFormError(null);
    if (mode === 'link_phone') {
      if (!phone.national.trim()) return setPhoneError(msg.required);
      if (!phone.e164 || !isLoginMobile(phone.e164)) return setPhoneError(msg.phoneInvalid);
      setBusy(true);
      await send();
      setBusy(false);
      return;
    }
    if (code.length !== OTP_LENGTH) return setCodeError(msg.required);
    setBusy(true);
    try {
      const s = await api.call(identityEndpoints.phoneLogin, { body: { phone: phone.e164!, code } });
      onSignedIn(s.token, s.user);
    } catch (err) {
      const c = apiCode(err);
      if (c === 'CODE_INVALID') setCodeError(authMsg.codeInvalid);
      else if (c === 'CODE_NOT_FOUND' || c === 'CODE_EXPIRED') setCodeError(authMsg.codeMissing);
      else {
        setPhoneError(apiMessage(err));
        setMode('link_phone');
      }
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        {formError && <Alert color="red">{formError}</Alert>}
        {mode === 'link_phone' ? (
          <>
            <PhoneInput
              label={authFr.login.phone}
              value={phone}
              onChange={setPhone}
              error={phoneError}
              onErrorChange={setPhoneError}
              required
            />
            <CaptchaStatus status={captcha.status} />
          </>
        ) : (
          <>
            <Text size="sm">{authFr.login.codeSentTo(phone.formatted)}</Text>
            <CodeInput
              value={code}
              onChange={(v) => {
                setCode(v);
                setCodeError(null);
              }}
              error={codeError}
            />
            <Group justify="space-between" mih={24}>
              {canResend ? (
                <Anchor component="button" type="button" size="sm" onClick={() => void send()}>
                  {authFr.register.resend}
                </Anchor>
              ) : (
                <Countdown until={resendAt} onEnd={() => setCanResend(true)} />
              )}
              <Anchor component="button" type="button" size="sm" onClick={() => setMode('link_phone')}>
                {authFr.login.changePhone}
              </Anchor>
            </Group>
          </>
        )}
        <Button type="submit" loading={busy} fullWidth>
          {mode === 'link_phone' ? authFr.login.sendCode : authFr.login.submit}
        </Button>
      </Stack>
    </form>
  );
}
