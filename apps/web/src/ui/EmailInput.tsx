import { Autocomplete } from '@mantine/core';

/** Common French mailbox domains, suggested once the user has typed '@'. */
const DOMAINS = [
  'gmail.com',
  'orange.fr',
  'free.fr',
  'sfr.fr',
  'laposte.net',
  'hotmail.fr',
  'outlook.fr',
  'yahoo.fr',
  'icloud.com',
  'wanadoo.fr',
  'bbox.fr',
];

/** An e-mail field with a suggestion dropdown of domains (SPEC §2.12 "suggestion dropdowns"). */
export function EmailInput({
  label,
  value,
  onChange,
  error,
  required,
}: {
  label: string;
  value: string;
  onChange(v: string): void;
  error?: string;
  required?: boolean;
}) {
  const at = value.indexOf('@');
  const local = at >= 0 ? value.slice(0, at) : value;
  const typed = at >= 0 ? value.slice(at + 1).toLowerCase() : '';
  const data =
    at > 0 && !DOMAINS.includes(typed)
      ? DOMAINS.filter((d) => d.startsWith(typed)).map((d) => `${local}@${d}`)
      : [];
  return (
    <Autocomplete
      label={label}
      type="email"
      autoComplete="email"
      value={value}
      onChange={onChange}
      data={data}
      filter={({ options }) => options}
      limit={6}
      error={error}
      required={required}
    />
  );
}
