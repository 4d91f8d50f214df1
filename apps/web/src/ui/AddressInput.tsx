import { Autocomplete, Loader, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import {
  ADDRESS_SEARCH_MIN_LENGTH,
  ADDRESS_WIDGET_INIT_DELAY_MS,
  type AddressResult,
  type AddressValue,
  addressEndpoints,
  manualAddress,
} from '@tantieme/contract';
import { useQuery } from '@tanstack/react-query';
import { type KeyboardEvent, useEffect, useRef, useState } from 'react';
import { api } from '../api';

export interface AddressInputProps {
  label: string;
  value: AddressValue | null;
  /** A chosen suggestion with a point, a plain-text address when the search is down, or null. */
  onChange: (value: AddressValue | null) => void;
  placeholder?: string;
  description?: string;
  disabled?: boolean;
  /** Marks the field as required (the form says why when it is left empty). */
  withAsterisk?: boolean;
  /** The form's message when no address is chosen. */
  error?: string;
}

const hasGeometry = (a: AddressResult | undefined): a is AddressResult =>
  !!a && Number.isFinite(a.latitude) && Number.isFinite(a.longitude);

export const addressInputText = {
  placeholder: 'Commencez à saisir une adresse',
  offline: "La recherche d'adresse est indisponible : saisissez l'adresse complète.",
  loading: 'Recherche en cours',
  empty: 'Aucune adresse trouvée',
};

/**
 * Address autocomplete of SPEC §2.22 and §5: set up 500 ms after mounting, French addresses
 * (house numbers) through the server's Base Adresse Nationale proxy, Enter never submits the
 * form, and only a suggestion with a point is accepted (otherwise null is emitted). When the
 * service cannot be reached it degrades to a plain text input.
 */
export function AddressInput({
  label,
  value,
  onChange,
  placeholder,
  description,
  disabled,
  withAsterisk,
  error,
}: AddressInputProps) {
  const [ready, setReady] = useState(false);
  const [text, setText] = useState(value?.full_address ?? '');
  const [offline, setOffline] = useState(false);
  /** Label of the suggestion just chosen (Mantine reports the choice, then the new text). */
  const picked = useRef<string | null>(value?.full_address ?? null);
  const [debounced] = useDebouncedValue(text.trim(), 300);

  useEffect(() => {
    const timer = setTimeout(() => setReady(true), ADDRESS_WIDGET_INIT_DELAY_MS);
    return () => clearTimeout(timer);
  }, []);
  // Follow an address set from outside (prefill); a null value leaves the typed text alone.
  useEffect(() => {
    if (value?.full_address) {
      picked.current = value.full_address;
      setText(value.full_address);
    }
  }, [value?.full_address]);

  const chosen = !!value && value.full_address === debounced;
  const search = useQuery({
    queryKey: ['address-search', debounced],
    enabled: ready && !offline && !chosen && debounced.length >= ADDRESS_SEARCH_MIN_LENGTH,
    queryFn: () => api.call(addressEndpoints.search, { query: { q: debounced } }),
    staleTime: 5 * 60_000,
    retry: false,
  });
  // Unreachable service: become a plain input, keeping what was typed as the address.
  const latest = useRef({ text, onChange });
  latest.current = { text, onChange };
  useEffect(() => {
    if (!search.isError) return;
    setOffline(true);
    latest.current.onChange(manualAddress(latest.current.text));
  }, [search.isError]);

  const suppressEnter = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'Enter') e.preventDefault();
  };

  if (offline) {
    return (
      <TextInput
        label={label}
        placeholder={placeholder ?? addressInputText.placeholder}
        description={addressInputText.offline}
        value={text}
        disabled={disabled}
        withAsterisk={withAsterisk}
        error={error}
        autoComplete="street-address"
        onKeyDown={suppressEnter}
        onChange={(e) => {
          const t = e.currentTarget.value;
          setText(t);
          onChange(manualAddress(t));
        }}
      />
    );
  }

  const results = search.data ?? [];
  return (
    <Autocomplete
      label={label}
      placeholder={placeholder ?? addressInputText.placeholder}
      description={description}
      value={text}
      disabled={disabled}
      withAsterisk={withAsterisk}
      error={error}
      data={[...new Set(results.map((r) => r.full_address))]}
      filter={({ options }) => options}
      limit={10}
      autoComplete="off"
      rightSection={search.isFetching ? <Loader size="xs" aria-label={addressInputText.loading} /> : null}
      onKeyDown={suppressEnter}
      onChange={(t) => {
        setText(t);
        // Typing alone never makes an address: only a chosen place counts.
        if (t !== picked.current) {
          picked.current = null;
          onChange(null);
        }
      }}
      onOptionSubmit={(label) => {
        const place = results.find((r) => r.full_address === label);
        picked.current = label;
        setText(label);
        onChange(hasGeometry(place) ? place : null);
      }}
    />
  );
}
