import { Button, Group, Stack, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { ConsoleDocument } from '@tantieme/contract';
import { useRef, useState } from 'react';
import { useParams } from 'react-router-dom';
import { apiMessage } from '../../auth/validate';
import { BuildingHeader } from '../components/BuildingHeader';
import { QueryState } from '../components/QueryState';
import { ChecklistPanel } from '../documents/ChecklistPanel';
import { DocumentsTable } from '../documents/DocumentsTable';
import { DropZone } from '../documents/DropZone';
import { documentsFr as t } from '../documents/frDocuments';
import { useBuildingDocuments, useDocumentsSettled, useRemoveDocument } from '../documents/queriesDocuments';
import { canSend, itemsOf, type QueueItem } from '../documents/queue';
import { sendFile } from '../documents/upload';
import { UploadRow } from '../documents/UploadRow';
import { may, useConsoleMe } from '../me';
import { useOwners } from '../queriesPeople';

type Preset = { kind?: string; replaces?: { id: string; name: string } };

/**
 * A building's documents: drop several files, give each its type and readers, follow each
 * upload's progress; the décret 2019-502 list beside, each missing item one click from its upload.
 */
export default function BuildingDocumentsPage() {
  const { coproId = '' } = useParams();
  const me = useConsoleMe();
  const canWrite = may(me.data, 'documents.write');
  const page = useBuildingDocuments(coproId);
  const owners = useOwners(coproId);
  const settled = useDocumentsSettled(coproId);
  const remove = useRemoveDocument(coproId);
  const [items, setItems] = useState<QueueItem[]>([]);
  const input = useRef<HTMLInputElement>(null);
  const preset = useRef<Preset>({});

  const patch = (key: string, p: Partial<QueueItem>) =>
    setItems((all) => all.map((i) => (i.key === key ? { ...i, ...p } : i)));
  const choose = (p: Preset) => {
    preset.current = p;
    input.current?.click();
  };
  const onFiles = (files: File[]) => {
    const p = preset.current;
    preset.current = {};
    setItems((all) => [
      ...all.filter((i) => i.step.kind !== 'done'),
      ...itemsOf(p.replaces ? files.slice(0, 1) : files, p),
    ]);
  };
  const publishAll = async () => {
    const ready = items.filter(canSend);
    await Promise.all(
      ready.map((i) =>
        sendFile(
          coproId,
          i.file,
          {
            audience: i.audience,
            kind: i.audience === 'coproprietaire' ? null : (i.kind as never),
            coproprietaire_id: i.audience === 'coproprietaire' ? i.ownerId : null,
            type: i.audience === 'coproprietaire' ? i.type : null,
            name: i.name.trim(),
            date: i.date,
            replaces: i.replaces?.id ?? null,
          },
          (step) => patch(i.key, { step }),
        ),
      ),
    );
    settled();
  };
  const onDelete = (d: ConsoleDocument) => {
    if (!window.confirm(t.list.confirmDelete(d.name))) return;
    remove.mutate(d.id, {
      onSuccess: () => notifications.show({ color: 'teal', message: t.list.deleted(d.name) }),
      onError: (err) => notifications.show({ color: 'red', message: apiMessage(err) }),
    });
  };
  const sendable = items.filter(canSend).length;
  const choices = {
    owners: (owners.data?.coproprietaires ?? [])
      .filter((o) => o.state !== 'removed' && o.state !== 'anonymised')
      .map((o) => ({ value: o.id, label: o.name })),
    ownTypes: (page.data?.own_types ?? []).map((x) => ({ value: x.code, label: x.name })),
  };

  return (
    <Stack gap="lg" maw={1200}>
      <BuildingHeader coproId={coproId} tab="documents" />
      <QueryState query={page}>
        {(data) => (
          <Stack gap="lg">
            {canWrite ? (
              <Stack gap="sm" component="section" aria-labelledby="upload-title">
                <Title order={2} size="h3" id="upload-title">
                  {t.queue.title}
                </Title>
                <DropZone ref={input} onFiles={onFiles} />
                {items.length ? (
                  <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: 'none' }}>
                    {items.map((i) => (
                      <UploadRow
                        key={i.key}
                        item={i}
                        choices={choices}
                        onChange={(p) =>
                          patch(i.key, {
                            ...p,
                            step:
                              i.step.kind === 'error' && canSend({ ...i, step: { kind: 'ready' } })
                                ? { kind: 'ready' }
                                : i.step,
                          })
                        }
                        onRemove={() => setItems((all) => all.filter((x) => x.key !== i.key))}
                      />
                    ))}
                  </Stack>
                ) : null}
                {items.length ? (
                  // Kept once everything is sent (disabled), so the focus is not lost with it.
                  <Group>
                    <Button onClick={publishAll} disabled={!sendable} data-testid="publish-all">
                      {t.queue.publishAll(sendable || 1)}
                    </Button>
                  </Group>
                ) : null}
              </Stack>
            ) : null}
            <ChecklistPanel
              checklist={data.checklist}
              canWrite={canWrite}
              onAdd={(kind) => choose({ kind })}
            />
            <Stack gap="sm" component="section" aria-labelledby="documents-title">
              <Title order={2} size="h3" id="documents-title">
                {t.list.title}
              </Title>
              <DocumentsTable
                documents={data.documents}
                canWrite={canWrite}
                onReplace={(d) => choose({ replaces: { id: d.id, name: d.name } })}
                onDelete={onDelete}
              />
            </Stack>
          </Stack>
        )}
      </QueryState>
    </Stack>
  );
}
