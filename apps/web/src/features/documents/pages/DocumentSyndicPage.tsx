import { GroupsPage } from '../components/GroupsPage';
import { frDocs as t } from '../fr';
import { useDocRecord, useSyndicDocuments } from '../queries';

/** 'Ceux du syndic' (SPEC §2.7): the syndic's groups with card number and approval date. */
export default function DocumentSyndicPage() {
  const { record, isLoading } = useDocRecord();
  const q = useSyndicDocuments(record?.coproprietes[0]?.syndic_id);
  return <GroupsPage title={t.titles.syndic} recordLoading={isLoading} q={q} />;
}
