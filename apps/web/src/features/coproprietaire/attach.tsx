import { Button, Group, Stack, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import {
  ApiError,
  ATTACH_CODE_LENGTH,
  type CoproprietaireSummary,
  coproprietaireEndpoints,
} from '@tantieme/contract';
import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useId, useRef, useState } from 'react';
import { api } from '../../api';
import { useSwitchCoproprietaire } from '../../app/shell/useSwitchCoproprietaire';
import { alertModal } from '../../ui/confirm';
import { OtpSlots } from '../../ui/OtpSlots';
import { emptySlots } from '../../ui/otp';
import { frCopro } from './fr';
import { coproprietairesKey } from './queries';

const t = frCopro.attach;

/** SPEC §8 attach errors: which text goes under the input (null: shown as a popup instead). */
export function attachErrorText(err: unknown): string | null {
  if (err instanceof ApiError) {
    if (err.code === 'USER_COPROPRIETAIRE_EXISTS') return null;
    if (err.code === 'CODE_NOT_FOUND') return t.codeInvalid;
    const field = err.errors && Object.values(err.errors)[0];
    return field || err.message;
  }
  return err instanceof Error ? err.message : String(err);
}

function AttachForm({
  queryClient,
  onAttached,
  onCancel,
}: {
  queryClient: QueryClient;
  onAttached(id: string): void;
  onCancel(): void;
}) {
  const [slots, setSlots] = useState(() => emptySlots(ATTACH_CODE_LENGTH));
  const [error, setError] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);
  const [focusKey, setFocusKey] = useState(0);
  const submitRef = useRef<HTMLButtonElement>(null);
  const errorId = useId();

  const submit = async () => {
    const code = slots.join('');
    if (code.length < ATTACH_CODE_LENGTH) {
      setError(t.required);
      return;
    }
    setLoading(true);
    setError(null);
    try {
      const { id } = await api.call(coproprietaireEndpoints.attach, { params: { code } });
      await queryClient.invalidateQueries({ queryKey: coproprietairesKey });
      onAttached(id);
    } catch (err) {
      const text = attachErrorText(err);
      if (text === null) void alertModal({ title: t.title, message: t.alreadyMine, okLabel: t.ok });
      else setError(text);
    } finally {
      // SPEC §4: the code is cleared and loading ends on any outcome.
      setSlots(emptySlots(ATTACH_CODE_LENGTH));
      setLoading(false);
      setFocusKey((k) => k + 1);
    }
  };

  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
      noValidate
    >
      <Stack gap="md">
        <Text size="sm">{t.intro}</Text>
        <OtpSlots
          label={t.codeLabel}
          value={slots}
          onChange={(v) => {
            setSlots(v);
            if (error) setError(null);
          }}
          onComplete={() => submitRef.current?.focus()}
          autoFocusKey={focusKey}
          error={!!error}
          disabled={loading}
          describedBy={error ? errorId : undefined}
        />
        {error && (
          <Text id={errorId} c="red" size="sm" role="alert" ta="center">
            {error}
          </Text>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel} disabled={loading}>
            {t.cancel}
          </Button>
          <Button ref={submitRef} type="submit" loading={loading}>
            {t.submit}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/**
 * Opens the 'Rattacher un copropriétaire' dialog (SPEC §2.5). On success the list reloads and
 * the user goes to /{id}/home (through the switching rule, so a disabled record shows its dialog).
 */
export function useAttachDialog(onDone?: () => void) {
  const queryClient = useQueryClient();
  const switchTo = useSwitchCoproprietaire(onDone);
  return () => {
    const modalId = modals.open({
      title: t.title,
      centered: true,
      size: 'auto',
      children: (
        <AttachForm
          queryClient={queryClient}
          onCancel={() => modals.close(modalId)}
          onAttached={(id) => {
            modals.close(modalId);
            const list = queryClient.getQueryData<CoproprietaireSummary[]>(coproprietairesKey);
            const rec = list?.find((r) => r.id === id);
            if (rec) switchTo(rec);
          }}
        />
      ),
    });
  };
}
