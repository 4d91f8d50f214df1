import { Button, Checkbox, Group, NativeSelect, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  type BoardDetail,
  checkSignalementMove,
  SIGNALEMENT_STATUSES,
  SIGNALEMENT_STATUS_LABELS,
  type SignalementStatus,
} from '@tantieme/contract';
import { type FormEvent, type ReactNode, useState } from 'react';
import { confirmModal } from '../../../ui/confirm';
import { apiMessage } from '../../auth/validate';
import { gestionFr } from '../fr';
import { boardFr as t } from '../frBoard';
import {
  useAssignSignalement,
  useCommentSignalement,
  useMergeSignalement,
  useMoveSignalement,
} from '../queriesBoard';

type Props = { coproId: string; d: BoardDetail };

function Fieldset({ legend, children }: { legend: string; children: ReactNode }) {
  return (
    <fieldset style={{ border: '1px solid var(--mantine-color-gray-3)', borderRadius: 8, padding: 12 }}>
      <legend style={{ fontWeight: 600, padding: '0 4px' }}>{legend}</legend>
      <Stack gap="xs">{children}</Stack>
    </fieldset>
  );
}

const failed = (err: unknown) =>
  notifications.show({ color: 'red', message: apiMessage(err, gestionFr.genericError) });
const done = (message: string) => notifications.show({ color: 'teal', message });

/** The statuses a report may move to from its own (rules/signalements.ts), the next ones first. */
const nextOf = (from: SignalementStatus) => {
  const at = SIGNALEMENT_STATUSES.indexOf(from);
  const order = [...SIGNALEMENT_STATUSES.slice(at + 1), ...SIGNALEMENT_STATUSES.slice(0, at + 1)];
  return order.filter(
    (to) => checkSignalementMove(from, to, { planned_on: to === 'PLANIFIE' ? '2000-01-01' : null }).ok,
  );
};

export function MoveForm({ coproId, d }: Props) {
  const move = useMoveSignalement({ coproId, signalementId: d.id });
  const options = nextOf(d.status);
  const [status, setStatus] = useState<SignalementStatus | ''>('');
  const [plannedOn, setPlannedOn] = useState('');
  const [message, setMessage] = useState('');
  const to = status || options[0];
  if (!to) return null;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    move.mutate(
      { status: to, planned_on: to === 'PLANIFIE' ? plannedOn || null : null, message },
      {
        onSuccess: () => {
          setMessage('');
          setStatus('');
          done(t.move.done);
        },
        onError: failed,
      },
    );
  };
  return (
    <form onSubmit={submit}>
      <Fieldset legend={t.move.legend}>
        <NativeSelect
          label={t.move.status}
          value={to}
          onChange={(e) => setStatus(e.currentTarget.value as SignalementStatus)}
          data={options.map((s) => ({ value: s, label: SIGNALEMENT_STATUS_LABELS[s] }))}
        />
        {to === 'PLANIFIE' ? (
          <TextInput
            type="date"
            label={t.move.plannedOn}
            required
            value={plannedOn}
            onChange={(e) => setPlannedOn(e.currentTarget.value)}
          />
        ) : null}
        <Textarea
          label={t.move.message}
          autosize
          minRows={2}
          value={message}
          onChange={(e) => setMessage(e.currentTarget.value)}
        />
        <Group>
          <Button type="submit" loading={move.isPending}>
            {to === 'CLOS' && message ? t.move.close : t.move.submit}
          </Button>
        </Group>
      </Fieldset>
    </form>
  );
}

export function AssignForm({
  coproId,
  d,
  assignable,
}: Props & { assignable: { id: string; name: string }[] }) {
  const assign = useAssignSignalement({ coproId, signalementId: d.id });
  const [staff, setStaff] = useState(d.assignee?.id ?? '');
  const [supplier, setSupplier] = useState(d.supplier ?? '');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    assign.mutate(
      { assignee_id: staff || null, supplier: supplier.trim() || null },
      { onSuccess: () => done(t.assign.done), onError: failed },
    );
  };
  return (
    <form onSubmit={submit}>
      <Fieldset legend={t.assign.legend}>
        <NativeSelect
          label={t.assign.staff}
          value={staff}
          onChange={(e) => setStaff(e.currentTarget.value)}
          data={[
            { value: '', label: t.assign.nobody },
            ...assignable.map((s) => ({ value: s.id, label: s.name })),
          ]}
        />
        <TextInput
          label={t.assign.supplier}
          placeholder={t.assign.supplierPlaceholder}
          maxLength={200}
          value={supplier}
          onChange={(e) => setSupplier(e.currentTarget.value)}
        />
        <Group>
          <Button type="submit" variant="light" loading={assign.isPending}>
            {t.assign.submit}
          </Button>
        </Group>
      </Fieldset>
    </form>
  );
}

export function CommentForm({ coproId, d }: Props) {
  const comment = useCommentSignalement({ coproId, signalementId: d.id });
  const [text, setText] = useState('');
  const [internal, setInternal] = useState(false);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    comment.mutate(
      { text, internal },
      {
        onSuccess: () => {
          setText('');
          done(t.comment.done);
        },
        onError: failed,
      },
    );
  };
  return (
    <form onSubmit={submit}>
      <Fieldset legend={t.comment.legend}>
        <Textarea
          label={t.comment.text}
          required
          autosize
          minRows={2}
          maxLength={4000}
          value={text}
          onChange={(e) => setText(e.currentTarget.value)}
        />
        <Checkbox
          label={t.comment.internal}
          checked={internal}
          onChange={(e) => setInternal(e.currentTarget.checked)}
        />
        <Group>
          <Button type="submit" variant="light" loading={comment.isPending}>
            {internal ? t.comment.submitInternal : t.comment.submitPublic}
          </Button>
        </Group>
      </Fieldset>
    </form>
  );
}

export function MergeForm({ coproId, d }: Props) {
  const merge = useMergeSignalement({ coproId, signalementId: d.id });
  const [into, setInto] = useState('');
  if (d.status === 'CLOS' && d.merge_candidates.length === 0) return null;
  const target = d.merge_candidates.find((c) => c.id === into) ?? d.merge_candidates[0];
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!target) return;
    const ok = await confirmModal({ title: t.merge.confirmTitle, message: t.merge.confirm(target.title) });
    if (ok) merge.mutate({ into: target.id }, { onSuccess: () => done(t.merge.done), onError: failed });
  };
  return (
    <form onSubmit={submit}>
      <Fieldset legend={t.merge.legend}>
        {target ? (
          <>
            <Text size="sm">{t.merge.help}</Text>
            <NativeSelect
              label={t.merge.into}
              value={target.id}
              onChange={(e) => setInto(e.currentTarget.value)}
              data={d.merge_candidates.map((c) => ({ value: c.id, label: c.title }))}
            />
            <Group>
              <Button type="submit" variant="light" color="orange" loading={merge.isPending}>
                {t.merge.submit}
              </Button>
            </Group>
          </>
        ) : (
          <Text size="sm" c="gray.7">
            {t.merge.none}
          </Text>
        )}
      </Fieldset>
    </form>
  );
}
