import { TextInput, type TextInputProps } from '@mantine/core';
import { msg } from '@tantieme/contract';

type FieldProps = Omit<TextInputProps, 'onChange' | 'value'> & {
  value: string;
  onChange: (v: string) => void;
  /** Marks the field as visited (phone errors show on blur, SPEC §5). */
  onTouch: () => void;
};

/** Phone of onboarding: 'Wrong phone syntax' once left with a bad value (SPEC §5). */
export function PhoneField({ value, onChange, onTouch, ...rest }: FieldProps) {
  return (
    <TextInput
      type="tel"
      inputMode="tel"
      autoComplete="tel"
      maxLength={25}
      placeholder={msg.phonePlaceholder}
      value={value}
      onChange={(e) => onChange(e.currentTarget.value)}
      onBlur={onTouch}
      {...rest}
    />
  );
}

/** E-mail of onboarding: 'Le courriel est invalide' as soon as the value is wrong (SPEC §5). */
export function EmailField({ value, onChange, onTouch, ...rest }: FieldProps) {
  return (
    <TextInput
      type="email"
      inputMode="email"
      autoComplete="email"
      maxLength={254}
      value={value}
      onChange={(e) => {
        onChange(e.currentTarget.value);
        onTouch();
      }}
      {...rest}
    />
  );
}
