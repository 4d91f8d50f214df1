import { Stack, Title } from '@mantine/core';
import { canSeeSyndicDocuments } from '@tantieme/contract';
import { useState } from 'react';
import { FilePreview, type PreviewFile } from '../../../ui/FilePreview';
import { GroupsView } from '../components/GroupsView';
import { Empty, LoadError, Loading } from '../components/PageState';
import { frDocs as t } from '../fr';
import { useDocRecord, useSyndicDocuments } from '../queries';

/** 'Ceux du syndic' (SPEC §2.7): the syndic's groups with card number and approval date. */
export default function DocumentSyndicPage() {
  const { record, isLoading } = useDocRecord();
  const allowed = !!record && canSeeSyndicDocuments(record);
  const q = useSyndicDocuments(record?.coproprietes[0]?.syndic_id, allowed);
  const [file, setFile] = useState<PreviewFile | null>(null);
  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        {t.titles.syndic}
      </Title>
      {isLoading || (allowed && q.isLoading) ? (
        <Loading />
      ) : !allowed ? (
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
