import { Group, Input, Select, TextInput } from '@mantine/core';
import { msg, PHONE_DEFAULT_COUNTRY, PHONE_DROPDOWN_MIN_ROOM_PX, PHONE_MAX_LENGTH } from '@tantieme/contract';
import {
  type CountryCode,
  getCountries,
  getCountryCallingCode,
  parsePhoneNumberFromString,
} from 'libphonenumber-js/min';
import { useId, useMemo, useState } from 'react';

/** SPEC §3 Phone object (plus the E.164 form the API takes). */
export interface PhoneValue {
  countryCode: CountryCode;
  national: string;
  valid: boolean;
  formatted: string;
  e164: string | null;
}

export const emptyPhone = (country: CountryCode = PHONE_DEFAULT_COUNTRY as CountryCode): PhoneValue => ({
  countryCode: country,
  national: '',
  valid: false,
  formatted: '',
  e164: null,
});

/** Builds the phone object from a country and what the user typed. */
export function toPhoneValue(countryCode: CountryCode, national: string): PhoneValue {
  const p = parsePhoneNumberFromString(national, countryCode);
  const valid = !!p && p.isValid();
  return {
    countryCode,
    national,
    valid,
    formatted: valid && p ? p.formatInternational() : national,
    e164: valid && p ? p.number : null,
  };
}

const regionNames = (() => {
  try {
    return new Intl.DisplayNames(['fr'], { type: 'region' });
  } catch {
    return null;
  }
})();

const PRIORITY: CountryCode[] = ['FR', 'BE', 'CH', 'LU', 'MC', 'DE', 'ES', 'IT', 'GB', 'VN'];

interface Props {
  label?: string;
  value: PhoneValue;
  onChange(v: PhoneValue): void;
  error?: string | null;
  required?: boolean;
  disabled?: boolean;
  /** Message reported on blur when the number is not valid (SPEC §5: invalid-format). */
  invalidMessage?: string;
  onErrorChange?(e: string | null): void;
  autoFocus?: boolean;
}

/**
 * Phone input of SPEC §2.22/§5: a country select (FR by default) and the national number,
 * max length 25, placeholder 'Entrer un numéro de téléphone'; emits the E.164 number.
 */
export function PhoneInput({
  label,
  value,
  onChange,
  error,
  required,
  disabled,
  invalidMessage = msg.phoneInvalid,
  onErrorChange,
  autoFocus,
}: Props) {
  const id = useId();
  const [dropUp, setDropUp] = useState(false);
  const countries = useMemo(() => {
    const all = getCountries();
    const item = (c: CountryCode) => ({
      value: c,
      // The closed select shows 'FR +33'; the list shows the French country name too.
      label: `${c} +${getCountryCallingCode(c)}`,
      name: `${regionNames?.of(c) ?? c} (+${getCountryCallingCode(c)})`,
    });
    const rest = all
      .filter((c) => !PRIORITY.includes(c))
      .map(item)
      .sort((a, b) => a.name.localeCompare(b.name, 'fr'));
    return [...PRIORITY.filter((c) => all.includes(c)).map(item), ...rest];
  }, []);
  const names = useMemo(() => new Map(countries.map((c) => [c.value as string, c.name])), [countries]);
  return (
    <Input.Wrapper label={label} required={required} error={error} id={`${id}-number`}>
      <Group gap={6} wrap="nowrap" align="flex-start">
        <Select
          aria-label="Pays"
          data={countries.map(({ value: v, label: l }) => ({ value: v, label: l }))}
          value={value.countryCode}
          searchable
          allowDeselect={false}
          disabled={disabled}
          w={108}
          comboboxProps={{
            position: dropUp ? 'top' : 'bottom',
            width: 280,
            onOpen: () => {
              const el = document.getElementById(`${id}-number`);
              const room = el ? window.innerHeight - el.getBoundingClientRect().bottom : 1000;
              setDropUp(room <= PHONE_DROPDOWN_MIN_ROOM_PX);
            },
          }}
          renderOption={({ option }) => names.get(option.value) ?? option.label}
          filter={({ options, search }) => {
            const q = search.trim().toLowerCase();
            return (options as { value: string; label: string }[]).filter(
              (o) => !q || `${o.label} ${names.get(o.value) ?? ''}`.toLowerCase().includes(q),
            );
          }}
          onChange={(c) => c && onChange(toPhoneValue(c as CountryCode, value.national))}
          error={!!error}
        />
        <TextInput
          id={`${id}-number`}
          style={{ flex: 1 }}
          type="tel"
          inputMode="tel"
          autoComplete="tel-national"
          placeholder={msg.phonePlaceholder}
          maxLength={PHONE_MAX_LENGTH}
          value={value.national}
          disabled={disabled}
          autoFocus={autoFocus}
          error={!!error}
          aria-invalid={!!error}
          onChange={(e) => {
            onChange(toPhoneValue(value.countryCode, e.currentTarget.value));
            if (error) onErrorChange?.(null);
          }}
          onBlur={() => {
            if (value.national.trim() && !value.valid) onErrorChange?.(invalidMessage);
          }}
        />
      </Group>
    </Input.Wrapper>
  );
}
