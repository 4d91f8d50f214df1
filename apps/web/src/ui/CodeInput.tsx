import { Input, PinInput } from '@mantine/core';
import { OTP_LENGTH } from '@tantieme/contract';

/** The 6-slot one-time code input (SPEC §9 OTP 6 digits), numeric, one-time-code autofill. */
export function CodeInput({
  value,
  onChange,
  onComplete,
  error,
  label = 'Code de vérification',
  disabled,
}: {
  value: string;
  onChange(v: string): void;
  onComplete?(v: string): void;
  error?: string | null;
  label?: string;
  disabled?: boolean;
}) {
  return (
    <Input.Wrapper label={label} error={error} required>
      <PinInput
        length={OTP_LENGTH}
        type="number"
        oneTimeCode
        autoFocus
        value={value}
        onChange={onChange}
        onComplete={onComplete}
        error={!!error}
        disabled={disabled}
        aria-label={label}
        getInputProps={(i) => ({ 'aria-label': `${label}, chiffre ${i + 1}` })}
        mt={4}
      />
    </Input.Wrapper>
  );
}
