import { Stack, Title } from '@mantine/core';
import { ApiError } from '@tantieme/contract';
import { useState } from 'react';
import { FilePreview, type PreviewFile } from '../../../ui/FilePreview';
import { GroupsView } from '../components/GroupsView';
import { Empty, LoadError, Loading } from '../components/PageState';
import { frDocs as t } from '../fr';
import { useDocRecord, useSyndicDocuments } from '../queries';

/** The server refuses what §6 does not let this record see (404): nothing to show. */
const isRefused = (e: unknown) => e instanceof ApiError && e.status === 404;

/** 'Ceux du syndic' (SPEC §2.7): the syndic's groups with card number and approval date. */
export default function DocumentSyndicPage() {
  const { record, isLoading } = useDocRecord();
  const q = useSyndicDocuments(record?.coproprietes[0]?.syndic_id);
  const [file, setFile] = useState<PreviewFile | null>(null);
  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        {t.titles.syndic}
      </Title>
      {isLoading || q.isLoading ? (
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
