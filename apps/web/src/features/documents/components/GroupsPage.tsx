import { Stack, Title } from '@mantine/core';
import { ApiError, type DocumentGroup } from '@tantieme/contract';
import type { UseQueryResult } from '@tanstack/react-query';
import { useState } from 'react';
import { FilePreview, type PreviewFile } from '../../../ui/FilePreview';
import { GroupsView } from './GroupsView';
import { Empty, LoadError, Loading } from './PageState';

/** The server refuses what §6 does not let this record see (404): nothing to show. */
const isRefused = (e: unknown) => e instanceof ApiError && e.status === 404;

/** A page of document groups (the copropriété's, the syndic's): its title, states and preview. */
export function GroupsPage({
  title,
  recordLoading,
  q,
}: {
  title: string;
  recordLoading: boolean;
  q: UseQueryResult<DocumentGroup[], unknown>;
}) {
  const [file, setFile] = useState<PreviewFile | null>(null);
  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        {title}
      </Title>
      {recordLoading || q.isLoading ? (
        <Loading />
      ) : isRefused(q.error) ? (
        <Empty />
      ) : q.isError ? (
        <LoadError retry={() => q.refetch()} />
      ) : (
        <GroupsView groups={q.data ?? []} onOpen={setFile} />
      )}
      <FilePreview file={file} onClose={() => setFile(null)} />
    </Stack>
  );
}
