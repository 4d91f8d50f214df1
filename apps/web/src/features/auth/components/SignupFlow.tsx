import {
  Alert,
  Anchor,
  Button,
  Group,
  PasswordInput,
  SimpleGrid,
  Stack,
  Stepper,
  Text,
  TextInput,
} from '@mantine/core';
import { msg } from '@tantieme/contract';
import { CodeInput } from '../../../ui/CodeInput';
import { Countdown } from '../../../ui/Countdown';
import { EmailInput } from '../../../ui/EmailInput';
import { PhoneInput } from '../../../ui/PhoneInput';
import { authFr } from '../fr';
import { checkEmail } from '../validate';
import { CaptchaStatus } from './CaptchaStatus';
import { STEP, type SignupProps, useSignupFlow } from './useSignupFlow';

export type { SignupMode } from './useSignupFlow';
const t = authFr.register;

/**
 * The register steps shared by /register and the invitation page (SPEC §2.10, §2.12, §4):
 * input_data → verify (e-mail code; then the account is created and the invitation used)
 * → link_phone (captcha) → verify_phone → onDone.
 */
export function SignupFlow(props: SignupProps) {
  const {
    mode,
    data,
    setData,
    errors,
    setErrors,
    formError,
    busy,
    code,
    setCode,
    codeError,
    setCodeError,
    resendAt,
    canResend,
    setCanResend,
    phone,
    setPhone,
    phoneError,
    setPhoneError,
    captcha,
    set,
    resend,
    onSubmit,
    codeStep,
  } = useSignupFlow(props);
  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="md">
        <div aria-hidden="true">
          <Stepper active={STEP[mode]} size="xs" iconSize={24} allowNextStepsSelect={false}>
            {t.steps.map((label) => (
              <Stepper.Step key={label} />
            ))}
          </Stepper>
        </div>
        <Text fw={600} ta="center">
          {`Étape ${STEP[mode] + 1} sur 4 : ${t.steps[STEP[mode]]}`}
        </Text>
        {formError && (
          <Alert color="red" role="alert">
            {formError}
          </Alert>
        )}
        {mode === 'input_data' && (
          <>
            <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
              <TextInput
                label={t.firstName}
                autoComplete="given-name"
                value={data.first_name}
                onChange={set('first_name')}
                error={errors.first_name}
                required
              />
              <TextInput
                label={t.lastName}
                autoComplete="family-name"
                value={data.last_name}
                onChange={set('last_name')}
                error={errors.last_name}
                required
              />
            </SimpleGrid>
            <EmailInput
              label={t.email}
              value={data.email}
              onChange={(v) => {
                setData((d) => ({ ...d, email: v }));
                setErrors((x) => ({ ...x, email: v && checkEmail(v) ? msg.emailSyntax : undefined }));
              }}
              error={errors.email}
              required
            />
            <PasswordInput
              label={t.password}
              autoComplete="new-password"
              value={data.password}
              onChange={set('password')}
              error={errors.password}
              aria-invalid={!!errors.password}
              required
            />
            <PasswordInput
              label={t.confirmPassword}
              autoComplete="new-password"
              value={data.confirm}
              onChange={set('confirm')}
              error={errors.confirm}
              aria-invalid={!!errors.confirm}
              required
            />
          </>
        )}
        {mode === 'link_phone' && (
          <>
            <Text size="sm" c="dimmed">
              {t.phoneHelp}
            </Text>
            <PhoneInput
              label={t.phone}
              value={phone}
              onChange={setPhone}
              error={phoneError}
              onErrorChange={setPhoneError}
              required
              autoFocus
            />
            <CaptchaStatus status={captcha.status} />
          </>
        )}
        {codeStep && (
          <>
            <Text size="sm">
              {mode === 'verify' ? t.emailSent(data.email.trim()) : t.smsSent(phone.formatted)}
            </Text>
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
                <Anchor component="button" type="button" size="sm" onClick={resend}>
                  {t.resend}
                </Anchor>
              ) : (
                <Countdown until={resendAt} onEnd={() => setCanResend(true)} />
              )}
            </Group>
          </>
        )}
        <Button type="submit" loading={busy} fullWidth>
          {mode === 'verify' ? t.verify : t.next}
        </Button>
      </Stack>
    </form>
  );
}
