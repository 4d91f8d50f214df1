import {
  ApiError,
  authMsg,
  CODE_RESEND_COUNTDOWN_S,
  identityEndpoints,
  msg,
  OTP_LENGTH,
} from '@tantieme/contract';
import { type FormEvent, useState } from 'react';
import { api } from '../../../api';
import { useSession } from '../../../app/session';
import { emptyPhone, type PhoneValue } from '../../../ui/PhoneInput';
import { apiCode, apiMessage, checkEmail, checkPassword, checkRequired } from '../validate';
import { useCaptcha } from './useCaptcha';

export type SignupMode = 'input_data' | 'verify' | 'link_phone' | 'verify_phone';
export const STEP: Record<SignupMode, number> = { input_data: 0, verify: 1, link_phone: 2, verify_phone: 3 };

type DataErrors = Partial<Record<'first_name' | 'last_name' | 'email' | 'password' | 'confirm', string>>;

/** Props of the register steps (SignupFlow). */
export type SignupProps = {
  initialMode: SignupMode;
  invitationCode?: string | null;
  prefill?: { first_name?: string; last_name?: string; email?: string } | null;
  onDone(result: { coproprietaireId: string | null }): void;
  onModeChange?(m: SignupMode): void;
};

/**
 * The state and the submissions of the register steps: each step's form, its checks and the calls
 * that move to the next step (SignupFlow shows them).
 */
export function useSignupFlow({ initialMode, invitationCode, prefill, onDone, onModeChange }: SignupProps) {
  const { signIn, refreshUser } = useSession();
  const [mode, setModeState] = useState<SignupMode>(initialMode);
  const setMode = (m: SignupMode) => {
    setModeState(m);
    onModeChange?.(m);
  };
  const [data, setData] = useState({
    first_name: prefill?.first_name ?? '',
    last_name: prefill?.last_name ?? '',
    email: prefill?.email ?? '',
    password: '',
    confirm: '',
  });
  const [errors, setErrors] = useState<DataErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string | null>(null);
  const [resendAt, setResendAt] = useState<number>(0);
  const [canResend, setCanResend] = useState(false);
  const [phone, setPhone] = useState<PhoneValue>(emptyPhone());
  const [phoneError, setPhoneError] = useState<string | null>(null);
  const [coproprietaireId, setCoproprietaireId] = useState<string | null>(null);
  const captcha = useCaptcha(mode === 'link_phone' || mode === 'verify_phone');

  const startCountdown = () => {
    setResendAt(Date.now() + CODE_RESEND_COUNTDOWN_S * 1000);
    setCanResend(false);
  };

  const set = (k: Exclude<keyof typeof data, 'email'>) => (e: React.ChangeEvent<HTMLInputElement>) => {
    const v = e.currentTarget.value;
    setData((d) => ({ ...d, [k]: v }));
    if (errors[k as keyof DataErrors]) setErrors((x) => ({ ...x, [k]: undefined }));
  };

  const sendEmailCode = async () => {
    await api.call(identityEndpoints.sendVerifyEmailCode, {
      body: { email: data.email.trim(), full_name: `${data.first_name} ${data.last_name}`.trim() },
    });
    startCountdown();
  };

  const submitData = async () => {
    const e: DataErrors = {
      first_name: checkRequired(data.first_name),
      last_name: checkRequired(data.last_name),
      email: checkEmail(data.email),
      password: checkPassword(data.password),
      confirm: !data.confirm
        ? msg.required
        : data.confirm !== data.password
          ? msg.confirmRegister
          : undefined,
    };
    setErrors(e);
    if (Object.values(e).some(Boolean)) return;
    const exists = await api.call(identityEndpoints.checkAccountExists, { params: { x: data.email.trim() } });
    if (exists.exists) {
      setErrors({ email: authMsg.emailExists });
      return;
    }
    try {
      await sendEmailCode();
      setCode('');
      setMode('verify');
    } catch (err) {
      const m = apiMessage(err);
      // SPEC §8: e-mail send errors mentioning the e-mail go on the e-mail field.
      if (apiCode(err) === 'EMAIL_EXISTS' || /e-?mail/i.test(m)) setErrors({ email: m });
      else if (err instanceof ApiError && err.status === 429) setFormError(m);
      else console.error(err);
    }
  };

  const submitVerify = async () => {
    if (code.length !== OTP_LENGTH) {
      setCodeError(msg.required);
      return;
    }
    let id: string;
    try {
      id = (await api.call(identityEndpoints.verifyEmailCode, { body: { email: data.email.trim(), code } }))
        .id;
    } catch (err) {
      setCodeError(apiMessage(err));
      return;
    }
    try {
      const s = await api.call(identityEndpoints.register, {
        body: {
          id,
          email: data.email.trim(),
          password: data.password,
          first_name: data.first_name.trim(),
          last_name: data.last_name.trim(),
          ...(invitationCode ? { code: invitationCode } : {}),
        },
      });
      signIn(s.token, s.user);
      setCoproprietaireId(s.coproprietaire_id);
      setCode('');
      setMode('link_phone');
    } catch (err) {
      setFormError(apiMessage(err));
    }
  };

  const sendSms = async () => {
    const payload = captcha.take();
    if (!payload) {
      setPhoneError(authMsg.captcha);
      return false;
    }
    await api.call(identityEndpoints.sendVerifyPhoneCode, { body: { phone: phone.e164!, captcha: payload } });
    startCountdown();
    return true;
  };

  const submitPhone = async () => {
    if (!phone.national.trim()) return setPhoneError(msg.required);
    if (!phone.valid || !phone.e164) return setPhoneError(msg.phoneInvalid);
    const exists = await api.call(identityEndpoints.checkPhoneExists, { params: { x: phone.e164 } });
    if (exists.exists) return setPhoneError(authMsg.phoneExists);
    try {
      if (await sendSms()) {
        setCode('');
        setMode('verify_phone');
      }
    } catch (err) {
      setPhoneError(apiMessage(err));
    }
  };

  const submitVerifyPhone = async () => {
    if (code.length !== OTP_LENGTH) {
      setCodeError(msg.required);
      return;
    }
    try {
      await api.call(identityEndpoints.updateUserPhone, { body: { phone: phone.e164!, code } });
      await refreshUser();
      onDone({ coproprietaireId });
    } catch (err) {
      setCodeError(apiMessage(err));
    }
  };

  const resend = async () => {
    setFormError(null);
    setCodeError(null);
    try {
      if (mode === 'verify') await sendEmailCode();
      else if (!(await sendSms())) setMode('link_phone');
    } catch (err) {
      setFormError(apiMessage(err));
    }
  };

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    setFormError(null);
    setBusy(true);
    try {
      if (mode === 'input_data') await submitData();
      else if (mode === 'verify') await submitVerify();
      else if (mode === 'link_phone') await submitPhone();
      else await submitVerifyPhone();
    } catch (err) {
      setFormError(apiMessage(err));
    } finally {
      setBusy(false);
    }
  };

  const codeStep = mode === 'verify' || mode === 'verify_phone';
  return {
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
  };
}
