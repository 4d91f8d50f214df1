import { Input } from '@mantine/core';
import { AUTOFOCUS_DELAY_MS } from '@tantieme/contract';
import { type ClipboardEvent, type KeyboardEvent, useEffect, useRef } from 'react';
import { fillFrom, isComplete, type Slots, typeInto } from './otp';

export interface OtpSlotsProps {
  /** One character (or '') per slot; its length is the number of slots. */
  value: Slots;
  onChange(next: Slots): void;
  /** Called once each time the last empty slot gets filled. */
  onComplete?(code: string): void;
  /** Digits only (SPEC §2.5 numeric mode). */
  numeric?: boolean;
  /** Focus the first empty slot AUTOFOCUS_DELAY_MS after mounting (and whenever this key changes). */
  autoFocusKey?: unknown;
  error?: boolean;
  disabled?: boolean;
  /** Accessible name of the whole group, e.g. 'Code de rattachement'. */
  label: string;
  /** Id of the element describing an error, for screen readers. */
  describedBy?: string;
}

/**
 * One-time-code input of SPEC §2.5: text slots, letters upper-cased, auto-focused after
 * 200 ms, paste truncated to the remaining slots, completion when all slots are filled.
 */
export function OtpSlots({
  value,
  onChange,
  onComplete,
  numeric = false,
  autoFocusKey,
  error,
  disabled,
  label,
  describedBy,
}: OtpSlotsProps) {
  const refs = useRef<(HTMLInputElement | null)[]>([]);
  const length = value.length;

  // biome-ignore lint/correctness/useExhaustiveDependencies: refocus only when the key changes
  useEffect(() => {
    const t = setTimeout(() => {
      const first = value.indexOf('');
      refs.current[first === -1 ? 0 : first]?.focus();
    }, AUTOFOCUS_DELAY_MS);
    return () => clearTimeout(t);
  }, [autoFocusKey]);

  const apply = (next: { slots: Slots; focus: number }) => {
    const wasComplete = isComplete(value);
    onChange(next.slots);
    const el = refs.current[next.focus];
    el?.focus();
    el?.select();
    if (!wasComplete && isComplete(next.slots)) onComplete?.(next.slots.join(''));
  };

  const onKeyDown = (i: number) => (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'Backspace' && value[i] === '' && i > 0) {
      e.preventDefault();
      const next = [...value];
      next[i - 1] = '';
      onChange(next);
      refs.current[i - 1]?.focus();
    } else if (e.key === 'ArrowLeft' && i > 0) {
      e.preventDefault();
      refs.current[i - 1]?.focus();
    } else if (e.key === 'ArrowRight' && i < length - 1) {
      e.preventDefault();
      refs.current[i + 1]?.focus();
    }
  };

  const onPaste = (i: number) => (e: ClipboardEvent<HTMLInputElement>) => {
    e.preventDefault();
    apply(fillFrom(value, i, e.clipboardData.getData('text/plain'), numeric));
  };

  return (
    <div
      role="group"
      aria-label={label}
      aria-describedby={describedBy}
      style={{
        display: 'grid',
        gridTemplateColumns: `repeat(${length}, minmax(0, 44px))`,
        gap: 6,
        justifyContent: 'center',
      }}
    >
      {value.map((ch, i) => (
        <Input
          // biome-ignore lint/suspicious/noArrayIndexKey: slots are positional
          key={i}
          ref={(el: HTMLInputElement | null) => {
            refs.current[i] = el;
          }}
          type="text"
          value={ch}
          inputMode={numeric ? 'numeric' : 'text'}
          autoComplete={i === 0 ? 'one-time-code' : 'off'}
          autoCapitalize="characters"
          autoCorrect="off"
          spellCheck={false}
          aria-label={`Caractère ${i + 1} sur ${length}`}
          aria-invalid={error || undefined}
          error={error}
          disabled={disabled}
          onFocus={(e) => e.currentTarget.select()}
          onChange={(e) => apply(typeInto(value, i, e.currentTarget.value, numeric))}
          onKeyDown={onKeyDown(i)}
          onPaste={onPaste(i)}
          size="lg"
          styles={{
            input: {
              textAlign: 'center',
              paddingInline: 0,
              fontWeight: 600,
              fontFamily: 'ui-monospace, SFMono-Regular, Menlo, monospace',
            },
          }}
        />
      ))}
    </div>
  );
}
